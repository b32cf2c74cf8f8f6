//! The national calendars over named days: the transfers of the Epiphany, the Ascension and Corpus
//! Christi, holy days of obligation, the proper celebrations and their precedence. Each case cites
//! where its answer is published.

use magisterium_core::CivilDate;
use magisterium_liturgy::{
    calendar, liturgical_day, liturgical_day_in, liturgical_year_in, solemnity_date_in, Calendar,
    LiturgicalDay, Rank, CALENDARS,
};

fn date(y: i32, m: u32, d: u32) -> CivilDate {
    CivilDate::new(y, m, d).unwrap()
}

fn cal(id: &str) -> &'static Calendar {
    calendar(id).unwrap_or_else(|| panic!("no calendar {id}"))
}

fn day_in(id: &str, y: i32, m: u32, d: u32) -> LiturgicalDay {
    liturgical_day_in(date(y, m, d), cal(id)).unwrap()
}

#[test]
fn the_calendars_listed() {
    let ids: Vec<&str> = CALENDARS.iter().map(|c| c.id).collect();
    for id in [
        "general-roman",
        "united-states",
        "united-states/boston",
        "united-states/new-york",
        "canada",
        "england-and-wales",
        "australia",
        "ireland",
    ] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    assert_eq!(ids.first(), Some(&"general-roman"));
    assert!(calendar("narnia").is_none());
}

#[test]
fn the_general_calendar_is_unchanged_by_default() {
    let d = liturgical_day(date(2027, 1, 3)).unwrap();
    assert_eq!(d.id, "second_sunday_after_christmas");
    assert_eq!(
        liturgical_day(date(2027, 1, 6)).unwrap().id,
        "epiphany_of_the_lord"
    );
    assert_eq!(
        liturgical_day(date(2027, 5, 6)).unwrap().id,
        "ascension_of_the_lord"
    );
    assert_eq!(
        liturgical_day(date(2027, 5, 27)).unwrap().id,
        "most_holy_body_and_blood_of_christ"
    );
    // can. 1246 §1: the Epiphany and the Ascension are days of obligation in the universal law.
    assert!(
        liturgical_day(date(2027, 1, 6))
            .unwrap()
            .holy_day_of_obligation
    );
    assert!(
        liturgical_day(date(2027, 5, 6))
            .unwrap()
            .holy_day_of_obligation
    );
    assert!(
        !liturgical_day(date(2027, 5, 7))
            .unwrap()
            .holy_day_of_obligation
    );
    assert!(
        liturgical_day(date(2027, 5, 9))
            .unwrap()
            .holy_day_of_obligation
    ); // a Sunday
    assert_eq!(
        liturgical_day(date(2027, 1, 6)).unwrap().transferred_from,
        None
    );
}

#[test]
fn epiphany_on_sunday_in_the_united_states() {
    // USCCB ordo 2027: the Epiphany on Sunday January 3; Baptism of the Lord January 10.
    let d = day_in("united-states", 2027, 1, 3);
    assert_eq!(d.id, "epiphany_of_the_lord");
    assert_eq!(d.rank, Rank::Solemnity);
    assert_eq!(d.transferred_from, Some(date(2027, 1, 6)));
    assert!(d.holy_day_of_obligation);
    assert_eq!(
        day_in("united-states", 2027, 1, 4).id,
        "elizabeth_ann_seton_religious"
    );
    let jan6 = day_in("united-states", 2027, 1, 6);
    assert_eq!(jan6.season_day_id, "wednesday_after_epiphany");
    assert_eq!(jan6.optional_memorials[0].id, "andre_bessette_religious");
    assert_eq!(
        day_in("united-states", 2027, 1, 10).id,
        "baptism_of_the_lord"
    );
    // 2029: January 7 is the Sunday; the Baptism of the Lord is Monday January 8 (UNLY 38).
    assert_eq!(
        day_in("united-states", 2029, 1, 7).id,
        "epiphany_of_the_lord"
    );
    assert_eq!(
        day_in("united-states", 2029, 1, 6).id,
        "christmas_time_january_6"
    );
    let baptism = day_in("united-states", 2029, 1, 8);
    assert_eq!(baptism.id, "baptism_of_the_lord");
    assert_eq!(
        day_in("united-states", 2029, 1, 14).id,
        "ordinary_time_2_sunday"
    );
    assert_eq!(
        day_in("united-states", 2029, 1, 9).season_day_id,
        "ordinary_time_1_tuesday"
    );
    let year = liturgical_year_in(2029, cal("united-states")).unwrap();
    assert_eq!(year.epiphany, date(2029, 1, 7));
    assert_eq!(year.baptism_of_the_lord, date(2029, 1, 8));
}

