//! MCP 2026-07-28 beside the handshake era (`magisterium_core::mcp::open`): which era a POST is
//! served in, the header checks (`HeaderMismatch` -32020), `UnsupportedProtocolVersion` (-32022),
//! and the 2026-07-28 results (`server/discover`, `tools/list` with caching hints, tool results
//! with `resultType` and `serverInfo`), each checked against the spec's 2026-07-28 JSON schema
//! (`tests/fixtures/mcp/schema-2026-07-28.json`).

use serde_json::{json, Value};

use crate::common::fixture_json;
use magisterium_core::mcp::{self, result, Call, Era, Opened};
use magisterium_core::Skill;

const MODERN: &str = "2026-07-28";

/// Checks `instance` against `def` of the spec's 2026-07-28 schema.
fn conforms(def: &str, instance: &Value) {
    let mut schema = fixture_json("mcp/schema-2026-07-28.json");
    schema["$ref"] = json!(format!("#/$defs/{def}"));
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{def}: {errors:?}\n{instance:#}");
}

fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": { "name": "t", "version": "1" }
    })
}

/// A 2026-07-28 request body for `method` with `params` (plus the `_meta`), and the headers a
/// client sends with it.
fn modern(method: &str, mut params: Value) -> (Vec<u8>, Vec<(String, String)>) {
    params["_meta"] = meta();
    let mut headers = vec![
        ("mcp-protocol-version".to_owned(), MODERN.to_owned()),
        ("mcp-method".to_owned(), method.to_owned()),
    ];
    if let Some(name) = params["name"].as_str() {
        headers.push(("mcp-name".to_owned(), name.to_owned()));
    }
    let body = json!({ "jsonrpc": "2.0", "id": 9, "method": method, "params": params });
    (body.to_string().into_bytes(), headers)
}

fn opened(body: &[u8], headers: &[(String, String)]) -> (Call, Era) {
    match mcp::open(body, headers) {
        Ok(Opened::Request(id, call, era)) => {
            assert_eq!(id, 9);
            (call, era)
        }
        other => panic!("not a request: {other:?}"),
    }
}

/// A refusal: (HTTP status, the error body), the body checked against the schema.
fn refused(body: &[u8], headers: &[(String, String)]) -> (u16, Value) {
    let response = mcp::open(body, headers).unwrap_err();
    let parsed: Value = serde_json::from_str(&response.body).unwrap();
    conforms("JSONRPCErrorResponse", &parsed);
    (response.status, parsed["error"].clone())
}

fn without(headers: &[(String, String)], name: &str) -> Vec<(String, String)> {
    headers.iter().filter(|(n, _)| n != name).cloned().collect()
}

fn with(headers: &[(String, String)], name: &str, value: &str) -> Vec<(String, String)> {
    let mut changed = without(headers, name);
    changed.push((name.to_owned(), value.to_owned()));
    changed
}

#[test]
fn the_era_is_chosen_the_way_the_spec_says() {
    // 2026-07-28: the revision in `_meta`, headers matching.
    let (body, headers) = modern("tools/list", json!({}));
    assert_eq!(opened(&body, &headers), (Call::ListTools, Era::Modern));
    let (body, headers) = modern("server/discover", json!({}));
    assert_eq!(opened(&body, &headers), (Call::Discover, Era::Modern));
    // `initialize` selects the handshake era, whatever revision it asks for or headers it has.
    let init = json!({ "jsonrpc": "2.0", "id": 9, "method": "initialize", "params": { "protocolVersion": MODERN } });
    let (call, era) = opened(init.to_string().as_bytes(), &headers);
    assert_eq!(
        (call, era),
        (Call::Initialize(Some(MODERN.into())), Era::Legacy)
    );
    // No `_meta` revision: the handshake era, with or without its header.
    let list = json!({ "jsonrpc": "2.0", "id": 9, "method": "tools/list" }).to_string();
    for header in [None, Some("2025-11-25"), Some("2025-06-18")] {
        let headers: Vec<_> = header
            .map(|h| ("mcp-protocol-version".to_owned(), h.to_owned()))
            .into_iter()
            .collect();
        assert_eq!(
            opened(list.as_bytes(), &headers),
            (Call::ListTools, Era::Legacy)
        );
    }
    // A handshake-era header this endpoint does not speak: HTTP 400, as before.
    let old = [("mcp-protocol-version".to_owned(), "2024-11-05".to_owned())];
    let (status, error) = refused(list.as_bytes(), &old);
    assert_eq!((status, error["code"].as_i64()), (400, Some(-32600)));
    // The 2026-07-28 header without the `_meta` it requires: a modern error, so a 2026-07-28
    // client corrects its request instead of falling back to `initialize`.
    let new = [("mcp-protocol-version".to_owned(), MODERN.to_owned())];
    let (status, error) = refused(list.as_bytes(), &new);
    assert_eq!((status, error["code"].as_i64()), (400, Some(-32020)));
    // Notifications and responses are accepted in either era.
    let note = json!({ "jsonrpc": "2.0", "method": "notifications/cancelled" }).to_string();
    assert_eq!(mcp::open(note.as_bytes(), &new), Ok(Opened::Accepted));
}

