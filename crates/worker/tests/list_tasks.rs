//! A2A 1.0's `ListTasks` on the Worker (`tasks.rs`): routed to the Worker's records, never
//! upstream; answered through the one exit; the records each answer makes or drops (through
//! either door); whose records a call sees; the anonymous session's cookie.

use crate::common::fixture_json;
use crate::common::proxy::{post, route, send_body, settings};

use magisterium_core::ids::SeededRandom;
use magisterium_core::v1::task_record::TaskRecord;
use magisterium_worker::app::{App, Route};
use magisterium_worker::limits::Gate;
use magisterium_worker::tasks::{self, Change, Owner};
use serde_json::{json, Value};

const NOW: f64 = 1_796_083_200_000.0;

fn list_body(params: Value) -> String {
    json!({"jsonrpc": "2.0", "id": "l-1", "method": "ListTasks", "params": params}).to_string()
}

/// The fixture's records, in the listing's order (as the task book reads them).
fn records() -> Vec<TaskRecord> {
    let fixture = fixture_json("v1/task_records.json");
    let mut records: Vec<TaskRecord> = fixture["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| TaskRecord::from_json(r).unwrap())
        .collect();
    records.sort_by(|a, b| b.updated.total_cmp(&a.updated).then(a.id.cmp(&b.id)));
    records
}

#[test]
fn list_tasks_is_answered_by_the_worker_never_upstream() {
    let s = settings(&[]);
    let page = [("origin", "https://app.example")];
    let request = post(&list_body(json!({ "pageSize": 2 })), &page);
    let Route::ListTasks(plan) = route(&mut App::new(), &s, &request) else {
        panic!("ListTasks must not be planned upstream")
    };
    let alice = Owner::of(Some("alice"), None).unwrap();
    let r = plan.answer(&records(), Some(&alice), NOW, &s);
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some("https://app.example")
    );
    assert_eq!(r.header("cache-control"), Some("no-store"));
    let body: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(body["id"], "l-1");
    assert_eq!(body["result"]["totalSize"], 4);
    assert_eq!(body["result"]["tasks"][0]["id"], "t-a1");
    // The token it gave is refused in another owner's listing.
    let token = body["result"]["nextPageToken"].clone();
    let next = post(
        &list_body(json!({ "pageSize": 2, "pageToken": token })),
        &[],
    );
    let Route::ListTasks(plan) = route(&mut App::new(), &s, &next) else {
        panic!()
    };
    let bob = Owner::of(None, Some("0b0b0b0b-0000-4000-8000-000000000000")).unwrap();
    let theirs: Value =
        serde_json::from_str(&plan.answer(&records(), Some(&bob), NOW, &s).body).unwrap();
    assert_eq!(theirs["error"]["code"], -32602);
    // A visitor without a session lists nothing.
    let Route::ListTasks(plan) = route(&mut App::new(), &s, &post(&list_body(json!({})), &[]))
    else {
        panic!()
    };
    let none: Value = serde_json::from_str(&plan.answer(&records(), None, NOW, &s).body).unwrap();
    assert_eq!(none["result"]["tasks"], json!([]));
}

#[test]
fn bad_list_parameters_are_refused_before_any_record_is_read() {
    let s = settings(&[]);
    for params in [
        json!({ "pageSize": 0 }),
        json!({ "pageSize": 101 }),
        json!({ "pageToken": 5 }),
    ] {
        let Route::Respond(r) = route(&mut App::new(), &s, &post(&list_body(params.clone()), &[]))
        else {
            panic!("{params}")
        };
        let body: Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(body["error"]["code"], -32602, "{params}");
        assert_eq!(body["id"], "l-1");
    }
    let not_rpc = json!({"id": 1, "method": "ListTasks"}).to_string();
    let Route::Respond(r) = route(&mut App::new(), &s, &post(&not_rpc, &[])) else {
        panic!()
    };
    let body: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(body["error"]["code"], -32600);
}

#[test]
fn a_task_created_through_either_door_is_recorded() {
    let answer = fixture_json("responses/search_results.json").to_string();
    let legacy = post(
        &send_body(
            "document_search",
            json!([{"kind": "text", "text": "grace"}]),
        ),
        &[],
    );
    // Through the 0.2.6 path (whose answers never set the session cookie: `false`).
    let Some((Change::Record(record), false)) = tasks::change(&legacy, answer.as_bytes(), NOW)
    else {
        panic!("a 0.2.6 message/send answered with a task")
    };
    assert_eq!(record.id, "7f9d1c3e-5b2a-4c8e-9f1d-2a3b4c5d6e7f");
    assert_eq!(record.skill.as_deref(), Some("document_search"));
    assert_eq!(record.state, "TASK_STATE_COMPLETED");
    let v1 = json!({"jsonrpc": "2.0", "id": 7, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m", "parts": [{"text": "grace"}],
        "metadata": {"skillId": "catholic_qa"}}}});
    let v1 = post(&v1.to_string(), &[("a2a-version", "1.0")]);
    let v1_answer =
        json!({"jsonrpc": "2.0", "id": 7, "result": fixture_json("v1/task_completed.json")});
    let Some((Change::Record(record), true)) =
        tasks::change(&v1, v1_answer.to_string().as_bytes(), NOW)
    else {
        panic!("a 1.0 SendMessage answered with a task")
    };
    assert_eq!(
        (record.id.as_str(), record.skill.as_deref()),
        ("task-uuid", Some("catholic_qa"))
    );
    // An error, a message, a listing: nothing to record.
    let error = fixture_json("responses/error_internal.json").to_string();
    assert_eq!(tasks::change(&legacy, error.as_bytes(), NOW), None);
    let message = fixture_json("responses/message_instead_of_task.json").to_string();
    assert_eq!(tasks::change(&legacy, message.as_bytes(), NOW), None);
    let listing = post(&list_body(json!({})), &[]);
    assert_eq!(tasks::change(&listing, answer.as_bytes(), NOW), None);
    // A task with an id too long to keep small is not recorded.
    let long = answer.replace("7f9d1c3e-5b2a-4c8e-9f1d-2a3b4c5d6e7f", &"x".repeat(2000));
    assert_eq!(tasks::change(&legacy, long.as_bytes(), NOW), None);
}