#[test]
fn ascension_and_corpus_christi_where_the_conference_moved_them() {
    // 2027: Easter March 28; the Ascension Thursday May 6 or Sunday May 9; Corpus Christi
    // Thursday May 27 or Sunday May 30.
    for id in ["united-states", "canada", "australia"] {
        let sunday = day_in(id, 2027, 5, 9);
        assert_eq!(sunday.id, "ascension_of_the_lord", "{id}");
        assert_eq!(sunday.transferred_from, Some(date(2027, 5, 6)), "{id}");
        assert_eq!(
            day_in(id, 2027, 5, 6).season_day_id,
            "easter_time_6_thursday",
            "{id}"
        );
        assert_eq!(
            day_in(id, 2027, 5, 30).id,
            "most_holy_body_and_blood_of_christ",
            "{id}"
        );
        let year = liturgical_year_in(2027, cal(id)).unwrap();
        assert_eq!(
            (year.ascension, year.corpus_christi),
            (date(2027, 5, 9), date(2027, 5, 30))
        );
    }
    // USCCB: the provinces of Boston, Hartford, New York, Newark, Omaha and Philadelphia keep the
    // Thursday, as a holy day of obligation.
    let boston = day_in("united-states/boston", 2027, 5, 6);
    assert_eq!(boston.id, "ascension_of_the_lord");
    assert!(boston.holy_day_of_obligation);
    assert_eq!(
        day_in("united-states/boston", 2027, 5, 9).id,
        "easter_time_7_sunday"
    );
    assert!(!day_in("united-states", 2027, 5, 6).holy_day_of_obligation);
    // England and Wales keep the Ascension on Thursday since Advent 2017 (Liturgy Office table:
    // Ascension 2027 = 6 May) and Corpus Christi on Sunday (30 May 2027).
    let ew = day_in("england-and-wales", 2027, 5, 6);
    assert_eq!(ew.id, "ascension_of_the_lord");
    assert!(ew.holy_day_of_obligation);
    assert_eq!(
        day_in("england-and-wales", 2027, 5, 30).id,
        "most_holy_body_and_blood_of_christ"
    );
    assert_eq!(
        day_in("england-and-wales", 2027, 5, 27).season_day_id,
        "ordinary_time_8_thursday"
    );
}

#[test]
fn england_and_wales_move_holydays_from_saturday_and_monday() {
    // Liturgy Office of England and Wales, holydays table 2023–2028.
    let ew = cal("england-and-wales");
    let kept = |y, m, d| {
        let c = liturgical_day_in(date(y, m, d), ew).unwrap();
        (c.id, c.date)
    };
    let epiphany = |y| liturgical_year_in(y, ew).unwrap().epiphany;
    assert_eq!(epiphany(2024), date(2024, 1, 7));
    assert_eq!(epiphany(2025), date(2025, 1, 5));
    assert_eq!(epiphany(2026), date(2026, 1, 6));
    assert_eq!(solemnity_date_in(2024, 6, 29, ew), Some(date(2024, 6, 30)));
    assert_eq!(solemnity_date_in(2026, 6, 29, ew), Some(date(2026, 6, 28)));
    assert_eq!(solemnity_date_in(2026, 8, 15, ew), Some(date(2026, 8, 16)));
    assert_eq!(solemnity_date_in(2025, 11, 1, ew), Some(date(2025, 11, 2)));
    assert_eq!(solemnity_date_in(2027, 11, 1, ew), Some(date(2027, 10, 31)));
    assert_eq!(kept(2027, 10, 31).0, "all_saints");
    assert!(
        liturgical_day_in(date(2026, 8, 16), ew)
            .unwrap()
            .holy_day_of_obligation
    );
    // All Saints on Sunday November 2, 2025: All Souls goes to Monday November 3.
    assert_eq!(kept(2025, 11, 2).0, "all_saints");
    assert_eq!(
        kept(2025, 11, 3).0,
        "commemoration_of_all_the_faithful_departed"
    );
    assert_eq!(kept(2025, 11, 1).0, "ordinary_time_30_saturday");
    // The national propers: Saint George (solemnity), the English Martyrs (feast).
    let george = liturgical_day_in(date(2027, 4, 23), ew).unwrap();
    assert_eq!(
        (george.id.as_str(), george.rank),
        ("george_of_lydda_martyr", Rank::Solemnity)
    );
    // 2025: April 23 is in the Easter octave; Saint George goes to Monday April 28.
    assert_eq!(solemnity_date_in(2025, 4, 23, ew), Some(date(2025, 4, 28)));
    assert_eq!(kept(2027, 5, 4).0, "english_martyrs");
    // Our Lord Jesus Christ, the Eternal High Priest: the Thursday after Pentecost.
    assert_eq!(
        kept(2027, 5, 20).0,
        "our_lord_jesus_christ_the_eternal_high_priest"
    );
}

