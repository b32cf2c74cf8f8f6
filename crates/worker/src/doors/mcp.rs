//! The MCP front door at `/mcp` (proxy and demo alike): MCP clients reach Magisterium's skills as
//! tools over Streamable HTTP, one JSON-RPC message per POST, one JSON answer, no stream (a GET
//! gets 405). Both eras on the one endpoint: 2026-07-28 (stateless, the revision in each
//! request's `_meta`) and the handshake era (2025-11-25, 2025-06-18), told apart by the core's
//! [`mcp::open`]. `initialize`, `ping`, `server/discover` and `tools/list` are answered here; a
//! `tools/call` is rewritten as the A2A 0.2.6 `message/send` the A2A path makes and routed like
//! one (allow-lists, caps, per-visitor limits, the account's budget, CORS, logging: unchanged),
//! and its answer comes back through [`McpDoor::close`] as a `CallToolResult` (in ChatGPT's
//! shape for its `search` and `fetch`). The protocol is the core's
//! (`magisterium_core::mcp`); this file only moves requests and answers.

use serde_json::{json, Value};

use crate::settings::Settings;
use magisterium_core::ids::{uuid_v4, Random};
use magisterium_core::mcp::{self, result, tools, Call, Era};
use magisterium_core::serve::http::{code, path, WorkerRequest, WorkerResponse};
use magisterium_core::Skill;

/// Turns the A2A answers to a `tools/call` into MCP's.
#[derive(Debug, Clone, PartialEq)]
pub struct McpDoor {
    skill: Skill,
    input: String,
    era: Era,
    /// Called as ChatGPT's `search` or `fetch`: answered in their shape.
    chatgpt: bool,
}

impl McpDoor {
    /// The `tools/call` answer for the 0.2.6 answer `response` (the upstream's, the stand-in's or
    /// the proxy's own refusal): HTTP 200 with a `CallToolResult`, or the JSON-RPC error of a
    /// misused protocol. A body that is not JSON is left as it is. The answer is read once and
    /// its text dropped before the MCP answer is written (a document's text moves into it).
    pub fn close(&self, mut response: WorkerResponse) -> WorkerResponse {
        let Ok(answer) = serde_json::from_str::<Value>(&response.body) else {
            return response;
        };
        response.body = String::new();
        let body = result::tool_answer(
            self.skill,
            &self.input,
            answer,
            response.header("retry-after"),
        );
        let body = if self.chatgpt {
            mcp::chatgpt::reshape(body)
        } else {
            body
        }
        .in_era(self.era);
        WorkerResponse {
            status: 200,
            body: body.to_json(),
            ..response
        }
    }
}

/// What [`open`] made of a request to `/mcp`.
#[derive(Debug)]
pub enum Opened {
    /// Answer with this now; nothing goes upstream.
    Answer(WorkerResponse),
    /// Route this 0.2.6 `message/send` (path `/api/v1/a2a`) and close its answers with the door.
    Forward(WorkerRequest, McpDoor),
}

/// Reads one request to `/mcp`.
pub fn open(request: &WorkerRequest, settings: &Settings, random: &mut dyn Random) -> Opened {
    if request.method != "POST" {
        let why = "Method not allowed: POST one JSON-RPC message (this server opens no stream)";
        let refused = mcp::error_response(405, &Value::Null, code::INVALID_REQUEST, why);
        return Opened::Answer(refused.with_header("allow", "POST"));
    }
    let (id, call, era) = match mcp::open(&request.body, &request.headers) {
        Ok(mcp::Opened::Accepted) => {
            return Opened::Answer(WorkerResponse {
                status: 202,
                headers: Vec::new(),
                body: String::new(),
            })
        }
        Ok(mcp::Opened::Request(id, call, era)) => (id, call, era),
        Err(refused) => return Opened::Answer(refused),
    };
    let offered = (
        settings.allowed_skills.as_slice(),
        settings.mcp_search_fetch,
    );
    let result = match call {
        Call::Initialize(version) => mcp::initialize_result(version.as_deref()),
        Call::Ping if era == Era::Legacy => json!({}),
        Call::Discover if era == Era::Modern => mcp::discover_result(),
        Call::ListTools => mcp::list_result(offered.0, offered.1, era),
        Call::CallTool(name, arguments) => {
            match tools::call_params(&name, &arguments, offered, &uuid_v4(random)) {
                Err(fault) => return Opened::Answer(fault.into_response(&id)),
                Ok((skill, input, params)) => {
                    let body = json!({ "jsonrpc": "2.0", "id": id, "method": "message/send", "params": params });
                    let rewritten = WorkerRequest {
                        path: path::RPC.to_owned(),
                        body: body.to_string().into_bytes(),
                        ..request.clone()
                    };
                    let chatgpt = tools::is_chatgpt(&name);
                    let door = McpDoor {
                        skill,
                        input,
                        era,
                        chatgpt,
                    };
                    return Opened::Forward(rewritten, door);
                }
            }
        }
        // 2026-07-28 answers a method it does not serve with HTTP 404 (its body tells a
        // 2026-07-28 client this is no legacy HTTP+SSE server); the handshake era with 200.
        Call::Ping | Call::Discover | Call::Other(_) => {
            let status = if era == Era::Modern { 404 } else { 200 };
            return Opened::Answer(mcp::error_response(
                status,
                &id,
                code::METHOD_NOT_FOUND,
                "Method not found",
            ));
        }
    };
    Opened::Answer(WorkerResponse::json(200, &mcp::success(&id, result)))
}
