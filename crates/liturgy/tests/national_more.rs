//! The national calendars added after the first five (national.rs) over named days. Each case cites where its answer is published.

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
    for id in [
        "italy",
        "germany",
        "france",
        "poland",
        "spain",
        "mexico",
        "philippines",
    ] {
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
    // The Ascension and Corpus Christi on Thursday. DBK (1996): the Ascension, Easter Monday,
    // Pentecost Monday and Saint Stephen are holy days everywhere; Corpus Christi in some dioceses.
    assert_eq!(de(5, 6).id, "ascension_of_the_lord");
    assert!(de(5, 6).holy_day_of_obligation);
    assert_eq!(de(5, 27).id, "most_holy_body_and_blood_of_christ");
    assert!(!de(5, 27).holy_day_of_obligation);
    assert!(de(3, 29).holy_day_of_obligation && de(3, 29).id == "easter_monday");
    assert!(de(5, 17).holy_day_of_obligation && de(5, 17).id == "mary_mother_of_the_church");
    let stephen = day_in("germany", 2028, 12, 26);
    assert!(stephen.holy_day_of_obligation && stephen.id == "stephen_the_first_martyr");
    let assumption = day_in("germany", 2028, 8, 15);
    assert_eq!(assumption.id, "assumption_of_the_blessed_virgin_mary");
    assert!(!assumption.holy_day_of_obligation);
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

#[test]
fn france_keeps_the_epiphany_on_sunday_and_the_ascension_on_thursday() {
    let fr = |m, d| day_in("france", 2027, m, d);
    // CEF: the Epiphany on the Sunday between January 2 and 8, Corpus Christi on Sunday.
    assert_eq!(fr(1, 3).id, "epiphany_of_the_lord");
    assert_eq!(fr(1, 3).transferred_from, CivilDate::new(2027, 1, 6));
    assert_eq!(fr(5, 6).id, "ascension_of_the_lord");
    assert!(fr(5, 6).holy_day_of_obligation);
    assert_eq!(fr(5, 30).id, "most_holy_body_and_blood_of_christ");
    // Four holy days besides Sundays: Mary Mother of God is not one of them.
    assert!(!fr(1, 1).holy_day_of_obligation);
    assert!(fr(11, 1).holy_day_of_obligation);
    // Saint Joan of Arc, secondary patroness (May 30, 2028 a Tuesday), a memorial.
    assert_eq!(
        id_rank(&day_in("france", 2028, 5, 30)),
        ("joan_of_arc_virgin", Rank::Memorial)
    );
    // Saint Louis a memorial on August 25; Saint Joseph Calasanz moved to August 26.
    assert_eq!(id_rank(&fr(8, 25)), ("louis_ix_of_france", Rank::Memorial));
    assert!(fr(8, 26)
        .optional_memorials
        .iter()
        .any(|c| c.id == "joseph_of_calasanz_priest"));
}

#[test]
fn poland_keeps_its_patrons_and_moves_an_impeded_solemnity() {
    let pl = |y, m, d| day_in("poland", y, m, d);
    // KEP: the Ascension on Sunday, Corpus Christi on Thursday (a holy day), the Epiphany on Jan. 6.
    assert_eq!(pl(2027, 5, 9).id, "ascension_of_the_lord");
    assert_eq!(pl(2027, 5, 27).id, "most_holy_body_and_blood_of_christ");
    assert!(pl(2027, 5, 27).holy_day_of_obligation);
    assert!(pl(2027, 1, 6).holy_day_of_obligation);
    // Our Lady Queen of Poland (May 3) and Saint Stanislaus (May 8), solemnities.
    assert_eq!(
        id_rank(&pl(2027, 5, 3)),
        ("our_lady_queen_of_poland", Rank::Solemnity)
    );
    assert_eq!(
        id_rank(&pl(2027, 5, 8)),
        ("stanislaus_of_szczepanow_bishop", Rank::Solemnity)
    );
    // On the Fifth Sunday of Easter 2026, Queen of Poland goes to the Monday (UNLY 60).
    assert_eq!(pl(2026, 5, 3).id, "easter_time_5_sunday");
    assert_eq!(pl(2026, 5, 4).id, "our_lady_queen_of_poland");
    // Saint Adalbert in the Easter octave 2025 goes to the Monday after the Second Sunday of Easter.
    assert_eq!(pl(2025, 4, 28).id, "adalbert_of_prague_bishop");
    // Our Lady of Częstochowa, a solemnity over a Sunday in Ordinary Time (August 26, 2029).
    assert_eq!(pl(2029, 8, 26).id, "our_lady_of_czestochowa");
    // Mary, Mother of the Church: a feast on Pentecost Monday.
    assert_eq!(
        id_rank(&pl(2027, 5, 17)),
        ("mary_mother_of_the_church", Rank::Feast)
    );
}

#[test]
fn spain_keeps_saint_james_and_moves_the_ascension_and_corpus_christi() {
    let es = |y, m, d| day_in("spain", y, m, d);
    // CEE: the Ascension (1977) and Corpus Christi (1990) on Sunday; the Epiphany on January 6.
    assert_eq!(es(2026, 5, 17).id, "ascension_of_the_lord");
    assert_eq!(es(2026, 6, 7).id, "most_holy_body_and_blood_of_christ");
    assert_eq!(es(2026, 1, 6).id, "epiphany_of_the_lord");
    // Jesucristo, Sumo y Eterno Sacerdote: the Thursday after Pentecost (May 20, 2027), a feast.
    assert_eq!(
        id_rank(&es(2027, 5, 20)),
        ("our_lord_jesus_christ_the_eternal_high_priest", Rank::Feast)
    );
    // Saint James, patron of Spain: a solemnity and a holy day, over a Sunday in Ordinary Time (2027).
    let james = es(2027, 7, 25);
    assert_eq!(id_rank(&james), ("james_apostle", Rank::Solemnity));
    assert!(james.holy_day_of_obligation);
    // Saint Joseph a holy day (March 19, 2027, a Friday of Lent).
    assert!(es(2027, 3, 19).holy_day_of_obligation);
    // Our Lady of the Pillar (October 12) and Saint Teresa of Jesus (October 15), feasts.
    assert_eq!(
        id_rank(&es(2027, 10, 12)),
        ("our_lady_of_the_pillar", Rank::Feast)
    );
    assert_eq!(
        id_rank(&es(2027, 10, 15)),
        ("teresa_of_jesus_of_avila_virgin", Rank::Feast)
    );
    // Saint Isidore of Seville on April 26, a feast.
    assert_eq!(
        id_rank(&es(2027, 4, 26)),
        ("isidore_of_seville_bishop", Rank::Feast)
    );
}

#[test]
fn mexico_keeps_guadalupe_and_the_epiphany_on_sunday() {
    let mx = |y, m, d| day_in("mexico", y, m, d);
    // CEM: the Epiphany on the Sunday between January 2 and 8, the Ascension on Sunday, Corpus
    // Christi on Thursday (a holy day).
    assert_eq!(mx(2027, 1, 3).id, "epiphany_of_the_lord");
    assert_eq!(mx(2027, 5, 9).id, "ascension_of_the_lord");
    assert_eq!(mx(2027, 5, 27).id, "most_holy_body_and_blood_of_christ");
    assert!(mx(2027, 5, 27).holy_day_of_obligation);
    // Our Lady of Guadalupe: a solemnity and a holy day; on the Third Sunday of Advent 2027 it
    // goes to the Monday (UNLY 60).
    let guadalupe = mx(2028, 12, 12);
    assert_eq!(
        id_rank(&guadalupe),
        ("our_lady_of_guadalupe", Rank::Solemnity)
    );
    assert!(guadalupe.holy_day_of_obligation);
    assert_eq!(mx(2027, 12, 12).id, "advent_3_sunday");
    assert_eq!(mx(2027, 12, 13).id, "our_lady_of_guadalupe");
    // Saint Philip of Jesus, protomartyr of Mexico, a feast on February 5 (Saint Agatha omitted).
    let philip = mx(2027, 2, 5);
    assert_eq!(
        id_rank(&philip),
        ("philip_of_jesus_de_las_casas_martyr", Rank::Feast)
    );
    assert!(philip.optional_memorials.is_empty());
    // The Finding of the Holy Cross on May 3 moves Saints Philip and James to May 4.
    assert_eq!(mx(2027, 5, 3).id, "finding_of_the_holy_cross");
    assert_eq!(mx(2027, 5, 4).id, "philip_and_james_apostles");
    // Saint Juan Diego, an obligatory memorial on December 9 (2027, a Thursday of Advent).
    assert_eq!(
        id_rank(&mx(2027, 12, 9)),
        ("juan_diego_cuauhtlatoatzin", Rank::Memorial)
    );
}

#[test]
fn the_philippines_keep_the_santo_nino_on_the_third_sunday_of_january() {
    let ph = |y, m, d| day_in("philippines", y, m, d);
    // CBCP: the Santo Niño on the third Sunday of January (January 15–21), over the Sunday.
    for (y, d) in [(2027, 17), (2029, 21), (2034, 15)] {
        let day = ph(y, 1, d);
        assert_eq!(id_rank(&day), ("santo_nino", Rank::Feast), "{y}-01-{d}");
    }
    assert_ne!(ph(2027, 1, 10).id, "santo_nino");
    assert_ne!(ph(2027, 1, 24).id, "santo_nino");
    assert_eq!(
        day_in("general-roman", 2027, 1, 17).id,
        "ordinary_time_2_sunday"
    );
    // The Epiphany, the Ascension and Corpus Christi on Sunday; three holy days besides Sundays.
    assert_eq!(ph(2027, 1, 3).id, "epiphany_of_the_lord");
    assert_eq!(ph(2027, 5, 9).id, "ascension_of_the_lord");
    assert_eq!(ph(2027, 5, 30).id, "most_holy_body_and_blood_of_christ");
    assert!(ph(2027, 12, 8).holy_day_of_obligation);
    assert_eq!(ph(2028, 8, 15).id, "assumption_of_the_blessed_virgin_mary");
    assert!(!ph(2028, 8, 15).holy_day_of_obligation);
    assert!(!ph(2028, 11, 1).holy_day_of_obligation);
    // Saint Lorenzo Ruiz and Our Lady of Guadalupe, obligatory memorials.
    assert_eq!(
        id_rank(&ph(2027, 9, 28)),
        ("lawrence_ruiz_and_companions_martyrs", Rank::Memorial)
    );
    assert_eq!(
        id_rank(&ph(2028, 12, 12)),
        ("our_lady_of_guadalupe", Rank::Memorial)
    );
}
