//! The movable dates natively: Easter by the computus against known dates and Gauss's algorithm
//! (1583–9999), Ash Wednesday, Pentecost, Advent and Christ the King, and `liturgical_year`.

use magisterium_core::CivilDate;
use magisterium_liturgy::movable::easter;
use magisterium_liturgy::movable::{
    ash_wednesday, christ_the_king, first_sunday_of_advent, pentecost,
};
use magisterium_liturgy::{liturgical_day, liturgical_year, LiturgicalDay};

fn date(y: i32, m: u32, d: u32) -> CivilDate {
    CivilDate::new(y, m, d).unwrap()
}

fn day(y: i32, m: u32, d: u32) -> LiturgicalDay {
    liturgical_day(date(y, m, d)).unwrap()
}

/// Gauss's Easter algorithm with the Lilius/Clavius exceptions, independent of Meeus's form.
fn gauss_easter(year: i32) -> CivilDate {
    let a = year % 19;
    let b = year % 4;
    let c = year % 7;
    let k = year / 100;
    let p = (13 + 8 * k) / 25;
    let q = k / 4;
    let m = (15 - p + k - q) % 30;
    let n = (4 + k - q) % 7;
    let d = (19 * a + m) % 30;
    let e = (2 * b + 4 * c + 6 * d + n) % 7;
    if d == 29 && e == 6 {
        return date(year, 4, 19);
    }
    if d == 28 && e == 6 && (11 * m + 11) % 30 < 19 {
        return date(year, 4, 18);
    }
    let march = 22 + d + e;
    if march <= 31 {
        date(year, 3, march as u32)
    } else {
        date(year, 4, (march - 31) as u32)
    }
}

const KNOWN_EASTERS: [(i32, u32, u32); 61] = [
    (1990, 4, 15),
    (1991, 3, 31),
    (1992, 4, 19),
    (1993, 4, 11),
    (1994, 4, 3),
    (1995, 4, 16),
    (1996, 4, 7),
    (1997, 3, 30),
    (1998, 4, 12),
    (1999, 4, 4),
    (2000, 4, 23),
    (2001, 4, 15),
    (2002, 3, 31),
    (2003, 4, 20),
    (2004, 4, 11),
    (2005, 3, 27),
    (2006, 4, 16),
    (2007, 4, 8),
    (2008, 3, 23),
    (2009, 4, 12),
    (2010, 4, 4),
    (2011, 4, 24),
    (2012, 4, 8),
    (2013, 3, 31),
    (2014, 4, 20),
    (2015, 4, 5),
    (2016, 3, 27),
    (2017, 4, 16),
    (2018, 4, 1),
    (2019, 4, 21),
    (2020, 4, 12),
    (2021, 4, 4),
    (2022, 4, 17),
    (2023, 4, 9),
    (2024, 3, 31),
    (2025, 4, 20),
    (2026, 4, 5),
    (2027, 3, 28),
    (2028, 4, 16),
    (2029, 4, 1),
    (2030, 4, 21),
    (2031, 4, 13),
    (2032, 3, 28),
    (2033, 4, 17),
    (2034, 4, 9),
    (2035, 3, 25),
    (2036, 4, 13),
    (2037, 4, 5),
    (2038, 4, 25),
    (2039, 4, 10),
    (2040, 4, 1),
    (2041, 4, 21),
    (2042, 4, 6),
    (2043, 3, 29),
    (2044, 4, 17),
    (2045, 4, 9),
    (2046, 3, 25),
    (2047, 4, 14),
    (2048, 4, 5),
    (2049, 4, 18),
    (2050, 4, 10),
];

#[test]
fn easter_matches_known_dates_and_gauss() {
    for (y, m, d) in KNOWN_EASTERS {
        assert_eq!(easter(y), Some(date(y, m, d)), "{y}");
    }
    for y in 1583..=9999 {
        let e = easter(y).unwrap();
        assert_eq!(e, gauss_easter(y), "{y}");
        assert_eq!(e.weekday(), 0, "{y}");
        assert!(e >= date(y, 3, 22) && e <= date(y, 4, 25), "{y}");
    }
    assert_eq!(easter(1582), None);
    assert_eq!(easter(10_000), None);
    assert_eq!(easter(1954), Some(date(1954, 4, 18)));
    assert_eq!(easter(1981), Some(date(1981, 4, 19)));
    assert_eq!(easter(1943), Some(date(1943, 4, 25)));
    assert_eq!(easter(1913), Some(date(1913, 3, 23)));
}

