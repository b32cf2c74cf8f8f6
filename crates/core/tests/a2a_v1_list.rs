//! A2A 1.0's `ListTasks` over the Worker's records (`v1::list`, `v1::task_record`): filters, order,
//! pages and their tokens, the 24 hours a task is kept, and the refusals of bad parameters; over
//! the named fixture `v1/task_records.json` (one owner's records) and 0.2.6 / 1.0 answers.

use crate::common::{fixture, fixture_json};

use magisterium_core::v1::list::ListQuery;
use magisterium_core::v1::task_record::{TaskRecord, TASK_RETENTION_MS};
use serde_json::{json, Value};

const OWNER: &str = "account:alice";

/// The fixture's records, in the listing's order (as the Worker's task book reads them: most
/// recently updated first, then by id).
fn records() -> (Vec<TaskRecord>, f64) {
    let fixture = fixture_json("v1/task_records.json");
    let mut records: Vec<TaskRecord> = fixture["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| TaskRecord::from_json(r).unwrap())
        .collect();
    in_order(&mut records);
    (records, fixture["now"].as_f64().unwrap())
}

fn in_order(records: &mut [TaskRecord]) {
    records.sort_by(|a, b| b.updated.total_cmp(&a.updated).then(a.id.cmp(&b.id)));
}

fn list(params: Value) -> Value {
    list_as(OWNER, params).unwrap()
}

fn list_as(owner: &str, params: Value) -> Result<Value, i64> {
    let (records, now) = records();
    let query = ListQuery::from_params(&params).map_err(|r| r.code)?;
    query.answer(&records, owner, now).map_err(|r| r.code)
}

/// A 1.0 `SendMessage` answer: `{ task }` of the spec's example task.
fn v1_answer() -> String {
    json!({ "jsonrpc": "2.0", "id": 1, "result": fixture_json("v1/task_completed.json") })
        .to_string()
}

fn ids(answer: &Value) -> Vec<&str> {
    answer["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect()
}

#[test]
fn lists_the_tasks_still_kept_most_recent_first() {
    let answer = list(Value::Null);
    // t-old is 25 hours old: the service no longer has it. t-a2 and t-b1 tie: by id.
    assert_eq!(ids(&answer), ["t-a1", "t-a2", "t-b1", "t-a3"]);
    assert_eq!(answer["totalSize"], 4);
    assert_eq!(answer["pageSize"], 50);
    assert_eq!(answer["nextPageToken"], "");
    let first = &answer["tasks"][0];
    assert_eq!(
        first,
        &json!({
            "id": "t-a1", "contextId": "ctx-a",
            "status": { "state": "TASK_STATE_COMPLETED", "timestamp": "2026-11-30T23:59:59.000Z" },
            "metadata": { "skillId": "search_results" }
        })
    );
    // No artifacts (the spec's default) and none with includeArtifacts: the records keep none.
    let with = list(json!({ "includeArtifacts": true, "historyLength": 0 }));
    assert!(with["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t.get("artifacts").is_none() && t.get("history").is_none()));
}

#[test]
fn filters_by_context_state_and_status_time() {
    assert_eq!(
        ids(&list(json!({ "contextId": "ctx-a" }))),
        ["t-a1", "t-a2", "t-a3"]
    );
    let failed = list(json!({ "status": "TASK_STATE_FAILED" }));
    assert_eq!(ids(&failed), ["t-b1"]);
    assert_eq!(failed["totalSize"], 1);
    // Greater than or equal: t-a2 and t-b1 were updated at exactly this time.
    let after = list(json!({ "statusTimestampAfter": "2026-11-30T23:59:58Z" }));
    assert_eq!(ids(&after), ["t-a1", "t-a2", "t-b1"]);
    let offset = list(json!({ "statusTimestampAfter": "2026-12-01T00:59:58+01:00" }));
    assert_eq!(ids(&offset), ids(&after));
    // The proto's own member names are read too, and an unspecified state filters nothing.
    let snake = list(json!({ "context_id": "ctx-b", "status": "TASK_STATE_UNSPECIFIED" }));
    assert_eq!(ids(&snake), ["t-b1"]);
    assert_eq!(ids(&list(json!({ "contextId": "ctx-none" }))).len(), 0);
}

#[test]
fn pages_follow_their_tokens_to_an_empty_one() {
    let first = list(json!({ "pageSize": 2 }));
    assert_eq!(ids(&first), ["t-a1", "t-a2"]);
    assert_eq!(first["pageSize"], 2);
    assert_eq!(first["totalSize"], 4);
    let token = first["nextPageToken"].as_str().unwrap();
    assert!(!token.is_empty());
    assert!(!token.contains("t-a2"), "opaque: {token}");
    let second = list(json!({ "pageSize": "2", "pageToken": token }));
    assert_eq!(ids(&second), ["t-b1", "t-a3"]);
    assert_eq!(second["nextPageToken"], "");
    // With a filter, its tokens page through the filtered list.
    let a = list(json!({ "contextId": "ctx-a", "pageSize": 1 }));
    let a2 = list(json!({ "contextId": "ctx-a", "pageSize": 1, "pageToken": a["nextPageToken"] }));
    assert_eq!(ids(&a2), ["t-a2"]);
}

#[test]
fn a_page_holds_its_place_when_tasks_come_and_go() {
    let (mut records, now) = records();
    let query = ListQuery::from_params(&json!({ "pageSize": 2 })).unwrap();
    let first = query.answer(&records, OWNER, now).unwrap();
    // A task created after the first page, and one of the next page dropped.
    let newer = TaskRecord::of_answer(v1_answer().as_bytes(), None, now).unwrap();
    records.push(newer);
    records.retain(|r| r.id != "t-b1");
    in_order(&mut records);
    let token = first["nextPageToken"].clone();
    let next = ListQuery::from_params(&json!({ "pageSize": 2, "pageToken": token }))
        .unwrap()
        .answer(&records, OWNER, now)
        .unwrap();
    assert_eq!(ids(&next), ["t-a3"]);
}

#[test]
fn a_token_opens_only_the_listing_that_gave_it() {
    let first = list(json!({ "pageSize": 1 }));
    let token = first["nextPageToken"].as_str().unwrap().to_owned();
    // Another owner's listing, other filters, a changed token, a made-up one: -32602.
    assert_eq!(
        list_as("visitor:bob", json!({ "pageToken": token, "pageSize": 1 })),
        Err(-32602)
    );
    assert_eq!(
        list_as(OWNER, json!({ "pageToken": token, "contextId": "ctx-a" })),
        Err(-32602)
    );
    let mut changed = token.clone().into_bytes();
    changed[0] = if changed[0] == b'A' { b'B' } else { b'A' };
    let changed = String::from_utf8(changed).unwrap();
    for bad in [changed.as_str(), "t-a1", "", "x.y", "bm90IGEgdG9rZW4.AAAA"] {
        let answer = list_as(OWNER, json!({ "pageToken": bad }));
        if bad.is_empty() {
            assert!(answer.is_ok(), "an empty token is the first page");
        } else {
            assert_eq!(answer, Err(-32602), "{bad}");
        }
    }
}

#[test]
fn bad_parameters_are_invalid_params() {
    for params in [
        json!({ "pageSize": 0 }),
        json!({ "pageSize": 101 }),
        json!({ "pageSize": -1 }),
        json!({ "pageSize": "ten" }),
        json!({ "pageSize": 2.5 }),
        json!({ "historyLength": -1 }),
        json!({ "status": "TASK_STATE_DONE" }),
        json!({ "status": 3 }),
        json!({ "statusTimestampAfter": "yesterday" }),
        json!({ "contextId": 7 }),
        json!({ "includeArtifacts": "yes" }),
        json!(["not", "an", "object"]),
    ] {
        assert_eq!(
            ListQuery::from_params(&params)
                .map(|_| ())
                .map_err(|r| r.code),
            Err(-32602),
            "{params}"
        );
    }
    assert_eq!(ids(&list(json!({ "pageSize": 100 }))).len(), 4);
    assert_eq!(ids(&list(json!({ "pageSize": 1 }))).len(), 1);
}

#[test]
fn records_are_made_from_answers_of_either_version_and_kept_24_hours() {
    let now = 1_796_083_200_000.5;
    let v0 = fixture("responses/search_results.json");
    let record = TaskRecord::of_answer(v0.as_bytes(), Some("search_results"), now).unwrap();
    assert_eq!(record.id, "7f9d1c3e-5b2a-4c8e-9f1d-2a3b4c5d6e7f");
    assert_eq!(record.context_id, "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f");
    assert_eq!(record.state, "TASK_STATE_COMPLETED");
    assert_eq!(record.skill.as_deref(), Some("search_results"));
    assert_eq!((record.created, record.updated), (now.floor(), now.floor()));
    let v1 = v1_answer();
    let v1 = TaskRecord::of_answer(v1.as_bytes(), None, now).unwrap();
    assert_eq!(
        (v1.id.as_str(), v1.state.as_str()),
        ("task-uuid", "TASK_STATE_COMPLETED")
    );
    let failed = fixture("responses/task_failed.json");
    let failed = TaskRecord::of_answer(failed.as_bytes(), None, now).unwrap();
    assert_eq!(failed.state, "TASK_STATE_FAILED");
    // A message, an error, a task without its ids, not JSON-RPC: not recorded.
    for answer in [
        fixture("responses/message_instead_of_task.json"),
        fixture("responses/error_task_not_found.json"),
        json!({ "jsonrpc": "2.0", "id": 1, "result": { "id": "x" } }).to_string(),
        json!({ "id": "x", "contextId": "y" }).to_string(),
        "not json".to_owned(),
    ] {
        assert_eq!(
            TaskRecord::of_answer(answer.as_bytes(), None, now),
            None,
            "{answer}"
        );
    }
    // Stored and read back as JSON.
    assert_eq!(
        TaskRecord::from_json(&record.to_json()),
        Some(record.clone())
    );
    assert_eq!(TaskRecord::from_json(&v1.to_json()), Some(v1.clone()));
    assert_eq!(TaskRecord::from_json(&json!({ "id": "x" })), None);
    assert!(record.is_current(now + TASK_RETENTION_MS - 1.0));
    assert!(!record.is_current(now + TASK_RETENTION_MS));
    assert_eq!(TASK_RETENTION_MS, 24.0 * 3600.0 * 1000.0);
}
