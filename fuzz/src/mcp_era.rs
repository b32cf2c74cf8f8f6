//! The invariants of the `mcp_era` fuzz target: MCP's 2026-07-28 request reader
//! (`magisterium_core::mcp::open`, which tells the eras apart and checks `MCP-Protocol-Version`,
//! `Mcp-Method` and `Mcp-Name` against the body) and the Worker's `/mcp` behind it, on any headers
//! and body. The input is `<header lines>\n\n<body>`: each line `name: value` is a request header
//! (an input without a blank line is all body). The worker's native tests include this file
//! (`#[path]`) to replay the corpus and every saved crash on stable.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

/// The fuzzed headers (lower-cased names, trimmed values) and body.
fn split(data: &[u8]) -> (Vec<(String, String)>, &[u8]) {
    let Some(at) = data.windows(2).position(|w| w == b"\n\n") else {
        return (Vec::new(), data);
    };
    let (head, body) = (&data[..at], &data[at + 2..]);
    let headers = String::from_utf8_lossy(head)
        .lines()
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    (headers, body)
}

/// Invariants: no panic; a request is served in 2026-07-28 only when its `MCP-Protocol-Version`
/// and `Mcp-Method` headers say what its body says; every refusal is a JSON-RPC error whose code
/// and HTTP status go together (-32020 and -32022 with 400, -32022 listing the revisions spoken
/// here and the one asked for); through `App::handle` every answer is one JSON-RPC message (or a
/// 202 without a body), a 2026-07-28 result carries `resultType: "complete"` and `serverInfo`, a
/// forward goes only to the configured upstream as a `message/send` of an allowed skill, and
/// nothing carries the secret.
pub fn check_mcp_era(data: &[u8]) {
    use super::proxy_setup::{allowed_skill, echoes_secret, vars, SECRET, UPSTREAM};
    use magisterium_core::ids::SeededRandom;
    use magisterium_core::mcp::{self, Era, Opened};
    use magisterium_core::serve::http::WorkerRequest;
    use magisterium_worker::app::{App, Route};
    use magisterium_worker::settings::Settings;
    use serde_json::Value;

    let (headers, body) = split(data);
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let mut modern = false;
    match mcp::open(body, &headers) {
        Ok(Opened::Accepted) => {}
        Ok(Opened::Request(id, call, era)) => {
            assert!(id.is_string() || id.is_number(), "id {id:?}");
            if era == Era::Modern {
                modern = true;
                assert_eq!(header("mcp-protocol-version"), Some(mcp::MODERN_VERSION));
                assert_eq!(header("mcp-method"), Some(call.method()), "Mcp-Method");
            }
        }
        Err(refused) => {
            let answer: Value = serde_json::from_str(&refused.body).expect("refusal: not JSON");
            let code = answer.pointer("/error/code").and_then(Value::as_i64);
            let status = refused.status;
            match code {
                Some(-32020 | -32022) => assert_eq!(status, 400, "{code:?}"),
                Some(-32700 | -32600 | -32602) => assert!(status == 200 || status == 400),
                other => panic!("refusal code {other:?}"),
            }
            if code == Some(-32022) {
                let data = &answer["error"]["data"];
                assert_eq!(data["supported"][0], mcp::MODERN_VERSION);
                assert!(data["requested"].is_string(), "requested {data}");
            }
        }
    }

    let vars = vars(&[("ALLOWED_SKILLS", "pope_lookup,document_fetch")]);
    let settings = Settings::from_vars(|name| vars.get(name).cloned());
    let mut all = vec![("content-type".to_owned(), "application/json".to_owned())];
    all.extend(headers.iter().filter(|(n, _)| n != "origin").cloned());
    let request = WorkerRequest {
        method: "POST".into(),
        path: "/mcp".into(),
        origin: "https://proxy.example".into(),
        headers: all,
        body: body.to_vec(),
        client_key: "198.51.100.7".into(),
        now_ms: 1_796_083_200_000.0,
        ..Default::default()
    };
    let mut app = App::proxy_only();
    match app.handle(&request, &settings, &mut SeededRandom(7), false) {
        Route::Respond(r) => {
            assert!(
                echoes_secret(data) || !r.body.contains(SECRET),
                "the secret"
            );
            if r.status == 202 {
                assert!(r.body.is_empty(), "a 202 with a body");
                return;
            }
            let answer: Value = serde_json::from_str(&r.body).expect("answer: not JSON");
            assert_eq!(answer.get("jsonrpc").and_then(Value::as_str), Some("2.0"));
            match (answer.get("result"), answer.get("error")) {
                (Some(result), None) if modern => {
                    assert_eq!(result["resultType"], "complete", "{result}");
                    assert!(result["_meta"]["io.modelcontextprotocol/serverInfo"].is_object());
                }
                (Some(result), None) => assert!(result.get("resultType").is_none()),
                (None, Some(error)) => assert!(error["code"].is_i64(), "no code"),
                _ => panic!("neither result nor error"),
            }
        }
        Route::Forward(plan) => {
            assert_eq!(plan.upstream_url, UPSTREAM, "forwarded somewhere else");
            assert_eq!(plan.method, "message/send");
            allowed_skill(&plan, &settings);
        }
        other => panic!("unexpected route {other:?}"),
    }
}
