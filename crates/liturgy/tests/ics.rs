//! The iCalendar feed (RFC 5545): line endings, folding at 75 octets without splitting a
//! character, escaping of text, and the events of a year.

use magisterium_core::CivilDate;
use magisterium_liturgy::calendar;
use magisterium_liturgy::ics::{escape, push, year_ics};

fn date(y: i32, m: u32, d: u32) -> CivilDate {
    CivilDate::new(y, m, d).unwrap()
}

/// The logical lines of an iCalendar text (continuation lines joined, RFC 5545 §3.1).
fn unfold(text: &str) -> Vec<String> {
    text.replace("\r\n ", "")
        .split("\r\n")
        .map(str::to_owned)
        .collect()
}

#[test]
fn text_is_escaped() {
    assert_eq!(escape("a,b;c\\d\ne"), "a\\,b\\;c\\\\d\\ne");
    assert_eq!(escape("Saint Joseph, Spouse"), "Saint Joseph\\, Spouse");
}

#[test]
fn long_lines_fold_at_75_octets_between_characters() {
    let line = format!("SUMMARY:{}", "é".repeat(100) + &"x".repeat(80));
    let mut out = String::new();
    push(&mut out, &line);
    assert!(out.ends_with("\r\n"));
    let physical: Vec<&str> = out.trim_end_matches("\r\n").split("\r\n").collect();
    assert!(physical.len() > 3);
    for (i, l) in physical.iter().enumerate() {
        assert!(l.len() <= 75, "{i}: {} octets", l.len());
        assert_eq!(i > 0, l.starts_with(' '), "{i}");
    }
    assert_eq!(unfold(&out)[0], line);
    let mut short = String::new();
    push(&mut short, "VERSION:2.0");
    assert_eq!(short, "VERSION:2.0\r\n");
}

#[test]
fn a_year_of_the_united_states_calendar() {
    let us = calendar("united-states").unwrap();
    let text = year_ics(2027, us, date(2026, 12, 4)).unwrap();
    assert!(
        !text.replace("\r\n", "").contains('\n'),
        "only CRLF line endings"
    );
    assert!(text.split("\r\n").all(|l| l.len() <= 75));
    let lines = unfold(&text);
    assert_eq!(lines.first().map(String::as_str), Some("BEGIN:VCALENDAR"));
    assert_eq!(
        lines.iter().rev().nth(1).map(String::as_str),
        Some("END:VCALENDAR")
    );
    assert!(lines.contains(&"VERSION:2.0".to_owned()));
    assert!(lines.iter().any(|l| l.starts_with("PRODID:")));
    assert_eq!(lines.iter().filter(|l| *l == "BEGIN:VEVENT").count(), 365);
    assert_eq!(lines.iter().filter(|l| *l == "END:VEVENT").count(), 365);
    // Sunday January 3: the Epiphany, with its readings and where it was moved from.
    let start = lines
        .iter()
        .position(|l| l == "DTSTART;VALUE=DATE:20270103")
        .unwrap();
    let event: Vec<&String> = lines[start..]
        .iter()
        .take_while(|l| *l != "END:VEVENT")
        .collect();
    assert!(event.contains(&&"DTEND;VALUE=DATE:20270104".to_owned()));
    assert!(event.contains(&&"SUMMARY:The Epiphany of the Lord".to_owned()));
    assert!(event.contains(&&"CATEGORIES:Solemnity,white".to_owned()));
    let description = event
        .iter()
        .find(|l| l.starts_with("DESCRIPTION:"))
        .unwrap();
    assert!(
        description.contains("Readings: Is 60:1-6 | Ps 72 | Eph 3:2-3a\\, 5-6 | Mt 2:1-12"),
        "{description}"
    );
    // Every event has a unique UID and a UTC DTSTAMP.
    let uids: std::collections::HashSet<&String> =
        lines.iter().filter(|l| l.starts_with("UID:")).collect();
    assert_eq!(uids.len(), 365);
    assert!(lines
        .iter()
        .filter(|l| l.starts_with("DTSTAMP:"))
        .all(|l| l == "DTSTAMP:20261204T000000Z"));
    // A leap year has 366 days; outside the range there is no feed.
    let general = calendar("general-roman").unwrap();
    let leap = year_ics(2028, general, date(2026, 12, 4)).unwrap();
    assert_eq!(leap.matches("BEGIN:VEVENT").count(), 366);
    assert!(year_ics(2200, general, date(2026, 12, 4)).is_none());
}
