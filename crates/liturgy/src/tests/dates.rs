//! Tests of `dates.rs` (a child module of it, so they reach its private items).

use super::test_date as date;
use super::*;

/// Thursday, March 19, 2026.
fn today() -> CivilDate {
    date(2026, 3, 19)
}

fn parse(input: &str) -> Option<String> {
    parse_date_query(input, today()).map(|d| d.to_string())
}

fn check(cases: &[(&str, &str)]) {
    for (input, expected) in cases {
        assert_eq!(parse(input).as_deref(), Some(*expected), "{input:?}");
    }
}

#[test]
fn relative_days() {
    check(&[
        ("today", "2026-03-19"),
        ("  TODAY ", "2026-03-19"),
        ("Today?", "2026-03-19"),
        ("tomorrow", "2026-03-20"),
        ("yesterday", "2026-03-18"),
        ("readings for today", "2026-03-19"),
        ("Mass readings for tomorrow", "2026-03-20"),
        ("saints for yesterday", "2026-03-18"),
        ("on Sunday", "2026-03-22"),
    ]);
}

#[test]
fn weekdays() {
    // Today is a Thursday.
    check(&[
        ("next Sunday", "2026-03-22"),
        ("next  sunday", "2026-03-22"),
        ("NEXT SUNDAY", "2026-03-22"),
        ("next Thursday", "2026-03-26"),
        ("next friday", "2026-03-20"),
        ("next Wednesday", "2026-03-25"),
        ("Thursday", "2026-03-19"),
        ("thu", "2026-03-19"),
        ("this Thursday", "2026-03-19"),
        ("Friday", "2026-03-20"),
        ("Wednesday", "2026-03-25"),
        ("Sunday", "2026-03-22"),
        ("sat", "2026-03-21"),
        ("last Thursday", "2026-03-12"),
        ("last Wednesday", "2026-03-18"),
        ("last Friday", "2026-03-13"),
    ]);
}

#[test]
fn calendar_dates() {
    check(&[
        ("2026-03-19", "2026-03-19"),
        ("readings for 2027-01-01", "2027-01-01"),
        ("1850-06-01", "1850-06-01"),
        ("March 19", "2026-03-19"),
        ("march 19", "2026-03-19"),
        ("19 March", "2026-03-19"),
        ("Mar 19", "2026-03-19"),
        ("Mar. 19", "2026-03-19"),
        ("March 19, 2026", "2026-03-19"),
        ("March 19th 2027", "2027-03-19"),
        ("19 March 2025", "2025-03-19"),
        ("the 19th of March", "2026-03-19"),
        ("1 jan", "2026-01-01"),
        ("Dec 31", "2026-12-31"),
        ("February 29, 2024", "2024-02-29"),
        ("Sept 14", "2026-09-14"),
        ("on May 1", "2026-05-01"),
    ]);
    for bad in [
        "2026-02-30",
        "2026-13-01",
        "February 29",
        "March 32",
        "March",
        "19",
        "March 19 20",
        "March 19, 99999",
    ] {
        assert_eq!(parse(bad), None, "{bad:?}");
    }
}

#[test]
fn feasts_with_a_year() {
    check(&[
        ("Easter 2026", "2026-04-05"),
        ("Easter Sunday 2026", "2026-04-05"),
        ("easter sunday, 2027", "2027-03-28"),
        ("Christmas 2026", "2026-12-25"),
        ("Christmas Day 2030", "2030-12-25"),
        ("Ash Wednesday 2027", "2027-02-10"),
        ("Pentecost 2026", "2026-05-24"),
        ("Palm Sunday 2026", "2026-03-29"),
        ("Good Friday 2026", "2026-04-03"),
        ("Holy Thursday 2026", "2026-04-02"),
        ("Ascension 2026", "2026-05-14"),
        ("Trinity Sunday 2026", "2026-05-31"),
        ("Corpus Christi 2026", "2026-06-04"),
        ("Sacred Heart 2022", "2022-06-24"),
        ("Christ the King 2026", "2026-11-22"),
        ("the Solemnity of Christ the King 2025", "2025-11-23"),
        ("Epiphany 2027", "2027-01-06"),
        ("Baptism of the Lord 2026", "2026-01-11"),
        ("Holy Family 2022", "2022-12-30"),
        ("All Saints 2026", "2026-11-01"),
        ("All Saints' Day 2026", "2026-11-01"),
        ("Assumption 2026", "2026-08-15"),
        (
            "the Assumption of the Blessed Virgin Mary 2026",
            "2026-08-15",
        ),
        ("Immaculate Conception 2024", "2024-12-09"),
        ("St. Joseph 2008", "2008-03-15"),
        ("Annunciation 2024", "2024-04-08"),
        ("the 3rd Sunday of Advent 2026", "2026-12-13"),
        ("third Sunday of Advent 2026", "2026-12-13"),
        ("Gaudete Sunday 2026", "2026-12-13"),
        ("first Sunday of Lent 2026", "2026-02-22"),
        ("Laetare Sunday 2026", "2026-03-15"),
        ("fifth Sunday of Easter 2026", "2026-05-03"),
        ("2nd Sunday in Ordinary Time 2026", "2026-01-18"),
        ("twenty-first Sunday in Ordinary Time 2026", "2026-08-23"),
        ("thirty third sunday in ordinary time 2026", "2026-11-15"),
        ("Divine Mercy Sunday 2026", "2026-04-12"),
        ("Easter 2300", "2300-04-08"),
        ("Mary, Mother of God 2027", "2027-01-01"),
    ]);
}

