//! The answer cache in the core natively: the mark a typed result carries (`task.cache`, from the
//! proxy's header or the Task's `metadata.cache`, over the response fixtures), the SDK's keys (the
//! same as the proxy's for the message the SDK sends), what it keeps, and its bounded store.

use crate::common;

use common::call_loop::{answer, body, search, with_cache, FakeClock, FakeTransport, Node};
use magisterium_core::cache::store::Store;
use magisterium_core::cache::{self, call_key, keeps, Mark};
use magisterium_core::call::Outcome;
use magisterium_core::date::CivilDate;
use magisterium_core::request::{skill_request, MessageIds, SkillArg, When};
use magisterium_core::results::{decode_skill_response, SkillAnswer};
use magisterium_core::serve::params::{check_send_params, SkillInput};
use magisterium_core::Skill;
use serde_json::Value;

/// The typed result's JSON (as the browser build hands it to JavaScript) of a search answered
/// with `outcome`.
fn search_result(outcome: common::call_loop::Outcome1) -> Value {
    let t = FakeTransport::new(vec![outcome]);
    match search(&t, &FakeClock::new(0.0)).unwrap() {
        Outcome::Skill(answer) => serde_json::to_value(&answer).unwrap(),
        _ => panic!("not a skill answer"),
    }
}

/// A fixture with `metadata: { cache }` on its Task.
fn with_metadata(name: &str, cache: &str) -> Node {
    let mut body = body(name).clone();
    body["result"]["metadata"] = serde_json::json!({ "cache": cache });
    Box::leak(Box::new(body))
}

#[test]
fn the_proxys_header_marks_the_typed_result() {
    for (value, mark) in [
        ("hit", "hit"),
        ("miss", "miss"),
        ("stale", "stale"),
        ("bypass", "bypass"),
        (" HIT ", "hit"),
    ] {
        let result = search_result(with_cache(answer(200, "search_results.json"), value));
        assert_eq!(result["task"]["cache"], mark, "{value}");
    }
}

#[test]
fn no_mark_when_no_proxy_said_anything() {
    let result = search_result(answer(200, "search_results.json"));
    assert_eq!(result["task"].get("cache"), None);
    // A header value that names no mark says nothing either.
    let result = search_result(with_cache(answer(200, "search_results.json"), "maybe"));
    assert_eq!(result["task"].get("cache"), None);
}

#[test]
fn the_tasks_metadata_marks_the_result_when_no_header_does() {
    let node = with_metadata("search_results.json", "stale");
    let answer = decode_skill_response(Skill::DocumentSearch, Some(node), 200, None).unwrap();
    let result = serde_json::to_value(&answer).unwrap();
    assert_eq!(result["task"]["cache"], "stale");
    // The header, the proxy's word on this very answer, comes first.
    let t = FakeTransport::new(vec![with_cache(
        Ok(magisterium_core::call::Answer {
            status: 200,
            body: magisterium_core::call::Body::Json(with_metadata("search_results.json", "hit")),
            retry_after: None,
            retry_after_ms: None,
            cache_control: None,
            cache: None,
        }),
        "miss",
    )]);
    let Outcome::Skill(answer) = search(&t, &FakeClock::new(0.0)).unwrap() else {
        panic!("not a skill answer");
    };
    assert_eq!(
        serde_json::to_value(&answer).unwrap()["task"]["cache"],
        "miss"
    );
}

/// The key the proxy gives the message the SDK writes for `skill` and `arg` (explicit inputs:
/// the proxy resolves relative dates, the core does not).
fn proxys_key(skill: Skill, arg: &SkillArg) -> Option<String> {
    let ids = MessageIds {
        request_id: None,
        message_id: "m-1".into(),
        context_id: None,
    };
    let request = serde_json::to_value(skill_request(skill, arg, ids).unwrap()).unwrap();
    let (message, chosen) = check_send_params(&request["params"]).unwrap();
    assert_eq!(chosen, skill);
    let input = SkillInput::from_parts(skill, &message.parts).unwrap();
    let rule = cache::rule(skill).filter(|r| r.fresh_secs > 0)?;
    Some(cache::key(skill, &cache::subject(rule.key, &input)?))
}

