//! The national calendars added after the first five (national.rs): Italy and Germany over named
//! days. Each case cites where its answer is published.

use magisterium_core::CivilDate;
use magisterium_liturgy::{calendar, liturgical_day_in, LiturgicalDay, Rank, CALENDARS};

fn day_in(id: &str, y: i32, m: u32, d: u32) -> LiturgicalDay {
    let c = calendar(id).unwrap_or_else(|| panic!("no calendar {id}"));
    liturgical_day_in(CivilDate::new(y, m, d).unwrap(), c).unwrap()
}

fn id_rank(day: &LiturgicalDay) -> (&str, Rank) {
    (day.id.as_str(), day.rank)
}

#[test]
fn the_new_calendars_are_listed() {
    let ids: Vec<&str> = CALENDARS.iter().map(|c| c.id).collect();
    for id in ["italy", "germany"] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
}

#[test]
fn italy_moves_the_ascension_and_corpus_christi_and_keeps_its_patrons() {
    let it = |m, d| day_in("italy", 2027, m, d);
    // CEI (1977): the Ascension and Corpus Christi on the following Sunday; the Epiphany on January 6.
    assert_eq!(it(5, 6).id, "easter_time_6_thursday");
    assert_eq!(it(5, 9).id, "ascension_of_the_lord");
    assert_eq!(it(5, 27).id, "ordinary_time_8_thursday");
    assert_eq!(it(5, 30).id, "most_holy_body_and_blood_of_christ");
    assert_eq!(it(1, 6).id, "epiphany_of_the_lord");
    assert!(it(1, 6).holy_day_of_obligation);
    // Licet commissa (1939): Francis of Assisi and Catherine of Siena, patrons of Italy, feasts.
    assert_eq!(id_rank(&it(10, 4)), ("francis_of_assisi", Rank::Feast));
    assert_eq!(
        id_rank(&it(4, 29)),
        ("catherine_of_siena_virgin", Rank::Feast)
    );
    // CEI (2017): Saint Nicholas an obligatory memorial, kept on an Advent weekday before Dec. 17.
    assert_eq!(
        id_rank(&it(12, 6)),
        ("nicholas_of_myra_bishop", Rank::Memorial)
    );
    // Patrons of Europe: feasts (Saint Benedict, Tuesday 11 July 2028).
    assert_eq!(
        id_rank(&day_in("italy", 2028, 7, 11)),
        ("benedict_of_nursia_abbot", Rank::Feast)
    );
}

#[test]
fn germany_keeps_the_thursdays_and_its_regional_calendar() {
    let de = |m, d| day_in("germany", 2027, m, d);
    // The Ascension and Corpus Christi on Thursday, holy days of obligation.
    assert_eq!(de(5, 6).id, "ascension_of_the_lord");
    assert!(de(5, 6).holy_day_of_obligation);
    assert_eq!(de(5, 27).id, "most_holy_body_and_blood_of_christ");
    assert!(de(5, 27).holy_day_of_obligation);
    // Saint Matthias on February 24, a feast (Table II.7) over a weekday of Lent (II.9).
    assert_eq!(id_rank(&de(2, 24)), ("matthias_apostle", Rank::Feast));
    assert_ne!(de(5, 14).id, "matthias_apostle");
    // The Visitation on July 2; Saint Elizabeth of Hungary on November 19.
    assert_eq!(id_rank(&de(7, 2)), ("visitation_of_mary", Rank::Feast));
    assert_ne!(de(5, 31).id, "visitation_of_mary");
    assert_eq!(de(11, 19).id, "elizabeth_of_hungary_religious");
    // Peter Canisius on April 27 (an optional memorial in Easter Time).
    assert!(de(4, 27)
        .optional_memorials
        .iter()
        .any(|c| c.id == "peter_canisius_priest"));
}