#[test]
fn holy_days_of_obligation_by_conference() {
    let us = cal("united-states");
    let obliged = |c, y, m, d| {
        liturgical_day_in(date(y, m, d), c)
            .unwrap()
            .holy_day_of_obligation
    };
    // USCCB 1991: January 1, August 15 and November 1 on a Saturday or a Monday lift the obligation.
    assert!(!obliged(us, 2027, 11, 1)); // Monday
    assert!(obliged(us, 2028, 11, 1)); // Wednesday
    assert!(obliged(us, 2028, 8, 15)); // Tuesday
    assert!(!obliged(us, 2026, 8, 15)); // Saturday
    assert!(obliged(us, 2026, 12, 8)); // Tuesday: never lifted
                                       // Immaculate Conception 2030 on the Second Sunday of Advent: kept Monday December 9, without
                                       // the obligation.
    let moved = liturgical_day_in(date(2030, 12, 9), us).unwrap();
    assert_eq!(moved.id, "immaculate_conception_of_the_blessed_virgin_mary");
    assert_eq!(moved.transferred_from, Some(date(2030, 12, 8)));
    assert!(!moved.holy_day_of_obligation);
    // Australia (ACBC 2001): Christmas and the Assumption only; Canada: Christmas and January 1.
    let au = cal("australia");
    assert!(!obliged(au, 2027, 8, 16) && obliged(au, 2028, 8, 15));
    assert!(!obliged(au, 2028, 11, 1) && !obliged(au, 2028, 1, 6));
    let ca = cal("canada");
    assert!(obliged(ca, 2027, 1, 1) && !obliged(ca, 2028, 8, 15));
}