#[test]
fn the_sdks_key_is_the_proxys_key_of_the_message_it_sends() {
    let date = CivilDate::parse_iso("2026-12-08").unwrap();
    let calls = [
        (Skill::LiturgicalReadings, SkillArg::When(When::Date(date))),
        (
            Skill::LiturgicalReadings,
            SkillArg::When(When::Text("2026-12-08".into())),
        ),
        (Skill::SaintsOfTheDay, SkillArg::When(When::Date(date))),
        (
            Skill::SaintsOfTheDay,
            SkillArg::When(When::Text(" 2026-12-08".into())),
        ),
        (
            Skill::DocumentFetch,
            SkillArg::Text(" lumen-gentium ".into()),
        ),
        (
            Skill::PopeLookup,
            SkillArg::Text("  Pope   LEO xiv ".into()),
        ),
        (
            Skill::DioceseStatisticsLookup,
            SkillArg::Text("Rome".into()),
        ),
        (Skill::DocumentSearch, SkillArg::Text("Grace".into())),
    ];
    for (skill, arg) in &calls {
        let (key, _) = call_key(*skill, arg).expect("kept");
        assert_eq!(Some(key), proxys_key(*skill, arg), "{skill:?} {arg:?}");
    }
    let readings = |arg| call_key(Skill::LiturgicalReadings, &arg).map(|(key, _)| key);
    assert_eq!(
        readings(SkillArg::When(When::Date(date))),
        readings(SkillArg::When(When::Text("2026-12-08".into())))
    );
    let (key, subject) =
        call_key(Skill::PopeLookup, &SkillArg::Text(" Pope  Leo XIV".into())).unwrap();
    assert_eq!(subject, "q:pope leo xiv");
    assert!(key.ends_with("/pope_lookup/q%3Apope%20leo%20xiv"), "{key}");
}

/// The core keys only an explicit date: the proxy and the SDK's cache resolve a date in words
/// first (with the calendar's reader, in their zone), and a question is never kept.
#[test]
fn the_core_keys_no_relative_date_and_no_question() {
    for text in ["today", "next Sunday", "March 19"] {
        let arg = SkillArg::When(When::Text(text.into()));
        assert_eq!(call_key(Skill::LiturgicalReadings, &arg), None, "{text}");
        assert_eq!(call_key(Skill::SaintsOfTheDay, &arg), None, "{text}");
    }
    let question = SkillArg::Text("What is grace?".into());
    assert_eq!(call_key(Skill::CatholicQa, &question), None);
}

fn decoded(skill: Skill, fixture: &str) -> SkillAnswer<Node> {
    decode_skill_response(skill, Some(body(fixture)), 200, None).unwrap()
}

#[test]
fn only_answers_that_carry_what_the_skill_promises_are_kept() {
    let kept = [
        (Skill::DocumentSearch, "search_results.json", "q:grace"),
        (Skill::LiturgicalReadings, "readings.json", "2026-12-08"),
        (Skill::SaintsOfTheDay, "saints.json", "2026-12-08"),
        (Skill::PopeLookup, "lookup_pope.json", "q:leo"),
    ];
    for (skill, fixture, subject) in kept {
        assert!(keeps(&decoded(skill, fixture), subject), "{fixture}");
    }
    let not_kept = [
        (Skill::DocumentSearch, "search_empty.json", "q:grace"),
        (
            Skill::LiturgicalReadings,
            "readings_not_found.json",
            "2026-12-08",
        ),
        (Skill::SaintsOfTheDay, "saints_not_found.json", "2026-12-08"),
        (Skill::DocumentFetch, "document_not_found.json", "x"),
        (Skill::PopeLookup, "lookup_not_found.json", "q:nobody"),
    ];
    for (skill, fixture, subject) in not_kept {
        assert!(!keeps(&decoded(skill, fixture), subject), "{fixture}");
    }
    // A document is kept only under its own id.
    let document = decoded(Skill::DocumentFetch, "document.json");
    let id = serde_json::to_value(&document).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(keeps(&document, &id));
    assert!(!keeps(&document, "another-document"));
}

