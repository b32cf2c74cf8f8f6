//! The data files as the calendar sees them: the General Roman Calendar's solemnities and ranks,
//! ids that are stable and unique, a Lectionary whose every entry is reached by some day and every
//! Sunday and solemnity of 1900–2199 covered, and the psalter weeks.

use std::collections::{HashMap, HashSet};

use magisterium_core::CivilDate;
use magisterium_liturgy::ids::is_proper_of_time_id;
use magisterium_liturgy::sanctoral::{self, celebrations_on};
use magisterium_liturgy::{liturgical_day, Colour, LiturgicalDay, Rank};

fn date(y: i32, m: u32, d: u32) -> CivilDate {
    CivilDate::new(y, m, d).unwrap()
}

fn every_day() -> impl Iterator<Item = LiturgicalDay> {
    let mut d = date(1900, 1, 1);
    std::iter::from_fn(move || {
        let day = liturgical_day(d)?;
        d = d.add_days(1)?;
        Some(day)
    })
}

#[test]
fn principal_days_have_the_right_rank() {
    let first = |m, d| celebrations_on(m, d)[0];
    assert_eq!(first(3, 19).id, "joseph_spouse_of_mary");
    assert_eq!(
        first(3, 19).title,
        "Saint Joseph, Spouse of the Blessed Virgin Mary"
    );
    assert_eq!(first(3, 19).rank, Rank::Solemnity);
    assert_eq!(first(1, 1).rank, Rank::Solemnity);
    assert_eq!(first(8, 15).rank, Rank::Solemnity);
    assert_eq!(first(11, 1).rank, Rank::Solemnity);
    assert_eq!(first(11, 2).rank, Rank::Commemoration);
    assert_eq!(first(7, 22).rank, Rank::Feast);
    assert_eq!(first(7, 29).rank, Rank::Memorial);
    assert_eq!(first(5, 29).rank, Rank::OptionalMemorial);
    assert_eq!(first(6, 29).colour, Colour::Red);
    assert!(first(8, 6).of_the_lord && first(2, 2).of_the_lord && first(9, 14).of_the_lord);
    let solemnities: Vec<(u32, u32)> = sanctoral::FIXED
        .iter()
        .filter(|e| e.2.iter().any(|c| c.rank == Rank::Solemnity))
        .map(|e| (e.0, e.1))
        .collect();
    assert_eq!(
        solemnities,
        [
            (1, 1),
            (1, 6),
            (3, 19),
            (3, 25),
            (6, 24),
            (6, 29),
            (8, 15),
            (11, 1),
            (12, 8),
            (12, 25)
        ]
    );
    assert_eq!(celebrations_on(9, 17).len(), 2);
    assert!(celebrations_on(1, 4).is_empty());
    assert!(celebrations_on(13, 1).is_empty() && celebrations_on(2, 30).is_empty());
    assert_eq!(sanctoral::all().count(), 222);
}

#[test]
fn ids_are_unique_and_each_names_one_celebration() {
    // A calendar id shared with the Proper of Time is the same celebration (Christmas, Epiphany).
    let calendar: HashMap<&str, &str> = sanctoral::all().map(|c| (c.id, c.title)).collect();
    assert_eq!(calendar.len(), sanctoral::all().count());
    let shared: HashSet<&str> = calendar
        .keys()
        .copied()
        .filter(|id| is_proper_of_time_id(id))
        .collect();
    assert_eq!(
        shared,
        HashSet::from(["nativity_of_the_lord", "epiphany_of_the_lord"])
    );
    let mut names: HashMap<String, String> = HashMap::new();
    for day in every_day() {
        assert!(
            is_proper_of_time_id(&day.season_day_id),
            "{} {}",
            day.date,
            day.season_day_id
        );
        assert!(
            calendar.contains_key(day.id.as_str()) || is_proper_of_time_id(&day.id),
            "{} {}",
            day.date,
            day.id
        );
        let name = names
            .entry(day.id.clone())
            .or_insert_with(|| day.name.clone());
        assert_eq!(*name, day.name, "{} has two names", day.id);
    }
}

#[test]
fn psalter_weeks() {
    let week = |y, m, d| liturgical_day(date(y, m, d)).unwrap().psalter_week;
    assert_eq!(week(2025, 11, 30), 1); // Advent 1
    assert_eq!(week(2025, 12, 24), 4);
    assert_eq!(week(2025, 12, 28), 1); // Holy Family: the count goes on from Advent
    assert_eq!(week(2026, 1, 5), 2);
    assert_eq!(week(2026, 1, 12), 1); // Ordinary Time week 1
    assert_eq!(week(2026, 2, 19), 4); // after Ash Wednesday
    assert_eq!(week(2026, 2, 22), 1); // Lent 1
    assert_eq!(week(2026, 3, 22), 1); // Lent 5
    assert_eq!(week(2026, 3, 31), 2); // Holy Week
    assert_eq!(week(2026, 4, 3), 2); // Good Friday
    assert_eq!(week(2026, 4, 5), 1); // Easter
    assert_eq!(week(2026, 5, 17), 3); // Easter 7
    assert_eq!(week(2026, 5, 24), 4); // Pentecost
    assert_eq!(week(2026, 5, 25), 4); // Ordinary Time week 8
    assert_eq!(week(2026, 11, 22), 2); // week 34
    assert!(every_day().all(|d| (1..=4).contains(&d.psalter_week)));
}