#[test]
fn ash_wednesday_pentecost_and_advent() {
    for (y, ash, pent) in [
        (2024, (2, 14), (5, 19)),
        (2025, (3, 5), (6, 8)),
        (2026, (2, 18), (5, 24)),
        (2027, (2, 10), (5, 16)),
        (2000, (3, 8), (6, 11)),
        (2038, (3, 10), (6, 13)),
        (2008, (2, 6), (5, 11)),
    ] {
        assert_eq!(ash_wednesday(y), Some(date(y, ash.0, ash.1)), "{y}");
        assert_eq!(pentecost(y), Some(date(y, pent.0, pent.1)), "{y}");
        assert_eq!(day(y, ash.0, ash.1).name, "Ash Wednesday");
        assert_eq!(day(y, pent.0, pent.1).name, "Pentecost Sunday");
    }
    let advent = [
        (2020, 11, 29),
        (2021, 11, 28),
        (2022, 11, 27),
        (2023, 12, 3),
        (2024, 12, 1),
        (2025, 11, 30),
        (2026, 11, 29),
        (2027, 11, 28),
        (2028, 12, 3),
        (2029, 12, 2),
        (2030, 12, 1),
    ];
    for (y, m, d) in advent {
        assert_eq!(first_sunday_of_advent(y), Some(date(y, m, d)), "{y}");
        assert_eq!(day(y, m, d).name, "First Sunday of Advent");
        assert_eq!(day(y, m, d).week, Some(1));
    }
    assert_eq!(christ_the_king(2026), Some(date(2026, 11, 22)));
    assert_eq!(
        day(2026, 11, 22).name,
        "Our Lord Jesus Christ, King of the Universe"
    );
    assert_eq!(day(2026, 11, 22).week, Some(34));
}

#[test]
fn liturgical_year_lists_the_movable_days() {
    let y = liturgical_year(2026).unwrap();
    assert_eq!(y.easter, date(2026, 4, 5));
    assert_eq!(y.ash_wednesday, date(2026, 2, 18));
    assert_eq!(y.palm_sunday, date(2026, 3, 29));
    assert_eq!(y.ascension, date(2026, 5, 14));
    assert_eq!(y.pentecost, date(2026, 5, 24));
    assert_eq!(y.trinity, date(2026, 5, 31));
    assert_eq!(y.corpus_christi, date(2026, 6, 4));
    assert_eq!(y.sacred_heart, date(2026, 6, 12));
    assert_eq!(y.christ_the_king, date(2026, 11, 22));
    assert_eq!(y.first_sunday_of_advent, date(2026, 11, 29));
    assert_eq!(y.baptism_of_the_lord, date(2026, 1, 11));
    assert_eq!(y.holy_family, date(2026, 12, 27));
    for year in 1900..=2199 {
        let y = liturgical_year(year).unwrap();
        for (d, id) in [
            (y.easter, "easter_sunday"),
            (y.ash_wednesday, "ash_wednesday"),
            (y.palm_sunday, "palm_sunday_of_the_passion_of_the_lord"),
            (y.pentecost, "pentecost_sunday"),
            (y.trinity, "most_holy_trinity"),
            (
                y.christ_the_king,
                "our_lord_jesus_christ_king_of_the_universe",
            ),
            (y.first_sunday_of_advent, "advent_1_sunday"),
            (y.baptism_of_the_lord, "baptism_of_the_lord"),
        ] {
            assert_eq!(liturgical_day(d).unwrap().id, id, "{year} {d}");
        }
        assert_eq!(
            liturgical_day(y.ascension).unwrap().season_day_id,
            "ascension_of_the_lord"
        );
    }
    assert_eq!(liturgical_year(1899), None);
    assert_eq!(liturgical_year(2200), None);
}