#[test]
fn feasts_without_a_year_are_the_next_occurrence() {
    // Today: 2026-03-19.
    check(&[
        ("Easter", "2026-04-05"),
        ("Easter Sunday", "2026-04-05"),
        ("Christmas", "2026-12-25"),
        ("Christmas Day", "2026-12-25"),
        ("Ash Wednesday", "2027-02-10"),
        ("Pentecost", "2026-05-24"),
        ("Palm Sunday", "2026-03-29"),
        ("Good Friday", "2026-04-03"),
        ("Holy Thursday", "2026-04-02"),
        ("Ascension", "2026-05-14"),
        ("Epiphany", "2027-01-06"),
        ("All Saints", "2026-11-01"),
        ("Assumption", "2026-08-15"),
        ("Immaculate Conception", "2026-12-08"),
        ("Christ the King", "2026-11-22"),
        ("Trinity Sunday", "2026-05-31"),
        ("the 3rd Sunday of Advent", "2026-12-13"),
        ("third Sunday of Advent", "2026-12-13"),
        ("Gaudete Sunday", "2026-12-13"),
        ("first Sunday of Lent", "2027-02-14"),
        ("Saint Joseph", "2026-03-19"),
        ("next Saint Joseph", "2027-03-19"),
        ("next Easter", "2026-04-05"),
        ("readings for Easter Sunday", "2026-04-05"),
        ("saints for All Saints", "2026-11-01"),
        ("feast of the Transfiguration", "2026-08-06"),
    ]);
    let easter_day = date(2026, 4, 5);
    assert_eq!(parse_date_query("Easter", easter_day), Some(easter_day));
    assert_eq!(
        parse_date_query("next Easter", easter_day),
        Some(date(2027, 3, 28))
    );
}

#[test]
fn unknown_or_odd_input_is_none_and_never_panics() {
    for bad in [
        "",
        "   ",
        "?",
        "-",
        "--",
        "99999999999-01-01",
        "2026-99-99",
        "9999999999999999999999999 March",
        "March 99999999999999999999",
        "next",
        "next next sunday",
        "the",
        "readings for",
        "fifth sunday of advent",
        "zeroth sunday of lent",
        "0 sunday of lent",
        "99th sunday in ordinary time",
        "sunday of advent",
        "Ostern",
        "日曜日",
        "ﬁrst sunday of lent",
        "🎄 christmas 🎄 2026 ✝",
        "Easter 0000",
        "Easter 1500",
        "christmas 99999",
        "what is the meaning of life",
        "Mar 19 2026 extra words",
    ] {
        let _ = parse_date_query(bad, today());
    }
    for bad in [
        "",
        "   ",
        "99999999999-01-01",
        "next",
        "Ostern",
        "日曜日",
        "Easter 1500",
        "zeroth sunday of lent",
    ] {
        assert_eq!(parse(bad), None, "{bad:?}");
    }
    assert_eq!(parse(&"a".repeat(10_000)), None);
    assert_eq!(parse(&"é".repeat(500)), None);
    // Edges of the representable range.
    let first = date(1, 1, 1);
    let last = date(9999, 12, 31);
    assert_eq!(parse_date_query("yesterday", first), None);
    assert_eq!(parse_date_query("tomorrow", last), None);
    assert_eq!(parse_date_query("next sunday", last), None);
    assert_eq!(parse_date_query("Christmas", last), None);
    assert_eq!(parse_date_query("Easter", last), None);
    // Emoji stripped to spaces still parse.
    assert_eq!(
        parse("🎄 christmas 🎄 2026 ✝").as_deref(),
        Some("2026-12-25")
    );
}

#[test]
fn ordinals() {
    for (text, n) in [
        ("first", 1),
        ("1st", 1),
        ("3", 3),
        ("tenth", 10),
        ("twentieth", 20),
        ("twenty-first", 21),
        ("thirty fourth", 34),
        ("34th", 34),
    ] {
        assert_eq!(ordinal_number(text), Some(n), "{text}");
    }
    for text in ["", "zeroth", "twenty", "forty-first", "twenty-tenth", "123"] {
        assert_eq!(ordinal_number(text), None, "{text}");
    }
}

#[test]
fn the_reader_without_feasts_agrees_or_leaves_the_feast_unread() {
    for input in [
        "today",
        "Tomorrow",
        "yesterday",
        "next Sunday",
        "sun",
        "last friday",
        "2026-12-08",
        "2026-02-30",
        "March 19",
        "19th of March 2027",
        "readings for today",
        "",
    ] {
        assert_eq!(
            parse_date_query_without_feasts(input, today()),
            parse_date_query(input, today()),
            "{input:?}"
        );
    }
    for feast in [
        "Easter Sunday 2026",
        "Christmas",
        "the 3rd Sunday of Advent",
        "Pentecost",
    ] {
        assert_eq!(
            parse_date_query_without_feasts(feast, today()),
            None,
            "{feast:?}"
        );
    }
}