const NOW: f64 = 1_796_731_200_000.0; // 2026-12-08T12:00:00Z

#[test]
fn the_store_serves_a_fresh_answer_for_the_tables_lifetime() {
    let mut store = Store::new(10, 1_000);
    store.put(Skill::DocumentSearch, "k".into(), "answer", 6, NOW);
    assert_eq!(store.get("k", NOW + 3_599_000.0), Some("answer"));
    // document_search: an hour; past it the entry is gone.
    assert_eq!(store.get("k", NOW + 3_600_000.0), None);
    assert!(store.is_empty());
    assert_eq!(store.bytes(), 0);
    // A clock set back more than a minute does not serve an entry "from the future".
    store.put(Skill::DocumentSearch, "k".into(), "answer", 6, NOW);
    assert_eq!(store.get("k", NOW - 61_000.0), None);
    // A skill the table does not keep is not kept.
    store.put(Skill::CatholicQa, "q".into(), "answer", 6, NOW);
    assert_eq!(store.get("q", NOW), None);
}

#[test]
fn the_store_holds_its_bounds_dropping_the_least_recently_used() {
    let mut store = Store::new(2, 1_000);
    store.put(Skill::PopeLookup, "a".into(), 1, 10, NOW);
    store.put(Skill::PopeLookup, "b".into(), 2, 10, NOW);
    assert_eq!(store.get("a", NOW), Some(1)); // `b` is now the least recently used
    store.put(Skill::PopeLookup, "c".into(), 3, 10, NOW);
    assert_eq!((store.len(), store.get("b", NOW)), (2, None));
    assert_eq!(
        (store.get("a", NOW), store.get("c", NOW)),
        (Some(1), Some(3))
    );

    let mut store = Store::new(100, 100);
    for (i, key) in ["a", "b", "c"].into_iter().enumerate() {
        store.put(Skill::PopeLookup, key.into(), i, 39, NOW); // 40 bytes with its key
    }
    assert_eq!((store.len(), store.bytes()), (2, 80));
    assert_eq!(store.get("a", NOW), None);
    // An answer larger than the whole store is not kept, and drops nothing.
    store.put(Skill::PopeLookup, "huge".into(), 9, 100, NOW);
    assert_eq!((store.len(), store.get("huge", NOW)), (2, None));
    // The same key again replaces its entry.
    store.put(Skill::PopeLookup, "b".into(), 7, 9, NOW);
    assert_eq!(
        (store.len(), store.bytes(), store.get("b", NOW)),
        (2, 50, Some(7))
    );
    assert_eq!(Mark::parse("Stale"), Some(Mark::Stale));
}

#[test]
fn today_is_read_in_the_zone_just_before_and_after_its_midnight() {
    let midnight_utc = 1_796_774_400_000.0; // 2026-12-09T00:00:00Z
    let day = |ms, zone| cache::today(ms, zone).unwrap().to_string();
    assert_eq!(day(midnight_utc - 1.0, 0), "2026-12-08");
    assert_eq!(day(midnight_utc, 0), "2026-12-09");
    // An hour east of UTC, the day turns an hour earlier; five hours west, five hours later.
    let plus_one = cache::parse_zone("+01:00").unwrap();
    assert_eq!(day(midnight_utc - 3_600_001.0, plus_one), "2026-12-08");
    assert_eq!(day(midnight_utc - 3_600_000.0, plus_one), "2026-12-09");
    let minus_five = cache::parse_zone("UTC-05").unwrap();
    assert_eq!(
        day(midnight_utc + 5.0 * 3_600_000.0 - 1.0, minus_five),
        "2026-12-08"
    );
    assert_eq!(
        day(midnight_utc + 5.0 * 3_600_000.0, minus_five),
        "2026-12-09"
    );
    for zone in ["Europe/Rome", "+15:00", "+01:60", "1", ""] {
        let expected = (zone.is_empty()).then_some(0);
        assert_eq!(cache::parse_zone(zone), expected, "{zone:?}");
    }
}
