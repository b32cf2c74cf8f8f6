//! The invariants of the `decode_response` fuzz target. The cargo-fuzz target calls them, and the native
//! tests of the crate under test include this very file (`#[path]`) to replay the corpus and every
//! saved crash on stable, so a finding and its fixture test run the same code.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

// The response decoder: `decode_skill_response` over serde_json for every skill, and the Task
// decoders, with several HTTP statuses, with and without the id check.

/// Invariants: no panic; deterministic; a success only for a 2xx JSON-RPC `result` with our id that
/// is a completed Task; an error of a kind a response can cause (never timeout, aborted, network,
/// invalid_input); `invalid_response` for a 2xx body that is not JSON; messages do not grow with
/// the input beyond a small constant.
pub fn check_decode_response(data: &[u8]) {
    use magisterium_core::results::{decode_sent_task, decode_skill_response, decode_task};
    use magisterium_core::wire::RequestId;
    use magisterium_core::{Error, ErrorKind, Skill};
    use serde_json::Value;

    let body: Option<Value> = serde_json::from_slice(data).ok();
    let ids = [RequestId::from("req-1"), RequestId::from(7)];
    let check_error = |e: &Error, status: u16, what: &str| {
        let allowed = match e.kind() {
            ErrorKind::Timeout
            | ErrorKind::Aborted
            | ErrorKind::Network
            | ErrorKind::InvalidInput => false,
            ErrorKind::HttpError => !(200..300).contains(&status),
            _ => true,
        };
        assert!(allowed, "{what}: kind {:?} for status {status}", e.kind());
        assert!(!e.message().is_empty(), "{what}: an empty message");
        assert!(
            e.message().len() <= data.len() + 512,
            "{what}: a message of {} bytes for {} input bytes",
            e.message().len(),
            data.len()
        );
        if body.is_none() && (200..300).contains(&status) {
            assert_eq!(
                e.kind(),
                ErrorKind::InvalidResponse,
                "{what}: a 2xx body that is not JSON"
            );
        }
    };
    let check_ok = |status: u16, id: Option<&RequestId>, what: &str| {
        assert!(
            (200..300).contains(&status),
            "{what}: success with status {status}"
        );
        let body = body.as_ref().expect("success without a JSON body");
        assert_eq!(
            body.get("jsonrpc").and_then(Value::as_str),
            Some("2.0"),
            "{what}: jsonrpc"
        );
        assert!(
            body.get("error").is_none(),
            "{what}: success with an error member"
        );
        let result = body.get("result").expect("success without a result");
        assert_eq!(
            result.get("kind").and_then(Value::as_str),
            Some("task"),
            "{what}: result.kind"
        );
        if let Some(id) = id {
            let got: Option<RequestId> = body
                .get("id")
                .and_then(|v| serde_json::from_value(v.clone()).ok());
            assert_eq!(got.as_ref(), Some(id), "{what}: success for another id");
        }
        result
    };
    for (status, id) in [
        (200, Some(&ids[0])),
        (200, Some(&ids[1])),
        (200, None),
        (201, None),
        (429, None),
        (500, None),
    ] {
        for skill in Skill::ALL {
            let what = format!("{} {status} {id:?}", skill.id());
            let first = decode_skill_response(skill, body.as_ref(), status, id);
            let again = decode_skill_response(skill, body.as_ref(), status, id);
            assert_eq!(first, again, "{what}: not deterministic");
            match &first {
                Ok(_) => {
                    let result = check_ok(status, id, &what);
                    let state = result.pointer("/status/state").and_then(Value::as_str);
                    assert_eq!(
                        state,
                        Some("completed"),
                        "{what}: a typed answer from an unfinished task"
                    );
                }
                Err(e) => check_error(e, status, &what),
            }
        }
        match decode_sent_task(body.as_ref(), status, id) {
            Ok(_) => {
                let result = check_ok(status, id, "decode_sent_task");
                // `send` resolves a Task in any state but failed and rejected (sdk-api.md).
                let state = result.pointer("/status/state").and_then(Value::as_str);
                assert!(
                    state.is_some_and(|s| s != "failed" && s != "rejected"),
                    "decode_sent_task: a {state:?} task resolved"
                );
            }
            Err(e) => check_error(&e, status, "decode_sent_task"),
        }
        match decode_task(body.as_ref(), status, id) {
            Ok(_) => {
                check_ok(status, id, "decode_task");
            }
            Err(e) => check_error(&e, status, "decode_task"),
        }
    }
}
