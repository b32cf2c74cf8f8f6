//! The invariants of the `a2a_v1_request` fuzz target: the A2A 1.0 front door's request
//! translation (`front_door::open`) and answer translation (`FrontDoor::close`) on any bytes.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

/// Invariants: no panic; a request read as 0.2.6 is left alone; a 1.0 request becomes one 0.2.6
/// JSON-RPC object with a 0.2.6 method (`message/send`, `tasks/get`, `tasks/cancel`) and the same
/// id; a refusal is a JSON-RPC error; the door turns these same bytes, as an answer, into JSON
/// when they were a JSON-RPC object, and leaves anything else as it came.
pub fn check_a2a_v1_request(data: &[u8]) {
    use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
    use magisterium_worker::doors::front_door;
    use serde_json::Value;

    let version = match data.first().map(|b| b % 3) {
        Some(0) => Some("1.0"),
        Some(1) => Some("0.3"),
        _ => None,
    };
    let mut headers = vec![("content-type".to_owned(), "application/json".to_owned())];
    if let Some(v) = version {
        headers.push(("a2a-version".into(), v.into()));
    }
    let request = WorkerRequest {
        method: "POST".into(),
        path: "/api/v1/a2a".into(),
        headers,
        body: data.to_vec(),
        ..Default::default()
    };
    let parsed = serde_json::from_slice::<Value>(data).ok();
    match front_door::open(&request) {
        Ok(None) => {}
        Ok(Some(opened)) => {
            let body: Value =
                serde_json::from_slice(&opened.request.body).expect("rewritten: not JSON");
            let method = body["method"].as_str().unwrap_or_default();
            assert!(
                matches!(method, "message/send" | "tasks/get" | "tasks/cancel"),
                "rewritten as {method:?}"
            );
            let original = parsed.as_ref().expect("opened a body that is not JSON");
            assert_eq!(
                body.get("id").unwrap_or(&Value::Null),
                original.get("id").unwrap_or(&Value::Null),
                "the id changed"
            );
            let answer = WorkerResponse {
                status: 200,
                headers: Vec::new(),
                body: String::from_utf8_lossy(data).into_owned(),
            };
            let closed = opened.door.close(answer.clone());
            if closed.body != answer.body {
                let out: Value = serde_json::from_str(&closed.body).expect("closed: not JSON");
                assert!(out.get("result").is_some() || out.get("error").is_some());
            }
        }
        Err(refused) => {
            let body: Value = serde_json::from_str(&refused.body).expect("refusal: not JSON");
            assert!(body
                .pointer("/error/code")
                .and_then(Value::as_i64)
                .is_some());
        }
    }
}
