//! The head of an upstream answer ([`magisterium_core::serve::answer`]), read without a tree,
//! over the named response fixtures.

use crate::common::fixture;
use magisterium_core::serve::answer::{read, Answer, Head};
use serde_json::json;

fn head(body: &str) -> Head<'_> {
    match read(body.as_bytes()) {
        Answer::Rpc(head) => head,
        other => panic!("not an answer: {other:?}"),
    }
}

#[test]
fn a_found_document_is_a_completed_task_with_a_data_part_and_its_result_is_located() {
    let body = fixture("responses/document.json");
    let h = head(&body);
    assert!(h.id_is(&json!("req-1")));
    assert_eq!(h.error_code, None);
    assert_eq!(h.state.as_deref(), Some("completed"));
    assert!(h.is_found_document());
    let range = h.result.clone().unwrap();
    let result: serde_json::Value = serde_json::from_str(&body[range]).unwrap();
    let whole: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(result, whole["result"]);
}

#[test]
fn not_found_failed_and_working_tasks_are_no_found_documents() {
    for (name, state) in [
        ("document_not_found", "completed"),
        ("task_failed", "failed"),
        ("task_working", "working"),
    ] {
        let body = fixture(&format!("responses/{name}.json"));
        let h = head(&body);
        assert_eq!(h.state.as_deref(), Some(state), "{name}");
        assert!(!h.is_found_document(), "{name}");
    }
}

#[test]
fn error_answers_give_their_code_an_integral_float_too() {
    assert_eq!(
        head(&fixture("responses/error_task_not_found.json")).error_code,
        Some(-32001)
    );
    assert_eq!(
        head(&fixture("responses/error_float_code.json")).error_code,
        Some(-32001)
    );
    assert_eq!(
        head(&fixture("responses/error_unauthorized.json")).error_code,
        Some(-32004)
    );
    let odd = r#"{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}"#;
    assert_eq!(head(odd).error_code, Some(0));
    let no_object = r#"{"jsonrpc":"2.0","id":1,"error":"boom"}"#;
    assert_eq!(head(no_object).error_code, Some(0));
}

#[test]
fn ids_are_compared_by_value() {
    let body = fixture("responses/numeric_id.json");
    let h = head(&body);
    assert!(h.id_is(&json!(7)));
    assert!(!h.id_is(&json!("7")));
    assert!(!head(&fixture("responses/wrong_id.json")).id_is(&json!("req-1")));
    assert!(!head(&fixture("responses/error_no_id.json")).id_is(&json!("req-1")));
}

#[test]
fn envelopes_that_are_not_json_rpc_answers() {
    for name in [
        "both_result_and_error",
        "neither_result_nor_error",
        "jsonrpc_1_0",
    ] {
        let body = fixture(&format!("responses/{name}.json"));
        assert_eq!(read(body.as_bytes()), Answer::NotRpc, "{name}");
    }
    for name in ["not_json.html", "truncated.json", "trailing_junk.json"] {
        let body = fixture(&format!("responses/{name}"));
        assert_eq!(read(body.as_bytes()), Answer::NotJson, "{name}");
    }
    assert_eq!(read(b"\xff\xfe"), Answer::NotJson);
    assert_eq!(read(b"[1]"), Answer::NotRpc);
}

#[test]
fn a_result_that_is_no_task_is_an_answer_without_a_state() {
    for name in ["message_instead_of_task", "result_array", "status_missing"] {
        let body = fixture(&format!("responses/{name}.json"));
        let h = head(&body);
        assert_eq!(h.state, None, "{name}");
        assert!(!h.is_found_document(), "{name}");
    }
    let null = r#"{"jsonrpc":"2.0","id":1,"result":null}"#;
    let range = head(null).result.unwrap();
    assert_eq!(&null[range], "null");
}

#[test]
fn deep_nesting_is_refused_without_overflowing_the_stack() {
    let body = fixture("responses/deeply_nested.json");
    let _ = read(body.as_bytes());
    let deep = format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{}}}"#,
        "[".repeat(100_000)
    );
    assert_eq!(read(deep.as_bytes()), Answer::NotJson);
}

#[test]
fn a_large_text_is_skipped_not_copied() {
    let text = "x".repeat(4 << 20);
    let body = json!({ "jsonrpc": "2.0", "id": "a", "result": { "kind": "task", "status": { "state": "completed" },
        "artifacts": [{ "parts": [{ "kind": "text", "text": text }, { "kind": "data", "data": {} }] }] } })
    .to_string();
    let h = head(&body);
    assert!(h.is_found_document());
    // The state is borrowed from the body, not copied.
    assert!(matches!(h.state, Some(std::borrow::Cow::Borrowed(_))));
}

#[test]
fn of_duplicate_keys_the_last_counts_as_in_json_parse() {
    let good = r#"{"jsonrpc":"1.0","jsonrpc":"2.0","id":9,"result":{}}"#;
    assert!(matches!(read(good.as_bytes()), Answer::Rpc(_)));
    let bad = r#"{"jsonrpc":"2.0","jsonrpc":"1.0","id":9,"result":{}}"#;
    assert_eq!(read(bad.as_bytes()), Answer::NotRpc);
    let escaped_key = r#"{"jsonrpc":"2.0","\u0069d":9,"result":{}}"#;
    assert!(head(escaped_key).id_is(&json!(9)));
}

#[test]
fn refused_where_a_full_parse_refuses_deep_nesting_and_numbers_out_of_range() {
    let nest = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    let in_result = format!(r#"{{"jsonrpc":"2.0","id":1,"result":{}}}"#, nest(1000));
    assert_eq!(read(in_result.as_bytes()), Answer::NotJson);
    let extra = format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{{}},"deep":{}}}"#,
        nest(1000)
    );
    assert_eq!(read(extra.as_bytes()), Answer::NotJson);
    let shallow = format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{{}},"deep":{}}}"#,
        nest(100)
    );
    assert!(matches!(read(shallow.as_bytes()), Answer::Rpc(_)));
    for big in [r#""x":1e400"#, r#""x":-1e400"#] {
        let body = format!(r#"{{"jsonrpc":"2.0","id":1,"result":{{{big}}}}}"#);
        assert_eq!(read(body.as_bytes()), Answer::NotJson, "{big}");
    }
    let code = r#"{"jsonrpc":"2.0","id":1,"error":{"code":1e400,"message":"x"}}"#;
    assert_eq!(read(code.as_bytes()), Answer::NotJson);
    let tiny = r#"{"jsonrpc":"2.0","id":1,"result":{"x":1e-400}}"#;
    assert!(matches!(read(tiny.as_bytes()), Answer::Rpc(_)));
}
