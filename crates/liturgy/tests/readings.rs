//! The day's readings (the Lectionary's references): every day has them, every entry of the data
//! is reached, and a sample of days matches the Lectionary's own references
//! (tests/fixtures/lectionary_sample.toml, written from the Lectionary independently of the data).

use std::collections::BTreeSet;

use magisterium_core::CivilDate;
use magisterium_liturgy::lectionary::{keys, masses_for, masses_in, readings, readings_for};
use magisterium_liturgy::{calendar, liturgical_day, liturgical_day_in, SundayCycle};

fn days(from: i32, to: i32) -> impl Iterator<Item = CivilDate> {
    let end = CivilDate::new(to, 12, 31).unwrap();
    std::iter::successors(CivilDate::new(from, 1, 1), move |d| {
        d.add_days(1).filter(|n| *n <= end)
    })
}

#[test]
fn every_day_of_2025_to_2035_has_its_readings() {
    let mut count = 0;
    for date in days(2025, 2035) {
        let day = liturgical_day(date).unwrap();
        let masses = masses_for(&day);
        let own = masses.first();
        assert!(own.is_some(), "{date} {} has no readings", day.id);
        for r in &masses {
            assert!(!r.first.is_empty() && !r.psalm.is_empty() && !r.gospel.is_empty());
        }
        assert_eq!(readings_for(&day), own.copied());
        count += 1;
    }
    assert_eq!(count, 4017);
}

#[test]
fn every_entry_is_reached() {
    let mut reached = BTreeSet::new();
    let calendars = ["general-roman", "united-states"].map(|id| calendar(id).unwrap());
    for date in days(2000, 2060) {
        for cal in calendars {
            let day = liturgical_day_in(date, cal).unwrap();
            let masses = masses_in(&day, cal);
            for id in [day.id.as_str(), day.season_day_id.as_str()] {
                if !masses.is_empty() {
                    reached.insert(id.to_owned());
                }
            }
            for m in &day.optional_memorials {
                reached.insert(m.id.to_owned());
            }
        }
    }
    let unreached: Vec<&str> = keys()
        .into_iter()
        .filter(|k| !reached.contains(*k))
        .collect();
    assert_eq!(unreached, Vec::<&str>::new());
    assert!(keys().len() > 420, "{}", keys().len());
}

#[test]
fn the_easter_vigil_christmas_and_vigil_masses_are_options() {
    let day = |y, m, d| liturgical_day(CivilDate::new(y, m, d).unwrap()).unwrap();
    let christmas = masses_for(&day(2026, 12, 25));
    let notes: Vec<_> = christmas.iter().map(|r| r.note.unwrap()).collect();
    assert_eq!(
        notes,
        [
            "Mass during the Day",
            "Vigil Mass",
            "Mass during the Night",
            "Mass at Dawn"
        ]
    );
    let vigil = readings("holy_saturday", SundayCycle::B).unwrap();
    assert!(vigil.vigil && vigil.gospel == "Mk 16:1-7" && vigil.number == Some(41));
    assert!(!readings("easter_sunday", SundayCycle::B).unwrap().vigil);
    assert_eq!(readings("no_such_day", SundayCycle::A), None);
    // A memorial keeps the weekday's readings; its own come second, named by its title.
    let sorrows = masses_for(&day(2026, 9, 15));
    assert_eq!(sorrows.len(), 2);
    assert_eq!(sorrows[1].number, Some(639));
    assert_eq!(sorrows[1].note, Some("Our Lady of Sorrows"));
}

#[derive(serde::Deserialize)]
struct Sample {
    day: Vec<Row>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    date: String,
    calendar: Option<String>,
    mass: Option<String>,
    number: u32,
    first: String,
    psalm: Option<String>,
    gospel: String,
}

/// `expected` is the reference in `data`, or one of its alternatives (`… or …`, a note such as
/// `(in Year A)` left out), or the first of its list (the Easter Vigil's readings).
fn cites(data: &str, expected: &str) -> bool {
    let bare = |a: &str| a.split(" (").next().unwrap_or(a).trim().to_owned();
    data == expected
        || data.split(" or ").any(|a| bare(a) == expected)
        || data.starts_with(&format!("{expected};"))
}

