//! The document cache natively: what a found document leaves in the cache (the document, under
//! its own id, nothing of the caller who fetched it) and the answer each later caller gets from it
//! (its own ids, the same document as the upstream's answer reads).

use crate::common;

use common::proxy::{post, route, settings};
use magisterium_core::ids::SeededRandom;
use magisterium_core::results::{decode_skill, SkillAnswer};
use magisterium_core::serve::http::WorkerResponse;
use magisterium_core::Skill;
use magisterium_worker::app::{App, Route};
use magisterium_worker::cache::keys::key;
use magisterium_worker::cache::Mark;
use magisterium_worker::proxy::ForwardPlan;
use magisterium_worker::settings::Settings;
use magisterium_worker::upstream::UpstreamOutcome;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};

/// One caller's `document_fetch`: its JSON-RPC id, its message's ids, these parts.
fn fetch(rpc_id: Value, message_id: &str, context_id: &str, parts: Value) -> String {
    json!({"jsonrpc": "2.0", "id": rpc_id, "method": "message/send", "params": {"message": {
        "role": "user", "kind": "message", "messageId": message_id, "contextId": context_id,
        "parts": parts, "metadata": {"skillId": "document_fetch"}}}})
    .to_string()
}

/// What the app does with `body`.
fn routed(app: &mut App, s: &Settings, body: &str) -> Route {
    route(app, s, &post(body, &[]))
}

/// The upstream call planned for `body`.
fn plan_of(app: &mut App, s: &Settings, body: &str) -> ForwardPlan {
    match routed(app, s, body) {
        Route::Forward(plan) => plan,
        other => panic!("expected an upstream call, got {other:?}"),
    }
}

/// The upstream's answer to request `rpc_id`: document `doc_id` in a Task of the caller's ids,
/// with the caller's message in `history` and the account's metadata, as the service gives it.
fn upstream_answer(rpc_id: &Value, doc_id: &str, message_id: &str, context_id: &str) -> Vec<u8> {
    json!({"jsonrpc": "2.0", "id": rpc_id, "result": {
        "kind": "task", "id": "task-of-alice", "contextId": context_id,
        "status": {"state": "completed", "timestamp": "2026-11-30T12:00:00.000Z"},
        "artifacts": [{"artifactId": "art_alice", "name": "document", "parts": [
            {"kind": "text", "text": format!("The text of {doc_id} — \"quoted\"\n")},
            {"kind": "data", "data": {"id": doc_id, "title": "T", "author": "A", "ref": "R"}}]}],
        "history": [
            {"role": "user", "kind": "message", "messageId": message_id, "contextId": context_id,
             "taskId": "task-of-alice", "parts": [{"kind": "data", "data": {"id": doc_id}}]},
            {"role": "agent", "kind": "message", "messageId": "agent-msg-of-alice",
             "contextId": context_id, "taskId": "task-of-alice", "parts": []}],
        "metadata": {"account": "alice@example.com"}}})
    .to_string()
    .into_bytes()
}

/// The client's answer and the cache entry after `body` came back for `plan`.
fn finish(app: &App, s: &Settings, plan: &ForwardPlan, body: Vec<u8>) -> (Value, Option<String>) {
    let outcome = UpstreamOutcome::Answer {
        status: 200,
        headers: vec![],
        body,
    };
    let (response, entry) = app.finish_answer(plan, outcome, s).into_parts();
    (
        serde_json::from_str(&response.body).unwrap_or(Value::Null),
        entry,
    )
}

/// The answer from the cache `entry` for `plan`; `None` when the entry is not used (a miss).
fn hit(app: &App, s: &Settings, plan: &ForwardPlan, entry: &str) -> Option<WorkerResponse> {
    static SEED: AtomicU64 = AtomicU64::new(3);
    let mut random = SeededRandom(SEED.fetch_add(1, Ordering::Relaxed));
    app.from_cache(plan, entry, Mark::Hit, s, &mut random)
}

