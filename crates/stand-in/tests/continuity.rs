//! A 0.2.6 `message/send` naming a task (`message.taskId`), as the stand-in answers it: the tasks
//! it keeps are finished, so such a message is refused, the way the A2A 1.0 door refuses it
//! (unknown, another caller's or expired → -32001; another context → -32602; a finished task →
//! -32602 naming its state), without creating a task or counting against the limits. A message
//! with only a `contextId` starts a new task in that context.

use magisterium_core::ids::SeededRandom;
use magisterium_core::serve::http::WorkerRequest;
use magisterium_stand_in::store::RETENTION_MS;
use magisterium_stand_in::{Agent, AgentConfig};
use serde_json::{json, Value};

const NOW: f64 = 1_796_083_200_000.0;

/// One call; the ids come from a seed that moves with every call.
fn call(agent: &mut Agent, body: &Value, client: &str, now: f64) -> Value {
    static SEED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let seed = SEED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let request = WorkerRequest {
        method: "POST".into(),
        path: "/api/v1/a2a".into(),
        origin: "http://127.0.0.1:8787".into(),
        headers: vec![("content-type".into(), "application/json".into())],
        body: body.to_string().into_bytes(),
        client_key: client.into(),
        now_ms: now,
        ..Default::default()
    };
    let response = agent.handle(&request, &mut SeededRandom(seed));
    serde_json::from_str(&response.body).unwrap()
}

fn send(extra: Value) -> Value {
    let mut message = json!({"role": "user", "kind": "message", "messageId": "m",
        "parts": [{"kind": "text", "text": "just wage"}], "metadata": {"skillId": "document_search"}});
    for (k, v) in extra.as_object().unwrap() {
        message[k] = v.clone();
    }
    json!({"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": message}})
}

#[test]
fn a_message_naming_a_task_is_refused_as_the_1_0_door_refuses_it() {
    let mut agent = Agent::new(AgentConfig {
        rate_limits: true,
        ..Default::default()
    });
    let task = call(&mut agent, &send(json!({})), "a", NOW)["result"].clone();
    let (id, context) = (task["id"].clone(), task["contextId"].clone());

    let unknown = call(
        &mut agent,
        &send(json!({"taskId": "no-such-task"})),
        "a",
        NOW,
    );
    assert_eq!(unknown["error"]["code"], -32001, "{unknown}");
    let others = call(&mut agent, &send(json!({"taskId": id})), "b", NOW);
    assert_eq!(others["error"]["code"], -32001, "{others}");
    let elsewhere = call(
        &mut agent,
        &send(json!({"taskId": id, "contextId": "other"})),
        "a",
        NOW,
    );
    assert_eq!(elsewhere["error"]["code"], -32602, "{elsewhere}");
    assert!(elsewhere["error"]["message"]
        .as_str()
        .unwrap()
        .contains("contextId"));
    for extra in [
        json!({"taskId": id}),
        json!({"taskId": id, "contextId": context}),
    ] {
        let finished = call(&mut agent, &send(extra), "a", NOW);
        assert_eq!(finished["error"]["code"], -32602, "{finished}");
        assert!(finished["error"]["message"]
            .as_str()
            .unwrap()
            .contains("completed"));
    }
    // None of those counted: 15 calls a minute are still there (the first was one of them).
    for n in 0..14 {
        let ok = call(&mut agent, &send(json!({})), "a", NOW + 1.0);
        assert!(ok.get("result").is_some(), "{n}: {ok}");
    }
    // After 24 hours the task is gone.
    let expired = call(
        &mut agent,
        &send(json!({"taskId": id})),
        "a",
        NOW + RETENTION_MS + 1.0,
    );
    assert_eq!(expired["error"]["code"], -32001, "{expired}");
}

#[test]
fn a_message_with_only_a_context_starts_a_task_in_it() {
    let mut agent = Agent::new(Default::default());
    let first = call(&mut agent, &send(json!({})), "a", NOW)["result"].clone();
    let second = call(
        &mut agent,
        &send(json!({"contextId": first["contextId"]})),
        "a",
        NOW,
    )["result"]
        .clone();
    assert_eq!(second["contextId"], first["contextId"]);
    assert_ne!(second["id"], first["id"]);
}
