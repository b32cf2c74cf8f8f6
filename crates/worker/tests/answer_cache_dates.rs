//! The answer cache's keys: normalised queries, exact ids, and relative dates resolved by the
//! proxy in the deployment's zone (`CACHE_TIME_ZONE`) before the key, the upstream then asked for
//! that very date.

use crate::answer_cache::{finish, send};
use crate::common;

use common::proxy::{planned, post, route, settings};
use magisterium_core::ids::SeededRandom;
use magisterium_core::serve::http::WorkerRequest;
use magisterium_core::Skill;
use magisterium_worker::app::{App, Route};
use magisterium_worker::cache::keys::{key, normalise, parse_zone};
use magisterium_worker::cache::{Mark, CACHE_HEADER};
use magisterium_worker::proxy::ForwardPlan;
use magisterium_worker::settings::Settings;
use serde_json::{json, Value};

/// 2026-12-07T12:00:00Z, a Monday.
const MONDAY_NOON: f64 = 1_796_644_800_000.0;
const HOUR: f64 = 3_600_000.0;

/// `skill` asked with a text part `text` at `now_ms`.
fn asked(skill: &str, text: &str, now_ms: f64) -> WorkerRequest {
    let mut request = post(
        &send(
            skill,
            json!(1),
            "a",
            json!([{"kind": "text", "text": text}]),
        ),
        &[],
    );
    request.now_ms = now_ms;
    request
}

fn plan_at(s: &Settings, skill: &str, text: &str, now_ms: f64) -> ForwardPlan {
    planned(&mut App::new(), s, &asked(skill, text, now_ms))
}

/// The key's last segment (the date, for a date key).
fn subject(plan: &ForwardPlan) -> Option<String> {
    plan.cache.as_ref().map(|c| c.subject.clone())
}

/// The message parts that go upstream.
fn sent_parts(plan: &ForwardPlan) -> Value {
    let body: Value = plan
        .body
        .as_deref()
        .and_then(|b| serde_json::from_str(b).ok())
        .unwrap_or_default();
    body["params"]["message"]["parts"].clone()
}

#[test]
fn queries_share_a_key_when_the_service_reads_the_same() {
    assert_eq!(normalise("  Pope\tLeo   XIV "), "pope leo xiv");
    let s = settings(&[]);
    let key_of = |parts: Value| {
        let plan = planned(
            &mut App::new(),
            &s,
            &post(&send("pope_lookup", json!(1), "a", parts), &[]),
        );
        plan.cache.map(|c| c.key)
    };
    let text = |t: &str| json!([{"kind": "text", "text": t}]);
    assert_eq!(key_of(text("Leo  XIV")), key_of(text(" leo xiv")));
    assert_ne!(
        key_of(text("Leo XIV")),
        key_of(json!([{"kind": "data", "data": {"id": "Leo XIV"}}]))
    );
    assert_ne!(key_of(text("Leo XIV")), key_of(text("Leo XIII")));
    assert_ne!(
        key(Skill::PopeLookup, "a/b"),
        key(Skill::PopeLookup, "a%2Fb")
    );
    assert_ne!(key(Skill::PopeLookup, "x"), key(Skill::SaintLookup, "x"));
}

#[test]
fn a_relative_date_is_resolved_before_the_key_and_sent_upstream_explicitly() {
    let s = settings(&[]);
    let readings = plan_at(&s, "liturgical_readings", "tomorrow", MONDAY_NOON);
    assert_eq!(subject(&readings).as_deref(), Some("2026-12-08"));
    assert!(readings
        .cache
        .as_ref()
        .is_some_and(|c| c.key.ends_with("/liturgical_readings/2026-12-08")));
    assert_eq!(
        sent_parts(&readings),
        json!([{"kind": "text", "text": "2026-12-08"}])
    );
    let saints = plan_at(&s, "saints_of_the_day", "next Sunday", MONDAY_NOON);
    assert_eq!(subject(&saints).as_deref(), Some("2026-12-13"));
    assert_eq!(
        sent_parts(&saints),
        json!([{"kind": "data", "data": {"date": "2026-12-13"}}])
    );
    // An explicit date keeps the caller's message as it is; the same day in words shares its key.
    let explicit = plan_at(&s, "liturgical_readings", "2026-12-08", MONDAY_NOON);
    assert_eq!(explicit.body, None);
    assert_eq!(
        explicit.cache.as_ref().map(|c| &c.key),
        readings.cache.as_ref().map(|c| &c.key)
    );
    let words = plan_at(&s, "liturgical_readings", "December 8", MONDAY_NOON);
    assert_eq!(subject(&words).as_deref(), Some("2026-12-08"));
    // The caller's Task holds the caller's own message, "tomorrow" and all.
    let cached = readings.cache.as_ref().unwrap();
    assert_eq!(cached.message["parts"][0]["text"], "tomorrow");
    // What the reader cannot read goes upstream as it came, and is not kept.
    let unread = plan_at(
        &s,
        "liturgical_readings",
        "the day after my birthday",
        MONDAY_NOON,
    );
    assert_eq!(
        (unread.cache.is_none(), unread.body.as_deref()),
        (true, None)
    );
    let answer = finish(
        &s,
        &unread,
        &json!({"jsonrpc": "2.0", "id": 1, "result": {}}),
    )
    .0;
    assert_eq!(answer.header(CACHE_HEADER), Some("bypass"));
}