#[test]
fn a_task_the_service_dropped_is_forgotten() {
    let gone = fixture_json("responses/error_task_not_found.json").to_string();
    let get = json!({"jsonrpc": "2.0", "id": 1, "method": "tasks/get", "params": {"id": "t-1"}});
    assert_eq!(
        tasks::change(&post(&get.to_string(), &[]), gone.as_bytes(), NOW),
        Some((Change::Forget("t-1".into()), false))
    );
    // In 1.0: GetTask, and a message naming the task (looked up with tasks/get).
    let v1_gone =
        json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001, "message": "Task not found"}});
    let get = json!({"jsonrpc": "2.0", "id": 1, "method": "GetTask", "params": {"id": "t-2"}});
    let get = post(&get.to_string(), &[("a2a-version", "1.0")]);
    assert_eq!(
        tasks::change(&get, v1_gone.to_string().as_bytes(), NOW),
        Some((Change::Forget("t-2".into()), true))
    );
    let named = json!({"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m", "taskId": "t-3", "parts": [{"text": "more"}]}}});
    let named = post(&named.to_string(), &[("a2a-version", "1.0")]);
    assert_eq!(
        tasks::change(&named, v1_gone.to_string().as_bytes(), NOW),
        Some((Change::Forget("t-3".into()), true))
    );
    // A task found is kept.
    let found = fixture_json("responses/search_results.json").to_string();
    assert_eq!(tasks::change(&get, found.as_bytes(), NOW), None);
}

#[test]
fn each_account_and_each_anonymous_session_owns_its_records() {
    let alice = Owner::of(Some("alice"), Some("ignored")).unwrap();
    assert_eq!(
        (alice.object.as_str(), alice.key.as_str()),
        ("account:alice", "account:alice")
    );
    let one = Owner::of(None, Some("s-1")).unwrap();
    let two = Owner::of(None, Some("s-2")).unwrap();
    assert_eq!(one.object, "operator");
    assert_eq!(one.object, two.object);
    assert_ne!(one.key, two.key);
    assert_eq!(Owner::of(None, None), None);
}

#[test]
fn the_session_cookie_is_read_only_as_the_worker_writes_it() {
    let id = "0b0b0b0b-0000-4000-8000-000000000000";
    let set = tasks::visitor_cookie(id, true);
    assert_eq!(
        set,
        format!("__Host-a2a-visitor={id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400; Secure")
    );
    assert!(tasks::visitor_cookie(id, false).starts_with(&format!("a2a-visitor={id};")));
    let header = format!("theme=dark; __Host-a2a-visitor={id}");
    assert_eq!(tasks::visitor_of(Some(&header), true).as_deref(), Some(id));
    assert_eq!(tasks::visitor_of(Some(&header), false), None);
    for bad in [
        "a2a-visitor=operator",
        "a2a-visitor=",
        "a2a-visitor=../../x",
        "other=1",
    ] {
        assert_eq!(tasks::visitor_of(Some(bad), false), None, "{bad}");
    }
    assert_eq!(tasks::visitor_of(None, false), None);
}

#[test]
fn a_flood_of_listings_is_refused_per_visitor_before_any_record_is_read() {
    let s = settings(&[("PROXY_PER_MINUTE", "2")]);
    let mut app = App::new();
    let listing = post(&list_body(json!({})), &[]);
    for _ in 0..2 {
        assert!(matches!(route(&mut app, &s, &listing), Route::ListTasks(_)));
    }
    let Route::Respond(r) = route(&mut app, &s, &listing) else {
        panic!("the third listing in a minute is refused")
    };
    assert_eq!(r.status, 429);
    let body: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(
        (body["id"].clone(), body["error"]["code"].clone()),
        (json!("l-1"), json!(-32000))
    );
    // Another visitor still lists.
    let mut other = listing.clone();
    other.client_key = "198.51.100.7".into();
    assert!(matches!(route(&mut app, &s, &other), Route::ListTasks(_)));
    // With the Rate Limiting binding, the entry asks it about the visitor's `tasks` pool first.
    let plan = match app.handle(&other, &s, &mut SeededRandom(1), true) {
        Route::ListTasks(plan) => plan,
        other => panic!("{other:?}"),
    };
    let Gate::AskBinding { pool, key } = &plan.gate else {
        panic!("{:?}", plan.gate)
    };
    assert_eq!(
        (pool.as_str(), key.as_str()),
        ("tasks", "198.51.100.7:tasks")
    );
    assert_eq!(plan.limited(&s).status, 429);
    // Off with the other per-visitor limits.
    let off = settings(&[("PROXY_PER_MINUTE", "2"), ("PROXY_RATE_LIMITS", "off")]);
    for _ in 0..4 {
        assert!(matches!(
            route(&mut app, &off, &listing),
            Route::ListTasks(_)
        ));
    }
}
