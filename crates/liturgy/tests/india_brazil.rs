//! India and Brazil over named days. Each case cites where its answer is published.

use magisterium_core::CivilDate;
use magisterium_liturgy::{calendar, liturgical_day_in, LiturgicalDay, Rank, CALENDARS};

fn day_in(id: &str, y: i32, m: u32, d: u32) -> LiturgicalDay {
    let c = calendar(id).unwrap_or_else(|| panic!("no calendar {id}"));
    liturgical_day_in(CivilDate::new(y, m, d).unwrap(), c).unwrap()
}

#[test]
fn india_and_brazil_are_listed() {
    let ids: Vec<&str> = CALENDARS.iter().map(|c| c.id).collect();
    assert!(ids.contains(&"india") && ids.contains(&"brazil"), "{ids:?}");
}

#[test]
fn brazil_keeps_the_movable_celebrations_the_cnbb_published_for_2020() {
    let br = |m, d| day_in("brazil", 2020, m, d);
    // CNBB, movable celebrations of 2020.
    assert_eq!(br(1, 5).id, "epiphany_of_the_lord");
    assert_eq!(br(1, 12).id, "baptism_of_the_lord");
    assert_eq!(br(5, 24).id, "ascension_of_the_lord");
    assert_eq!(br(5, 21).id, "easter_time_6_thursday");
    assert_eq!(br(6, 11).id, "most_holy_body_and_blood_of_christ");
    assert!(br(6, 11).holy_day_of_obligation);
    assert_eq!(br(6, 28).id, "peter_and_paul_apostles");
    assert_eq!(br(6, 28).transferred_from, CivilDate::new(2020, 6, 29));
    assert_eq!(br(6, 29).id, "ordinary_time_13_monday");
    assert_eq!(br(8, 16).id, "assumption_of_the_blessed_virgin_mary");
    assert_ne!(br(8, 15).id, "assumption_of_the_blessed_virgin_mary");
    assert_eq!(br(11, 1).id, "all_saints");
    assert!(br(11, 1).transferred_from.is_none());
}

#[test]
fn brazil_keeps_all_saints_on_the_following_sunday_and_all_souls_on_november_2() {
    // 2025: November 1 is a Saturday, so All Saints is Sunday November 2 and All Souls Monday 3.
    let br = |m, d| day_in("brazil", 2025, m, d);
    assert_eq!(br(11, 2).id, "all_saints");
    assert_eq!(br(11, 3).id, "commemoration_of_all_the_faithful_departed");
    assert_ne!(br(11, 1).id, "all_saints");
}

#[test]
fn brazil_keeps_its_patroness_and_the_patronesses_of_the_americas() {
    let br = |y, m, d| day_in("brazil", y, m, d);
    let aparecida = br(2027, 10, 12);
    assert_eq!(
        (aparecida.id.as_str(), aparecida.rank),
        ("our_lady_of_aparecida", Rank::Solemnity)
    );
    assert_eq!(br(2028, 12, 12).rank, Rank::Feast);
    assert_eq!(br(2027, 8, 23).id, "rose_of_lima_virgin");
    assert_eq!(br(2027, 7, 16).rank, Rank::Feast);
}

#[test]
fn india_moves_the_three_solemnities_and_keeps_its_apostle_as_a_solemnity() {
    let ind = |y, m, d| day_in("india", y, m, d);
    assert_eq!(ind(2026, 1, 4).id, "epiphany_of_the_lord");
    assert_eq!(ind(2027, 5, 9).id, "ascension_of_the_lord");
    assert_eq!(ind(2027, 5, 30).id, "most_holy_body_and_blood_of_christ");
    let thomas = ind(2027, 7, 3);
    assert_eq!(
        (thomas.id.as_str(), thomas.rank),
        ("thomas_apostle", Rank::Solemnity)
    );
    // December 3, 2028 is the First Sunday of Advent: Saint Francis Xavier goes to the Monday.
    let xavier = ind(2028, 12, 4);
    assert_eq!(xavier.id, "francis_xavier_priest");
    assert_eq!(xavier.transferred_from, CivilDate::new(2028, 12, 3));
    assert!(ind(2027, 12, 25).holy_day_of_obligation);
}
