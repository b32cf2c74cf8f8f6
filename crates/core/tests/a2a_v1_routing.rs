//! The A2A 1.0 front door's routing in the core: which dialect a request speaks, and which 1.0
//! methods are carried or refused.

use crate::common;

use common::a2a_v1::reason;
use magisterium_core::v1::{dialect, route, Dialect, Dispatch, Local, Method};

#[test]
fn the_version_header_or_a_1_0_method_picks_the_dialect() {
    assert_eq!(dialect(Some("1.0"), "SendMessage"), Ok(Dialect::V1));
    assert_eq!(dialect(Some(" 1.0.1 "), "GetTask"), Ok(Dialect::V1));
    assert_eq!(dialect(Some("1.0"), "message/send"), Ok(Dialect::V1));
    assert_eq!(dialect(None, "SendMessage"), Ok(Dialect::V1));
    assert_eq!(dialect(None, "message/send"), Ok(Dialect::Legacy));
    assert_eq!(dialect(Some(""), "tasks/get"), Ok(Dialect::Legacy));
    assert_eq!(dialect(Some("0.3"), "message/send"), Ok(Dialect::Legacy));
    assert_eq!(dialect(Some("0.2.6"), "message/send"), Ok(Dialect::Legacy));
    for unsupported in ["0.5", "2.0", "1.1", "x"] {
        let refusal = dialect(Some(unsupported), "SendMessage").unwrap_err();
        assert_eq!(refusal.code, -32009, "{unsupported}");
        let e = refusal.into_error();
        assert_eq!(
            reason(&e),
            Some(("VERSION_NOT_SUPPORTED", "a2a-protocol.org"))
        );
    }
}

#[test]
fn every_1_0_method_is_carried_or_refused_as_the_spec_says() {
    let carried = |name: &str| match route(name) {
        Ok(Dispatch::Carry(method)) => Some(method),
        _ => None,
    };
    assert_eq!(carried("SendMessage"), Some(Method::SendMessage));
    assert_eq!(
        carried("GetTask").map(Method::legacy_name),
        Some("tasks/get")
    );
    assert_eq!(
        carried("CancelTask").map(Method::legacy_name),
        Some("tasks/cancel")
    );
    // Magisterium has no listing: the Worker answers ListTasks from its own records.
    assert_eq!(route("ListTasks"), Ok(Dispatch::Local(Local::ListTasks)));
    for (method, code) in [
        ("SendStreamingMessage", -32004),
        ("SubscribeToTask", -32004),
        ("GetExtendedAgentCard", -32004),
        ("CreateTaskPushNotificationConfig", -32003),
        ("GetTaskPushNotificationConfig", -32003),
        ("ListTaskPushNotificationConfigs", -32003),
        ("DeleteTaskPushNotificationConfig", -32003),
        ("message/send", -32601),
        ("Bogus", -32601),
    ] {
        assert_eq!(route(method).unwrap_err().code, code, "{method}");
    }
}