/// The psalm `expected` (`Ps 122`) is the psalm of `data` (`Ps 122:1-2, 3-4b`) or one of its
/// alternatives.
fn sings(data: &str, expected: &str) -> bool {
    data.split([';'])
        .flat_map(|p| p.split(" or "))
        .any(|a| a.trim().split(':').next() == Some(expected))
}

#[test]
fn a_sample_of_days_holds_the_lectionarys_own_references() {
    let text = include_str!("fixtures/lectionary_sample.toml");
    let sample: Sample = toml::from_str(text).unwrap();
    assert!(sample.day.len() >= 60);
    let mut wrong = Vec::new();
    for row in &sample.day {
        let cal = calendar(row.calendar.as_deref().unwrap_or("general-roman")).unwrap();
        let date = CivilDate::parse_iso(&row.date).unwrap();
        let day = liturgical_day_in(date, cal).unwrap();
        let masses = masses_in(&day, cal);
        let mass = match &row.mass {
            Some(name) => masses.iter().find(|m| m.note == Some(name.as_str())),
            None => masses.first(),
        };
        let Some(m) = mass else {
            wrong.push(format!(
                "{} ({}): no Mass {:?}",
                row.date, row.number, row.mass
            ));
            continue;
        };
        let ok = cites(m.first, &row.first)
            && cites(m.gospel, &row.gospel)
            && row.psalm.as_ref().is_none_or(|p| sings(m.psalm, p))
            && m.number.is_none_or(|n| n == row.number);
        if !ok {
            wrong.push(format!("{} ({}) {}: {m:?}", row.date, row.number, day.id));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {}:\n{}",
        wrong.len(),
        sample.day.len(),
        wrong.join("\n")
    );
}

/// One OSIS range: `Book.chapter[.verse][-Book.chapter[.verse]]`.
fn is_osis_range(range: &str) -> bool {
    let point = |p: &str| {
        let mut parts = p.split('.');
        let book = parts.next().unwrap_or("");
        let numbers: Vec<&str> = parts.collect();
        !book.is_empty()
            && book.chars().all(|c| c.is_ascii_alphanumeric())
            && (1..=2).contains(&numbers.len())
            && numbers
                .iter()
                .all(|n| !n.is_empty() && (n.chars().all(|c| c.is_ascii_digit()) || n.len() == 1))
    };
    match range.split_once('-') {
        Some((a, b)) => point(a) && point(b),
        None => point(range),
    }
}

#[test]
fn every_reference_has_its_machine_form() {
    let annunciation = readings("annunciation_of_the_lord", SundayCycle::A).unwrap();
    assert_eq!(annunciation.osis.first, "Isa.7.10-Isa.7.14,Isa.8.10");
    let vigil = readings("holy_saturday", SundayCycle::A).unwrap();
    assert_eq!(
        vigil.osis.psalm,
        "Ps.104,Ps.16,Exod.15,Ps.30,Isa.12,Ps.19,Ps.42-Ps.43,Ps.118"
    );
    let philemon = readings("ordinary_time_23_sunday", SundayCycle::C).unwrap();
    assert_eq!(
        philemon.osis.second,
        Some("Phlm.1.9-Phlm.1.10,Phlm.1.12-Phlm.1.17")
    );
    let christmas = liturgical_day(CivilDate::new(2026, 12, 25).unwrap()).unwrap();
    let night_vigil = masses_for(&christmas)[1];
    assert_eq!(
        night_vigil.osis.gospel,
        "Matt.1.1-Matt.1.25|Matt.1.18-Matt.1.25"
    );
    for date in days(2025, 2035) {
        for r in masses_for(&liturgical_day(date).unwrap()) {
            let fields = [r.osis.first, r.osis.psalm, r.osis.gospel];
            for machine in fields.into_iter().chain(r.osis.second) {
                let ok = machine
                    .split('|')
                    .all(|alt| alt.split(',').all(is_osis_range));
                assert!(ok, "{date}: {machine:?} of {r:?}");
            }
        }
    }
}