#[test]
fn national_propers_and_their_precedence() {
    let au = cal("australia");
    let on = |c, y, m, d| liturgical_day_in(date(y, m, d), c).unwrap();
    // A proper solemnity outranks a Sunday in Ordinary Time (UNLY 59, I.4 over II.6).
    let mackillop = on(au, 2027, 8, 8);
    assert_eq!(mackillop.id, "mary_of_the_cross_mackillop_virgin");
    assert!(mackillop.holy_day_of_obligation); // a Sunday
    assert_eq!(on(au, 2027, 8, 5).id, "dominic_de_guzman_priest");
    // A Sunday of Lent outranks it (I.2): Saint Patrick 2030 (Second Sunday of Lent) → Monday.
    assert_eq!(on(au, 2030, 3, 17).id, "lent_2_sunday");
    let patrick = on(au, 2030, 3, 18);
    assert_eq!(patrick.id, "patrick_of_ireland_bishop");
    assert_eq!(patrick.transferred_from, Some(date(2030, 3, 17)));
    // Our Lady Help of Christians on the Ascension kept on Sunday (2020, May 24) → Monday.
    assert_eq!(on(au, 2020, 5, 24).id, "ascension_of_the_lord");
    assert_eq!(on(au, 2020, 5, 25).id, "our_lady_help_of_christians");
    // The United States: memorials of its own, and a universal one moved.
    let us = cal("united-states");
    assert_eq!(on(us, 2027, 7, 14).id, "kateri_tekakwitha_virgin");
    assert_eq!(on(us, 2027, 1, 22).optional_memorials.len(), 0);
    let jan23: Vec<&str> = on(us, 2027, 1, 23)
        .optional_memorials
        .iter()
        .map(|c| c.id)
        .collect();
    assert!(
        jan23.contains(&"vincent_of_saragossa_deacon") && jan23.contains(&"marianne_cope_virgin")
    );
    // Our Lady of Guadalupe: a feast in the Americas; on a Sunday of Advent it gives way.
    assert_eq!(on(us, 2027, 12, 13).id, "lucy_of_syracuse_virgin");
    assert_eq!(on(us, 2028, 12, 12).id, "our_lady_of_guadalupe");
    assert_eq!(on(us, 2028, 12, 12).rank, Rank::Feast);
    assert_eq!(on(us, 2027, 12, 12).id, "advent_3_sunday");
    // Canada: Saint Joseph, patron of Canada; the Canadian Martyrs a feast on September 26.
    let ca = cal("canada");
    assert_eq!(
        on(ca, 2028, 9, 26).id,
        "john_de_brebeuf_isaac_jogues_priests_and_companions_martyrs"
    );
    assert_eq!(on(ca, 2028, 9, 26).rank, Rank::Feast);
}

#[test]
fn ireland_keeps_saint_patrick_and_moves_the_ascension() {
    let ie = cal("ireland");
    let on = |y, m, d| liturgical_day_in(date(y, m, d), ie).unwrap();
    // Saint Patrick, principal patron: a solemnity and a holy day of obligation, even in Lent.
    let patrick = on(2027, 3, 17);
    assert_eq!(
        (patrick.id.as_str(), patrick.rank),
        ("patrick_of_ireland_bishop", Rank::Solemnity)
    );
    assert!(patrick.holy_day_of_obligation);
    // On the Second Sunday of Lent (2030) it goes to the Monday (UNLY 60), without the obligation.
    assert_eq!(on(2030, 3, 17).id, "lent_2_sunday");
    assert_eq!(on(2030, 3, 18).id, "patrick_of_ireland_bishop");
    assert!(!on(2030, 3, 18).holy_day_of_obligation);
    // The Epiphany stays on January 6 (a holy day); the Ascension and Corpus Christi on Sunday.
    assert!(on(2027, 1, 6).holy_day_of_obligation && on(2027, 1, 6).id == "epiphany_of_the_lord");
    assert_eq!(on(2027, 5, 9).id, "ascension_of_the_lord");
    assert_eq!(on(2027, 5, 30).id, "most_holy_body_and_blood_of_christ");
    // Saint Brigid, Columba and the Irish propers.
    assert_eq!(on(2027, 2, 1).id, "brigid_of_kildare_virgin");
    assert_eq!(on(2027, 2, 1).rank, Rank::Feast);
    assert_eq!(on(2027, 8, 17).id, "our_lady_of_knock");
    assert_eq!(on(2027, 11, 3).id, "malachy_of_armagh_bishop");
}

#[test]
fn every_day_of_every_calendar_resolves() {
    for c in CALENDARS {
        let mut d = date(2000, 1, 1);
        while d <= date(2040, 12, 31) {
            let day = liturgical_day_in(d, c).unwrap();
            assert!(!day.name.is_empty(), "{} {d}", c.id);
            d = d.add_days(1).unwrap();
        }
        for y in 2000..=2040 {
            // Each fixed solemnity of the calendar is kept exactly once.
            for &(m, dd, s) in c.solemnities {
                if s.rank == Rank::Solemnity {
                    let kept = solemnity_date_in(y, m, dd, c).unwrap();
                    assert_eq!(
                        liturgical_day_in(kept, c).unwrap().id,
                        s.id,
                        "{} {y} {}",
                        c.id,
                        s.id
                    );
                }
            }
        }
    }
}
