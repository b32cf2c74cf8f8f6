//! Memory through the doors (issue 37, defect 7): the heap an answer takes on its way out, counted
//! by dhat's allocator. A document of [`DOC`] bytes comes back from the upstream; the
//! app's `finish_answer` turns it into the client's answer through each door. The peak of live
//! heap while it does (the upstream's bytes included) stays within three times the upstream
//! answer's size, so 8 answers of 16 MiB cannot take a 128 MB isolate down. Its own binary (one
//! test, one thread): nothing else allocates while it counts.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use magisterium_core::serve::http::WorkerRequest;
use magisterium_worker::app::{App, Route};
use magisterium_worker::proxy::ForwardPlan;
use magisterium_worker::settings::Settings;
use magisterium_worker::upstream::UpstreamOutcome;
use serde_json::{json, Value};

#[path = "common/proxy.rs"]
mod proxy;

// dhat's allocator counts the live heap and its peak while a profiler runs (the crate forbids
// `unsafe`, so a counting allocator of our own cannot be written here).
#[global_allocator]
static HEAP: dhat::Alloc = dhat::Alloc;

/// The document's size: large enough that the envelope and the test's own bookkeeping vanish.
const DOC: usize = 4 * 1024 * 1024;
/// What an answer may take besides copies of the document: the envelope, the tool's other fields.
const SLACK: usize = 256 * 1024;

/// The proxy's settings (the worker tests' own), with answers up to 32 MiB read and no cache.
fn settings() -> Settings {
    proxy::settings(&[
        ("UPSTREAM_URL", "http://127.0.0.1:18900/big"),
        ("CACHE_DOCUMENTS", "off"),
        ("MAX_UPSTREAM_BYTES", "33554432"),
    ])
}

/// A JSON POST of `body` to `path` (the worker tests' own request, another path).
fn request(path: &str, headers: &[(&str, &str)], body: &Value) -> WorkerRequest {
    let mut request = proxy::post(&body.to_string(), headers);
    request.path = path.into();
    request
}

/// The upstream's answer to `id`: a found document whose text is `DOC` bytes (as the fault
/// server's `/big` writes it).
fn document(id: &Value) -> Vec<u8> {
    let head = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"result":{{"kind":"task","id":"t","contextId":"c","status":{{"state":"completed"}},"artifacts":[{{"artifactId":"a","name":"document","parts":[{{"kind":"text","text":""#
    );
    let tail =
        r#""},{"kind":"data","data":{"id":"big","title":"Big","author":"A","ref":"R"}}]}]}}"#;
    let mut body = Vec::with_capacity(head.len() + DOC + tail.len());
    body.extend_from_slice(head.as_bytes());
    body.resize(head.len() + DOC, b'x');
    body.extend_from_slice(tail.as_bytes());
    body
}

/// The peak of live heap, above what was live before, while the upstream's answer to `req` is
/// made and turned into the client's answer; and that answer.
fn peak_through(req: &WorkerRequest) -> (usize, u16, String) {
    let s = settings();
    let mut app = App::new();
    let mut random = magisterium_core::ids::SeededRandom(7);
    let plan: ForwardPlan = match app.handle(req, &s, &mut random, false) {
        Route::Forward(plan) => plan,
        other => panic!("expected an upstream call, got {other:?}"),
    };
    // Counting starts here: the plan and the app are already built.
    let profiler = dhat::Profiler::builder().testing().build();
    let outcome = UpstreamOutcome::Answer {
        status: 200,
        headers: vec![],
        body: document(&plan.rpc_id),
    };
    let finished = app.finish_answer(&plan, outcome, &s);
    let peak = dhat::HeapStats::get().max_bytes;
    drop(profiler);
    let (response, _) = finished.into_parts();
    (peak, response.status, response.body)
}

#[test]
fn an_answer_through_any_door_takes_at_most_three_times_its_size() {
    let data = json!({ "id": "doc-1" });
    let doors = [
        (
            "A2A 0.2.6",
            request(
                "/api/v1/a2a",
                &[],
                &json!({ "jsonrpc": "2.0", "id": 1, "method": "message/send", "params": { "message": {
                    "kind": "message", "role": "user", "messageId": "m-1",
                    "parts": [{ "kind": "data", "data": data }], "metadata": { "skillId": "document_fetch" } } } }),
            ),
        ),
        (
            "A2A 1.0",
            request(
                "/api/v1/a2a",
                &[("a2a-version", "1.0")],
                &json!({ "jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": { "message": {
                    "messageId": "m-1", "role": "ROLE_USER",
                    "parts": [{ "data": data }], "metadata": { "skillId": "document_fetch" } } } }),
            ),
        ),
        (
            "MCP",
            request(
                "/mcp",
                &[("mcp-protocol-version", "2025-06-18")],
                &json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call",
                    "params": { "name": "document_fetch", "arguments": data } }),
            ),
        ),
    ];
    let mut peaks: Vec<(&str, usize)> = Vec::new();
    for (door, req) in &doors {
        let (peak, status, body) = peak_through(req);
        assert_eq!(status, 200, "{door}");
        let answer: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
        // The whole document is in the answer.
        let text = match *door {
            "A2A 1.0" => &answer["result"]["task"]["artifacts"][0]["parts"][0]["text"],
            "MCP" => &answer["result"]["structuredContent"]["text"],
            _ => &answer["result"]["artifacts"][0]["parts"][0]["text"],
        };
        let len = text.as_str().map(str::len);
        assert_eq!(len, Some(DOC), "{door}: {body:.300}");
        peaks.push((*door, peak));
    }
    let shown: Vec<String> = peaks
        .iter()
        .map(|(door, peak)| format!("{door}: {:.2}× ({peak} bytes)", *peak as f64 / DOC as f64))
        .collect();
    assert!(
        peaks.iter().all(|(_, peak)| *peak <= 3 * DOC + SLACK),
        "an answer of {DOC} bytes took over 3 × its size of heap at its peak: {shown:?}"
    );
}
