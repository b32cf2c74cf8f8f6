//! The demo's Worker serves the calendar people subscribe to: `/calendar/<calendar>.ics`, a year
//! before and after the current one, as iCalendar with caching headers (issue 41).

use crate::common;
use common::worker::Harness;

#[test]
fn the_feed_of_a_national_calendar_spans_three_years_and_is_cacheable() {
    let mut h = Harness::new(&[]); // the clock: 2026-12-01
    for path in [
        "/calendar/united-states.ics",
        "/calendar/united-states/boston.ics",
    ] {
        let r = h.request("GET", path, &[], "");
        assert_eq!(r.status, 200, "{path}: {}", r.body);
        assert_eq!(
            r.header("content-type"),
            Some("text/calendar; charset=utf-8")
        );
        let cache = r.header("cache-control").unwrap();
        assert!(cache.starts_with("public, max-age="), "{cache}");
        assert!(r.header("etag").is_some());
        assert!(r.body.starts_with("BEGIN:VCALENDAR\r\n"));
        assert!(r.body.ends_with("END:VCALENDAR\r\n"));
        // 2025, 2026 and 2027: 365 days each.
        assert_eq!(
            r.body.matches("BEGIN:VEVENT\r\n").count(),
            3 * 365,
            "{path}"
        );
        assert!(r.body.contains("DTSTART;VALUE=DATE:20250101\r\n"));
        assert!(r.body.contains("DTSTART;VALUE=DATE:20271231\r\n"));
        assert!(!r.body.contains("DTSTART;VALUE=DATE:20280101\r\n"));
        assert!(r.body.contains("REFRESH-INTERVAL;VALUE=DURATION:P1D\r\n"));
    }
    let us = h.request("GET", "/calendar/united-states.ics", &[], "");
    assert!(us.body.contains("DTSTART;VALUE=DATE:20270509\r\nDTEND;VALUE=DATE:20270510\r\nSUMMARY:The Ascension of the Lord\r\n"));
    // The same feed again: the same ETag, and 304 when the client has it.
    let etag = us.header("etag").unwrap().to_owned();
    let again = h.request(
        "GET",
        "/calendar/united-states.ics",
        &[("if-none-match", &etag)],
        "",
    );
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    let general = h.request("GET", "/calendar/general-roman.ics", &[], "");
    assert_ne!(general.header("etag"), Some(etag.as_str()));
}

#[test]
fn an_unknown_calendar_is_404_naming_the_known_ones() {
    let mut h = Harness::new(&[]);
    let r = h.request("GET", "/calendar/narnia.ics", &[], "");
    assert_eq!(r.status, 404);
    assert!(
        r.body.contains("united-states") && r.body.contains("general-roman"),
        "{}",
        r.body
    );
    let r = h.request("POST", "/calendar/united-states.ics", &[], "");
    assert_eq!(r.status, 405);
}