#[test]
fn headers_are_checked_against_the_body() {
    let (body, headers) = modern(
        "tools/call",
        json!({ "name": "pope_lookup", "arguments": { "query": "Leo" } }),
    );
    assert!(matches!(
        opened(&body, &headers),
        (Call::CallTool(..), Era::Modern)
    ));
    let cases = [
        (
            without(&headers, "mcp-protocol-version"),
            "MCP-Protocol-Version",
        ),
        (
            with(&headers, "mcp-protocol-version", "2025-11-25"),
            "MCP-Protocol-Version",
        ),
        (without(&headers, "mcp-method"), "Mcp-Method"),
        (with(&headers, "mcp-method", "tools/list"), "Mcp-Method"),
        (with(&headers, "mcp-method", "TOOLS/CALL"), "Mcp-Method"),
        (without(&headers, "mcp-name"), "Mcp-Name"),
        (with(&headers, "mcp-name", "saint_lookup"), "Mcp-Name"),
        (
            with(&headers, "mcp-name", "=?base64?not base64?="),
            "Mcp-Name",
        ),
    ];
    for (headers, named) in cases {
        let (status, error) = refused(&body, &headers);
        assert_eq!(
            (status, error["code"].as_i64()),
            (400, Some(-32020)),
            "{headers:?}"
        );
        assert!(
            error["message"].as_str().unwrap().contains(named),
            "{error}"
        );
    }
    // `Mcp-Name` in the spec's Base64 sentinel is decoded before it is compared.
    let encoded = with(&headers, "mcp-name", "=?base64?cG9wZV9sb29rdXA=?=");
    assert!(matches!(
        opened(&body, &encoded),
        (Call::CallTool(..), Era::Modern)
    ));
    // A name that is not header-safe travels encoded: "papa_ñ".
    let (body, headers) = modern("tools/call", json!({ "name": "papa_ñ", "arguments": {} }));
    let encoded = with(&headers, "mcp-name", "=?base64?cGFwYV/DsQ==?=");
    assert!(matches!(
        opened(&body, &encoded),
        (Call::CallTool(..), Era::Modern)
    ));
}

#[test]
fn a_revision_not_spoken_here_is_refused_with_the_list() {
    for requested in ["2027-01-01", "1900-01-01", ""] {
        let (mut body, mut headers) = modern("tools/list", json!({}));
        let text = String::from_utf8(body).unwrap().replace(MODERN, requested);
        body = text.into_bytes();
        headers = with(&headers, "mcp-protocol-version", requested);
        let (status, error) = refused(&body, &headers);
        assert_eq!((status, error["code"].as_i64()), (400, Some(-32022)));
        assert_eq!(
            error["data"],
            json!({ "supported": ["2026-07-28", "2025-11-25", "2025-06-18"], "requested": requested })
        );
    }
    // The `_meta` fields 2026-07-28 requires, of the wrong type: -32602.
    for (key, bad) in [
        ("io.modelcontextprotocol/protocolVersion", json!(20260728)),
        ("io.modelcontextprotocol/clientCapabilities", json!("all")),
    ] {
        let mut params = json!({ "_meta": meta() });
        params["_meta"][key] = bad;
        let body = json!({ "jsonrpc": "2.0", "id": 9, "method": "tools/list", "params": params });
        let (_, headers) = modern("tools/list", json!({}));
        let (status, error) = refused(body.to_string().as_bytes(), &headers);
        assert_eq!(
            (status, error["code"].as_i64()),
            (400, Some(-32602)),
            "{key}"
        );
    }
}

#[test]
fn results_of_2026_07_28_carry_what_the_revision_requires() {
    let discover = mcp::discover_result();
    conforms("DiscoverResult", &discover);
    assert_eq!(discover["supportedVersions"], json!(mcp::VERSIONS));
    assert_eq!(discover["resultType"], "complete");
    assert_eq!(
        discover["capabilities"],
        json!({ "tools": { "listChanged": false } })
    );
    assert_eq!(
        discover["_meta"]["io.modelcontextprotocol/serverInfo"]["version"],
        env!("CARGO_PKG_VERSION")
    );
    let list = mcp::list_result(&Skill::ALL, false, Era::Modern);
    conforms("ListToolsResult", &list);
    assert_eq!(
        (list["ttlMs"].as_u64(), list["cacheScope"].as_str()),
        (Some(3_600_000), Some("public"))
    );
    assert_eq!(list["resultType"], "complete");
    // The same order every time, the table's; the handshake era's list has none of it.
    assert_eq!(
        list["tools"],
        mcp::list_result(&Skill::ALL, false, Era::Legacy)["tools"]
    );
    assert!(mcp::list_result(&Skill::ALL, false, Era::Legacy)
        .get("ttlMs")
        .is_none());
    // Tool results: a document (written from its one text) and the others.
    for (skill, fixture) in [
        (Skill::DocumentFetch, "document"),
        (Skill::PopeLookup, "lookup_pope"),
        (Skill::DocumentFetch, "document_not_found"),
        (Skill::PopeLookup, "error_rate_limited"),
    ] {
        let a2a = fixture_json(&format!("responses/{fixture}.json"));
        for era in [Era::Modern, Era::Legacy] {
            let answer = result::tool_answer(skill, "the input", a2a.clone(), None).in_era(era);
            let written: Value = serde_json::from_str(&answer.to_json()).unwrap();
            let result = &written["result"];
            match era {
                Era::Modern => {
                    conforms("CallToolResult", result);
                    assert_eq!(result["resultType"], "complete", "{fixture}");
                    assert!(result["_meta"]["io.modelcontextprotocol/serverInfo"].is_object());
                }
                Era::Legacy => assert!(result.get("resultType").is_none(), "{fixture}"),
            }
        }
    }
    // An error stays an error, without a result.
    let refused = fixture_json("responses/error_invalid_params.json");
    let answer = result::tool_answer(Skill::PopeLookup, "x", refused, None).in_era(Era::Modern);
    let written: Value = serde_json::from_str(&answer.to_json()).unwrap();
    assert!(written.get("result").is_none() && written["error"].is_object());
}
