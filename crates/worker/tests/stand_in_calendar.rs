//! The stand-in's calendar answers over the real JSON-RPC path: `liturgical_readings` and
//! `saints_of_the_day` for every day of 2026 and 2027 hash to the digest taken from the code before
//! the calendar moved into `crates/liturgy/src/` and its tables into `data/liturgy/` (issue 20),
//! taken again when issue 41 dropped the Epiphany, Baptism, Ascension and Corpus Christi notes (the
//! national calendars move those days now) and the words "where it was impeded" from transfer
//! notes: the texts differed on those 18 lines only; and again when issue 41 gave every day its
//! readings (the weekdays, memorials with their own, vigil Masses and the Masses of Christmas, with
//! Lectionary numbers: `liturgical_readings` only, under "## Readings"; taken again when the Sundays'
//! and feasts' sets got their Lectionary numbers and Lent its optional Masses of the week). A change
//! of any byte of any answer fails here; `STAND_IN_CALENDAR_DUMP=path` writes the texts to diff.

use magisterium_core::CivilDate;
use magisterium_liturgy::lectionary::readings_for;
use magisterium_liturgy::liturgical_day;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::common;
use common::worker::Harness;

/// SHA-256 of the 1,460 answers (730 days × 2 skills), each text followed by a NUL.
const DIGEST_2026_2027: &str = "56b6cf554146e3d908a2899af03c341a5670eaed1c08286c242100842c08d556";

fn answer_text(h: &mut Harness, skill: &str, date: CivilDate) -> String {
    let (_, body) = h.send(
        skill,
        json!([{"kind": "data", "data": {"date": date.to_string()}}]),
    );
    let parts = &body["result"]["artifacts"][0]["parts"];
    let texts: Vec<&str> = parts
        .as_array()
        .unwrap_or_else(|| panic!("{skill} {date}: {body}"))
        .iter()
        .filter_map(|p| p.get("text").and_then(Value::as_str))
        .collect();
    assert_eq!(texts.len(), 1, "{skill} {date}: {body}");
    texts[0].to_owned()
}

#[test]
fn readings_and_saints_of_2026_and_2027_are_unchanged() {
    let mut h = Harness::new(&[]);
    let mut all = String::new();
    let mut date = CivilDate::new(2026, 1, 1).unwrap();
    let end = CivilDate::new(2027, 12, 31).unwrap();
    let mut days = 0;
    while date <= end {
        for skill in ["liturgical_readings", "saints_of_the_day"] {
            all.push_str(&answer_text(&mut h, skill, date));
            all.push('\0');
        }
        days += 1;
        date = date.add_days(1).unwrap();
    }
    assert_eq!(days, 730);
    if let Ok(path) = std::env::var("STAND_IN_CALENDAR_DUMP") {
        std::fs::write(path, &all).unwrap();
    }
    let digest: String = Sha256::digest(all.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(digest, DIGEST_2026_2027);
}

/// The two skills say what `liturgy::liturgical_day` says, for every day of 2025–2027: the
/// celebration, its rank and colour, the season, the cycles, the optional memorials and the notes.
#[test]
fn the_skills_agree_with_the_calendar_for_three_years() {
    let mut h = Harness::new(&[]);
    let mut date = CivilDate::new(2025, 1, 1).unwrap();
    while date <= CivilDate::new(2027, 12, 31).unwrap() {
        let day = liturgical_day(date).unwrap();
        let readings = answer_text(&mut h, "liturgical_readings", date);
        let saints = answer_text(&mut h, "saints_of_the_day", date);
        let heading = format!("**{}** ({})", day.name, day.rank.label());
        assert!(readings.contains(&heading), "{date}: {readings}");
        let season = match day.week {
            Some(w) => format!("- Season: {}, week {w}\n", day.season),
            None => format!("- Season: {}\n", day.season),
        };
        assert!(readings.contains(&season), "{date}: {readings}");
        let cycles = format!(
            "- Sunday cycle: Year {}; weekday cycle: Year {}\n- Liturgical colour: {}\n",
            day.sunday_cycle.key(),
            day.weekday_cycle.key(),
            day.colour.key()
        );
        assert!(readings.contains(&cycles), "{date}: {readings}");
        assert_eq!(
            readings.contains("## Readings"),
            readings_for(&day).is_some(),
            "{date}: {readings}"
        );
        let celebrated = format!("{}: {}", date.year(), day.name);
        let season_day = format!("the day is {}", day.season_day);
        assert!(
            saints.contains(&celebrated) || saints.contains(&season_day),
            "{date}: {saints}"
        );
        assert!(saints.contains(day.colour.key()), "{date}: {saints}");
        for c in &day.optional_memorials {
            assert!(
                readings.contains(c.title) && saints.contains(c.title),
                "{date}: {}",
                c.id
            );
        }
        for note in &day.notes {
            assert!(
                readings.contains(note) && saints.contains(note),
                "{date}: {note}"
            );
        }
        date = date.add_days(1).unwrap();
    }
}