/// The document the SDK's decoder reads in an answer: (id, title, author, ref, text).
fn document(answer: &Value) -> Option<(String, String, String, String, String)> {
    match decode_skill(Skill::DocumentFetch, &&answer["result"]) {
        Ok(SkillAnswer::Document(Some(d))) => Some((
            d.id,
            d.title,
            d.author,
            d.reference,
            d.text.text().into_owned(),
        )),
        _ => None,
    }
}

#[test]
fn a_cached_document_never_carries_another_callers_ids() {
    let s = settings(&[]);
    let mut app = App::new();
    let parts = json!([{"kind": "data", "data": {"id": "rerum-novarum"}}]);
    let alice = plan_of(
        &mut app,
        &s,
        &fetch(json!(9), "msg-of-alice", "ctx-of-alice", parts.clone()),
    );
    let upstream = upstream_answer(&json!(9), "rerum-novarum", "msg-of-alice", "ctx-of-alice");
    let (first, entry) = finish(&app, &s, &alice, upstream);
    let entry = entry.expect("a found document is cached");
    for private in [
        "msg-of-alice",
        "ctx-of-alice",
        "task-of-alice",
        "art_alice",
        "agent-msg-of-alice",
        "alice@example.com",
    ] {
        assert!(!entry.contains(private), "the entry holds {private}");
    }
    let bob = plan_of(
        &mut app,
        &s,
        &fetch(json!("b-1"), "msg-of-bob", "ctx-of-bob", parts),
    );
    let answer = hit(&app, &s, &bob, &entry).expect("the entry answers bob");
    assert_eq!(answer.header("x-magisterium-cache"), Some("hit"));
    assert!(!answer.body.contains("alice"), "{}", answer.body);
    let second: Value = serde_json::from_str(&answer.body).unwrap_or(Value::Null);
    assert_eq!(second["id"], "b-1");
    let task = &second["result"];
    assert_eq!(task["kind"], "task");
    assert_eq!(task["contextId"], "ctx-of-bob");
    assert_eq!(task["status"]["state"], "completed");
    assert!(task["id"].as_str().is_some_and(|id| !id.is_empty()));
    assert_eq!(task["history"][0]["messageId"], "msg-of-bob");
    assert_eq!(task["history"][0]["contextId"], "ctx-of-bob");
    assert_eq!(task["history"][0]["taskId"], task["id"]);
    // The cache's marker, never the first caller's metadata.
    assert_eq!(task["metadata"], json!({"cache": "hit"}));
    // The same document as the upstream's answer, read by the SDK's own decoder.
    assert!(document(&first).is_some());
    assert_eq!(document(&second), document(&first));
    // A third caller gets another fresh task id, not bob's.
    let carol = plan_of(
        &mut app,
        &s,
        &fetch(
            json!(3),
            "msg-of-carol",
            "ctx-of-carol",
            json!([{"kind": "text", "text": "rerum-novarum"}]),
        ),
    );
    let third = hit(&app, &s, &carol, &entry).expect("the entry answers carol");
    let third: Value = serde_json::from_str(&third.body).unwrap_or(Value::Null);
    assert_eq!(third["result"]["contextId"], "ctx-of-carol");
    assert_ne!(third["result"]["id"], task["id"]);
}

#[test]
fn a_document_is_cached_only_under_its_own_id() {
    let s = settings(&[]);
    let mut app = App::new();
    // The upstream answers document Y to requests for X (it read another part, or renamed it).
    for parts in [
        json!([{"kind": "data", "data": {"id": "X"}}]),
        json!([{"kind": "text", "text": "X"}, {"kind": "data", "data": {"id": "X"}}]),
    ] {
        let plan = plan_of(&mut app, &s, &fetch(json!(9), "m", "c", parts.clone()));
        let (answer, entry) = finish(&app, &s, &plan, upstream_answer(&json!(9), "Y", "m", "c"));
        assert_eq!(answer["result"]["kind"], "task", "the answer still passes");
        assert_eq!(
            entry, None,
            "document Y must not be cached under X: {parts}"
        );
    }
    // The cached document is the requested one.
    let plan = plan_of(
        &mut app,
        &s,
        &fetch(
            json!(9),
            "m",
            "c",
            json!([{"kind": "data", "data": {"id": " X "}}]),
        ),
    );
    assert_eq!(
        plan.cache.as_ref().map(|c| c.key.as_str()),
        Some(key(Skill::DocumentFetch, "X").as_str())
    );
    let (_, entry) = finish(&app, &s, &plan, upstream_answer(&json!(9), "X", "m", "c"));
    let entry = entry.expect("document X is cached under X");
    let answer = hit(&app, &s, &plan, &entry).expect("a hit");
    let answer: Value = serde_json::from_str(&answer.body).unwrap_or(Value::Null);
    assert_eq!(document(&answer).map(|d| d.0), Some("X".to_owned()));
}

