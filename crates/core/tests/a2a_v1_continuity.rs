//! Task continuity in the core: which `message/send` names a task, and the 1.0 refusal for the
//! task a 0.2.6 service holds (`magisterium_core::v1::continuity`).

use magisterium_core::v1::continuity::Continuation;
use serde_json::json;

#[test]
fn only_a_message_with_a_task_id_continues_a_task() {
    assert_eq!(
        Continuation::of(&json!({"message": {"contextId": "c"}})),
        None
    );
    assert_eq!(Continuation::of(&json!({"message": {"taskId": ""}})), None);
    assert_eq!(Continuation::of(&json!({"message": {"taskId": 7}})), None);
    let c = Continuation::of(&json!({"message": {"taskId": "t", "contextId": "c"}})).unwrap();
    assert_eq!(c.task_id(), "t");
    assert_eq!(c.lookup(), json!({"id": "t"}));
}

#[test]
fn the_task_found_decides_the_refusal() {
    let task = |context: &str, state: &str| json!({"kind": "task", "id": "t", "contextId": context, "status": {"state": state}});
    let with_context =
        Continuation::of(&json!({"message": {"taskId": "t", "contextId": "c"}})).unwrap();
    let without = Continuation::of(&json!({"message": {"taskId": "t"}})).unwrap();
    for state in [
        "completed",
        "failed",
        "canceled",
        "rejected",
        "working",
        "input-required",
    ] {
        assert_eq!(
            with_context.refusal(&task("c", state)).unwrap().code,
            -32004,
            "{state}"
        );
        assert_eq!(
            without.refusal(&task("other", state)).unwrap().code,
            -32004,
            "{state}"
        );
        let mismatch = with_context.refusal(&task("other", state)).unwrap();
        assert_eq!(mismatch.code, -32602, "{state}");
        assert!(mismatch.message.contains("contextId"));
    }
    let finished = with_context
        .refusal(&task("c", "completed"))
        .unwrap()
        .into_error();
    assert!(
        finished.message.contains("terminal state"),
        "{}",
        finished.message
    );
    assert!(with_context.refusal(&json!({"id": "t"})).is_none());
}