#[test]
fn a_resolved_date_reaches_the_upstream_through_the_doors() {
    let s = settings(&[]);
    let v1 = json!({"jsonrpc": "2.0", "id": 3, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m", "parts": [{"text": "tomorrow"}],
        "metadata": {"skillId": "liturgical_readings"}}}});
    let mut request = post(&v1.to_string(), &[("a2a-version", "1.0")]);
    request.now_ms = MONDAY_NOON;
    let Route::Forward(plan) = route(&mut App::new(), &s, &request) else {
        panic!("a 1.0 call goes upstream");
    };
    assert_eq!(
        sent_parts(&plan),
        json!([{"kind": "text", "text": "2026-12-08"}])
    );
}

#[test]
fn today_just_before_and_after_midnight_in_the_zone_gives_two_keys_and_the_right_readings() {
    let paris = settings(&[("CACHE_TIME_ZONE", "+01:00")]);
    let midnight = MONDAY_NOON + 11.0 * HOUR; // 2026-12-07T23:00Z, midnight in +01:00
    let before = plan_at(&paris, "liturgical_readings", "today", midnight - 1000.0);
    let after = plan_at(&paris, "liturgical_readings", "today", midnight);
    assert_eq!(subject(&before).as_deref(), Some("2026-12-07"));
    assert_eq!(subject(&after).as_deref(), Some("2026-12-08"));
    assert_eq!(
        sent_parts(&after),
        json!([{"kind": "text", "text": "2026-12-08"}])
    );
    // The default zone is the service's own, UTC: still the 7th there.
    let utc = plan_at(&settings(&[]), "liturgical_readings", "today", midnight);
    assert_eq!(subject(&utc).as_deref(), Some("2026-12-07"));
    // The answer kept for the 7th never answers a call for the 8th.
    let readings = |date: &str| {
        json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "task",
        "id": "t", "contextId": "c", "status": {"state": "completed"}, "artifacts": [{
        "artifactId": "a", "name": "mass_readings", "parts": [{"kind": "text", "text": format!("Readings of {date}")}]}]}})
    };
    let entry = finish(&paris, &before, &readings("2026-12-07")).1.unwrap();
    let app = App::new();
    assert!(app
        .from_cache(&after, &entry, Mark::Hit, &paris, &mut SeededRandom(1))
        .is_none());
    let hit = app
        .from_cache(&before, &entry, Mark::Hit, &paris, &mut SeededRandom(1))
        .unwrap();
    assert!(hit.body.contains("Readings of 2026-12-07"));
}

#[test]
fn the_zone_setting_reads_utc_and_fixed_offsets() {
    for (text, minutes) in [
        ("UTC", Some(0)),
        ("", Some(0)),
        ("Z", Some(0)),
        ("+01:00", Some(60)),
        ("UTC+1", Some(60)),
        ("-05:30", Some(-330)),
        ("+14:00", Some(840)),
        ("+15:00", None),
        ("Europe/Rome", None),
        ("+1:75", None),
    ] {
        assert_eq!(parse_zone(text), minutes, "{text:?}");
    }
    assert_eq!(
        settings(&[("CACHE_TIME_ZONE", "-03:00")]).cache_zone_minutes,
        -180
    );
    assert_eq!(
        settings(&[("CACHE_TIME_ZONE", "Mars/Olympus")]).cache_zone_minutes,
        0
    );
}