#[test]
fn an_entry_is_never_replayed_for_another_id_or_from_the_old_format() {
    let s = settings(&[]);
    let mut app = App::new();
    let data = |id: &str| json!([{"kind": "data", "data": {"id": id}}]);
    let for_y = plan_of(&mut app, &s, &fetch(json!(1), "m", "c", data("Y")));
    let (_, entry_y) = finish(&app, &s, &for_y, upstream_answer(&json!(1), "Y", "m", "c"));
    let entry_y = entry_y.expect("document Y is cached");
    let for_x = plan_of(&mut app, &s, &fetch(json!(2), "m2", "c2", data("X")));
    let replayed = hit(&app, &s, &for_x, &entry_y).map(|r| r.body);
    let replayed: Option<Value> = replayed.and_then(|b| serde_json::from_str(&b).ok());
    assert_eq!(
        replayed.as_ref().and_then(document).map(|d| d.0),
        None,
        "document Y answered a request for X"
    );
    // A whole Task stored by the old format is no entry: a miss, never another caller's Task.
    let old = r#"{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"artifactId":"a","name":"document","parts":[{"kind":"text","text":"Body"},{"kind":"data","data":{"id":"X","title":"T","author":"A","ref":"R"}}]}]}"#;
    assert!(
        hit(&app, &s, &for_x, old).is_none(),
        "an old entry replayed"
    );
    assert!(key(Skill::DocumentFetch, "X").contains("/v3/"));
}

#[test]
fn parts_naming_two_document_ids_are_refused_before_any_upstream_call() {
    let s = settings(&[]);
    let mut app = App::new();
    for parts in [
        json!([{"kind": "text", "text": "Y"}, {"kind": "data", "data": {"id": "X"}}]),
        json!([{"kind": "data", "data": {"id": "X"}}, {"kind": "data", "data": {"id": "Y"}}]),
        json!([{"kind": "text", "text": "X"}, {"kind": "text", "text": "Y"}]),
    ] {
        let route = routed(&mut app, &s, &fetch(json!(4), "m", "c", parts.clone()));
        let Route::Respond(refused) = route else {
            panic!("{parts} planned: {route:?}");
        };
        let v: Value = serde_json::from_str(&refused.body).unwrap_or(Value::Null);
        assert_eq!(refused.status, 400, "{parts}");
        assert_eq!(v["id"], 4);
        assert_eq!(v["error"]["code"], -32602);
        let message = v["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("two different document ids"), "{message}");
    }
    // One id named twice (spaces aside) is one document.
    let same =
        json!([{"kind": "text", "text": " X "}, {"kind": "data", "data": {"id": "X", "x": 1}}]);
    let plan = plan_of(&mut app, &s, &fetch(json!(4), "m", "c", same));
    assert_eq!(
        plan.cache.as_ref().map(|c| c.key.as_str()),
        Some(key(Skill::DocumentFetch, "X").as_str())
    );
}

#[test]
fn a_cached_document_reads_the_same_through_every_door() {
    let s = settings(&[]);
    let mut app = App::new();
    let a2a_1_0 = json!({"jsonrpc": "2.0", "id": 3, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "msg-1-0", "contextId": "ctx-1-0",
        "parts": [{"data": {"id": "rerum-novarum"}}], "metadata": {"skillId": "document_fetch"}}}});
    let mut v1 = post(&a2a_1_0.to_string(), &[("a2a-version", "1.0")]);
    v1.path = "/api/v1/a2a".into();
    let mcp = json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
        "params": {"name": "document_fetch", "arguments": {"id": "rerum-novarum"}}});
    let mut via_mcp = post(&mcp.to_string(), &[]);
    via_mcp.path = "/mcp".into();
    for (door, request) in [("1.0", v1), ("mcp", via_mcp)] {
        let Route::Forward(plan) = route(&mut app, &s, &request) else {
            panic!("{door}: expected an upstream call");
        };
        let upstream = upstream_answer(&plan.rpc_id, "rerum-novarum", "m", "c");
        let (first, entry) = finish(&app, &s, &plan, upstream);
        let entry = entry.unwrap_or_else(|| panic!("{door}: the document is cached"));
        let second = hit(&app, &s, &plan, &entry).map(|r| r.body);
        let second: Value = second
            .and_then(|b| serde_json::from_str(&b).ok())
            .unwrap_or(Value::Null);
        assert_eq!(second["id"], first["id"], "{door}");
        if door == "mcp" {
            assert_eq!(second["result"], first["result"], "{door}");
        } else {
            let (task, from_upstream) = (&second["result"]["task"], &first["result"]["task"]);
            assert_eq!(
                task["artifacts"][0]["parts"],
                from_upstream["artifacts"][0]["parts"]
            );
            assert_eq!(task["status"]["state"], "TASK_STATE_COMPLETED");
            assert_eq!(task["contextId"], "ctx-1-0");
            assert_eq!(task["history"][0]["messageId"], "msg-1-0");
        }
    }
}

