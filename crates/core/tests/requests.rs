//! The request builders: one named fixture per skill method, and every input check.

use crate::common;

use common::fixture_json;
use magisterium_core::outgoing::{OutgoingPart, SkillData};
use magisterium_core::request::{
    message_send, skill_request, tasks_cancel, tasks_get, MessageIds, SkillArg, When,
};
use magisterium_core::wire::RequestId;
use magisterium_core::{CivilDate, ErrorKind, Skill};
use serde_json::json;

fn ids() -> MessageIds {
    MessageIds::new("msg-0001")
}

fn text(s: &str) -> SkillArg {
    SkillArg::Text(s.to_owned())
}

fn when_text(s: &str) -> SkillArg {
    SkillArg::When(When::Text(s.to_owned()))
}

fn date(y: i32, m: u32, d: u32) -> SkillArg {
    SkillArg::When(When::Date(CivilDate::new(y, m, d).unwrap()))
}

#[test]
fn every_skill_method_builds_its_fixture() {
    let cases = [
        (
            Skill::CatholicQa,
            text("  What is grace? "),
            "catholic_qa.json",
        ),
        (
            Skill::DocumentSearch,
            text("just wage"),
            "document_search.json",
        ),
        (Skill::DocumentFetch, text("12345"), "document_fetch.json"),
        (
            Skill::LiturgicalReadings,
            date(2026, 3, 19),
            "liturgical_readings_date.json",
        ),
        (
            Skill::LiturgicalReadings,
            when_text("next Sunday"),
            "liturgical_readings_text.json",
        ),
        (
            Skill::SaintsOfTheDay,
            date(2026, 3, 19),
            "saints_of_the_day_date.json",
        ),
        (
            Skill::SaintsOfTheDay,
            when_text("2026-03-19"),
            "saints_of_the_day_date.json",
        ),
        (
            Skill::SaintsOfTheDay,
            when_text("March 19"),
            "saints_of_the_day_text.json",
        ),
        (
            Skill::SaintLookup,
            text("Thérèse of Lisieux"),
            "saint_lookup.json",
        ),
        (
            Skill::PersonLookup,
            text("Fulton Sheen"),
            "person_lookup.json",
        ),
        (Skill::PopeLookup, text("Leo XIV"), "pope_lookup.json"),
        (Skill::DioceseLookup, text("Chicago"), "diocese_lookup.json"),
        (
            Skill::DioceseStatisticsLookup,
            text("Chicago"),
            "diocese_statistics_lookup.json",
        ),
    ];
    for (skill, arg, name) in cases {
        let req = skill_request(skill, &arg, ids()).unwrap();
        let got = serde_json::to_value(&req).unwrap();
        assert_eq!(got, fixture_json(&format!("requests/{name}")), "{name}");
    }
}

#[test]
fn context_and_request_ids_are_sent_when_given() {
    let mut ids = ids();
    ids.context_id = Some("ctx-9".into());
    ids.request_id = Some(RequestId::from(42));
    let req = skill_request(Skill::CatholicQa, &text("Why pray?"), ids).unwrap();
    let got = serde_json::to_value(&req).unwrap();
    assert_eq!(got["id"], 42);
    assert_eq!(got["params"]["message"]["contextId"], "ctx-9");
    assert_eq!(got["params"]["message"]["messageId"], "msg-0001");
}

#[test]
fn any_skill_can_be_sent_with_raw_parts() {
    let data = SkillData::Id {
        id: "chicago".into(),
    };
    let req = message_send("future_skill", vec![OutgoingPart::data(data)], ids()).unwrap();
    let got = serde_json::to_value(&req).unwrap();
    assert_eq!(
        got["params"]["message"]["metadata"],
        json!({"skillId": "future_skill"})
    );
    assert_eq!(
        got["params"]["message"]["parts"],
        json!([{"kind": "data", "data": {"id": "chicago"}}])
    );
}

#[test]
fn task_methods() {
    let get = serde_json::to_value(tasks_get(" t-1 ", RequestId::from("r")).unwrap()).unwrap();
    assert_eq!(
        get,
        json!({"jsonrpc": "2.0", "id": "r", "method": "tasks/get", "params": {"id": "t-1"}})
    );
    let cancel = serde_json::to_value(tasks_cancel("t-1", RequestId::from(3)).unwrap()).unwrap();
    assert_eq!(cancel["method"], "tasks/cancel");
    assert_eq!(
        tasks_get("  ", RequestId::from(1)).unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
}

#[test]
fn bad_input_is_refused_before_anything_is_built() {
    let cases = [
        (Skill::CatholicQa, text("")),
        (Skill::CatholicQa, text(" \n\t ")),
        (Skill::DocumentSearch, text("")),
        (Skill::DocumentFetch, text("   ")),
        (Skill::LiturgicalReadings, when_text("2026-02-30")),
        (Skill::LiturgicalReadings, when_text("")),
        (Skill::SaintsOfTheDay, when_text("2026-13-01")),
        (Skill::PopeLookup, text("")),
    ];
    for (skill, arg) in cases {
        let e = skill_request(skill, &arg, ids()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput, "{skill} {arg:?}");
    }
    let e = skill_request(Skill::CatholicQa, &text("ok"), MessageIds::new("")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert_eq!(
        message_send("", vec![OutgoingPart::text("x")], ids())
            .unwrap_err()
            .kind(),
        ErrorKind::InvalidInput
    );
    assert_eq!(
        message_send("catholic_qa", vec![], ids())
            .unwrap_err()
            .kind(),
        ErrorKind::InvalidInput
    );
    assert_eq!(
        message_send("catholic_qa", vec![OutgoingPart::text(" ")], ids())
            .unwrap_err()
            .kind(),
        ErrorKind::InvalidInput
    );
}

#[test]
fn caller_parts_are_checked_before_sending() {
    use magisterium_core::request::validate_parts;
    let good = json!([
        {"kind": "text", "text": "hi"},
        {"kind": "data", "data": {"id": "1"}, "metadata": {}},
        {"kind": "file", "file": {"uri": "https://x/y"}},
        {"kind": "future", "whatever": 1}
    ]);
    assert!(validate_parts(&&good).is_ok());
    let bad = [
        (json!([]), "at least one part"),
        (json!("text"), "array of parts"),
        (json!([1]), "input[0]: a part must be an object"),
        (
            json!([{"text": "no kind"}]),
            "input[0]: a part needs a string `kind`",
        ),
        (
            json!([{"kind": "text", "text": "ok"}, {"kind": "text", "text": "  "}]),
            "input[1]: a text part",
        ),
        (json!([{"kind": "data", "data": [1]}]), "object `data`"),
        (
            json!([{"kind": "file", "file": {"bytes": "AA==", "uri": "u"}}]),
            "exactly one of",
        ),
        (json!([{"kind": "file", "file": {}}]), "exactly one of"),
        (
            json!([{"kind": "text", "text": "x", "metadata": 3}]),
            "`metadata` must be an object",
        ),
    ];
    for (parts, needle) in bad {
        let e = validate_parts(&&parts).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert!(e.message().contains(needle), "{parts}: {}", e.message());
    }
}
