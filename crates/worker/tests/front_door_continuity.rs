//! Task continuity through the A2A 1.0 front door: a `SendMessage` naming a task (`message.taskId`)
//! continues it or is refused as the 1.0 spec says (unknown → TaskNotFoundError, terminal →
//! UnsupportedOperationError, another context → invalid params); a message with only a
//! `contextId` joins that context. Against the stand-in, and against 0.2.6 upstream answers.

use magisterium_core::ids::SeededRandom;
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
use magisterium_stand_in::Agent;
use magisterium_worker::doors::front_door;
use serde_json::{json, Value};

fn request(body: &Value, client: &str) -> WorkerRequest {
    WorkerRequest {
        method: "POST".into(),
        path: "/api/v1/a2a".into(),
        origin: "http://127.0.0.1:8787".into(),
        headers: vec![
            ("content-type".into(), "application/json".into()),
            ("a2a-version".into(), "1.0".into()),
        ],
        body: body.to_string().into_bytes(),
        client_key: client.into(),
        now_ms: 1_796_083_200_000.0,
        ..Default::default()
    }
}

/// A 1.0 `SendMessage` with `extra` members in its message.
fn send(extra: Value) -> Value {
    let mut message = json!({"role": "ROLE_USER", "messageId": "m-1", "parts": [{"text": "just wage"}],
        "metadata": {"skillId": "document_search"}});
    for (k, v) in extra.as_object().unwrap() {
        message[k] = v.clone();
    }
    json!({"jsonrpc": "2.0", "id": 7, "method": "SendMessage", "params": {"message": message}})
}

fn body(response: &WorkerResponse) -> Value {
    serde_json::from_str(&response.body).unwrap()
}

fn reason(body: &Value) -> &str {
    body["error"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["@type"] == "type.googleapis.com/google.rpc.ErrorInfo")
        .and_then(|d| d["reason"].as_str())
        .unwrap()
}

struct StandIn(Agent, SeededRandom);

impl StandIn {
    /// One 1.0 request from `client` through the door and the stand-in.
    fn call(&mut self, sent: Value, client: &str) -> Value {
        let req = request(&sent, client);
        let response = match front_door::open(&req) {
            Err(refused) => refused,
            Ok(None) => panic!("a 1.0 request"),
            Ok(Some(opened)) => {
                let answer = self.0.handle(&opened.request, &mut self.1);
                opened.door.close(answer)
            }
        };
        body(&response)
    }
}

fn stand_in() -> StandIn {
    StandIn(Agent::new(Default::default()), SeededRandom(5))
}

#[test]
fn a_message_naming_an_unknown_task_is_task_not_found() {
    let mut s = stand_in();
    let answer = s.call(send(json!({"taskId": "no-such-task"})), "a");
    assert_eq!(answer["error"]["code"], -32001, "{answer}");
    assert_eq!(reason(&answer), "TASK_NOT_FOUND");
}

#[test]
fn a_message_naming_a_finished_task_is_unsupported_and_creates_nothing() {
    let mut s = stand_in();
    let task = s.call(send(json!({})), "a")["result"]["task"].clone();
    let id = task["id"].as_str().unwrap();
    let answer = s.call(send(json!({"taskId": id})), "a");
    assert_eq!(answer["error"]["code"], -32004, "{answer}");
    assert_eq!(reason(&answer), "UNSUPPORTED_OPERATION");
    // Same with the task's own context.
    let answer = s.call(
        send(json!({"taskId": id, "contextId": task["contextId"]})),
        "a",
    );
    assert_eq!(answer["error"]["code"], -32004, "{answer}");
    // The task is as it was.
    let got = s.call(
        json!({"jsonrpc": "2.0", "id": 8, "method": "GetTask", "params": {"id": id}}),
        "a",
    );
    assert_eq!(got["result"], task);
}

#[test]
fn a_message_naming_a_task_of_another_context_is_refused() {
    let mut s = stand_in();
    let task = s.call(send(json!({})), "a")["result"]["task"].clone();
    let answer = s.call(
        send(json!({"taskId": task["id"], "contextId": "another-context"})),
        "a",
    );
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    assert!(answer["error"]["message"]
        .as_str()
        .unwrap()
        .contains("contextId"));
}

#[test]
fn another_callers_task_is_not_found() {
    let mut s = stand_in();
    let task = s.call(send(json!({})), "a")["result"]["task"].clone();
    let answer = s.call(send(json!({"taskId": task["id"]})), "b");
    assert_eq!(answer["error"]["code"], -32001, "{answer}");
}

#[test]
fn a_message_with_only_a_context_joins_it() {
    let mut s = stand_in();
    let first = s.call(send(json!({})), "a")["result"]["task"].clone();
    let second =
        s.call(send(json!({"contextId": first["contextId"]})), "a")["result"]["task"].clone();
    assert_eq!(second["contextId"], first["contextId"]);
    assert_ne!(second["id"], first["id"]);
}

/// The door over a 0.2.6 upstream's answers (the proxy's path): what it asks the upstream for a
/// message naming a task, and what each answer becomes.
#[test]
fn through_a_0_2_6_upstream_the_answers_become_the_1_0_errors() {
    let req = request(&send(json!({"taskId": "t-1", "contextId": "c-1"})), "a");
    let opened = front_door::open(&req).unwrap().unwrap();
    let asked: Value = serde_json::from_slice(&opened.request.body).unwrap();
    assert_eq!(asked["method"], "tasks/get", "{asked}");
    assert_eq!(asked["params"]["id"], "t-1");
    let upstream = |answer: Value| {
        let response = WorkerResponse::json(200, &answer);
        body(&opened.door.close(response))
    };
    let not_found = upstream(json!({"jsonrpc": "2.0", "id": 7,
        "error": {"code": -32001, "message": "Task not found"}}));
    assert_eq!(not_found["error"]["code"], -32001);
    assert_eq!(reason(&not_found), "TASK_NOT_FOUND");
    let task = |context: &str| {
        json!({"jsonrpc": "2.0", "id": 7, "result": {"kind": "task", "id": "t-1", "contextId": context,
            "status": {"state": "completed", "timestamp": "2026-12-01T00:00:00.000Z"}}})
    };
    let finished = upstream(task("c-1"));
    assert_eq!(finished["error"]["code"], -32004, "{finished}");
    assert_eq!(finished["id"], 7);
    let elsewhere = upstream(task("c-2"));
    assert_eq!(elsewhere["error"]["code"], -32602, "{elsewhere}");
    // Magisterium's own errors keep their meaning (here: unauthorized).
    let unauthorized = upstream(json!({"jsonrpc": "2.0", "id": 7,
        "error": {"code": -32004, "message": "Unauthorized"}}));
    assert_eq!(unauthorized["error"]["code"], -32000);
}