#[test]
fn an_answer_is_cached_only_where_the_sdk_reads_the_same_document_from_the_hit() {
    let s = settings(&[]);
    let mut app = App::new();
    let text = |t: &str| json!({"kind": "text", "text": t});
    let data = |d: Value| json!({"kind": "data", "data": d});
    let full = json!({"id": "X", "title": "T", "author": "A", "ref": "R"});
    let artifact = |parts: Value| json!({"artifactId": "a", "name": "document", "parts": parts});
    // Shapes the service is not promised to give: each is either left uncached, or read the same.
    let odd = [
        vec![artifact(json!([text("Body"), data(full.clone())]))],
        vec![
            json!({"artifactId": "b", "name": "notes", "parts": [text("Other")]}),
            artifact(json!([text("Body"), data(full.clone())])),
        ],
        vec![artifact(json!([data(full.clone()), text("Body")]))],
        vec![artifact(json!([
            text("Body"),
            text("More"),
            data(full.clone())
        ]))],
        vec![artifact(json!([{"text": "Body"}, {"data": full.clone()}]))],
        vec![artifact(json!([
            text("Body"),
            data(json!({"id": "X", "title": 7}))
        ]))],
        vec![artifact(json!([
            json!({"kind": "text", "text": 12}),
            data(full.clone())
        ]))],
        vec![artifact(json!([
            text("Body"),
            data(json!({"id": "X", "title": "T", "author": "A", "ref": "R", "url": "u"}))
        ]))],
    ];
    let plan = plan_of(
        &mut app,
        &s,
        &fetch(
            json!(9),
            "m",
            "c",
            json!([{"kind": "data", "data": {"id": "X"}}]),
        ),
    );
    let mut cached = 0;
    for artifacts in odd {
        let body = json!({"jsonrpc": "2.0", "id": 9, "result": {"kind": "task", "id": "t",
            "contextId": "c", "status": {"state": "completed"}, "artifacts": artifacts}});
        let (first, entry) = finish(&app, &s, &plan, body.to_string().into_bytes());
        let Some(entry) = entry else { continue };
        cached += 1;
        let second = hit(&app, &s, &plan, &entry).map(|r| r.body);
        let second: Value = second
            .and_then(|b| serde_json::from_str(&b).ok())
            .unwrap_or(Value::Null);
        assert_eq!(document(&second), document(&first), "{body}");
    }
    assert!(cached >= 1, "the service's own shape is cached");
}
