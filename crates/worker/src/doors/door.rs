//! The front doors a request can come in by besides A2A 0.2.6: each rewrites its request as the
//! 0.2.6 request that does the same, and turns every answer to it back into its own terms.

use crate::doors::front_door::FrontDoor;
use crate::doors::mcp::McpDoor;
use magisterium_core::serve::http::WorkerResponse;
use serde_json::Value;

/// The door a forwarded request came in by.
#[derive(Debug, Clone, PartialEq)]
pub enum Door {
    /// A2A 1.0 (`/api/v1/a2a` with a 1.0 request, or a call of its HTTP+JSON binding below it).
    A2a(FrontDoor),
    /// MCP (`/mcp`, a `tools/call`).
    Mcp(McpDoor),
    /// An MCP request answered before any tool ran (the origin rule, sign-in, the body cap): a
    /// 0.2.6 error becomes MCP's, without an `id` when it has none (MCP allows no null id).
    McpRefusal,
}

impl Door {
    /// The 0.2.6 answer in the door's terms.
    pub fn close(&self, response: WorkerResponse) -> WorkerResponse {
        match self {
            Self::A2a(door) => door.close(response),
            Self::Mcp(door) => door.close(response),
            Self::McpRefusal => without_null_id(response),
        }
    }

    /// A 1.0 JSON-RPC answer (the front door's own refusal) in the door's terms.
    pub fn close_v1(&self, response: WorkerResponse) -> WorkerResponse {
        match self {
            Self::A2a(door) => door.close_own(response),
            _ => response,
        }
    }
}

/// The answer with its `"id": null` member left out.
fn without_null_id(mut response: WorkerResponse) -> WorkerResponse {
    if let Ok(Value::Object(mut body)) = serde_json::from_str::<Value>(&response.body) {
        if body.get("id").is_some_and(Value::is_null) {
            body.remove("id");
            response.body = Value::Object(body).to_string();
        }
    }
    response
}
