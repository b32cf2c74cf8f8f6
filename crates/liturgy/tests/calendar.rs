//! The calendar natively over a table of known days: Easter by two algorithms, the movable feasts,
//! the cycles at the turn of Advent, colours and names, the weeks of Ordinary Time, transfers of
//! impeded solemnities, and every day of 1900–2199 resolving.

use magisterium_core::CivilDate;
use magisterium_liturgy::movable::{
    ash_wednesday, baptism_of_the_lord, christ_the_king, days_between, holy_family, pentecost,
    sunday_in_ordinary_time,
};
use magisterium_liturgy::names::{long_date, ordinal_number, ordinal_word};
use magisterium_liturgy::sanctoral::celebrations_on;
use magisterium_liturgy::{
    liturgical_day, solemnity_date, Colour, LiturgicalDay, Rank, Season, SundayCycle, WeekdayCycle,
};

fn date(y: i32, m: u32, d: u32) -> CivilDate {
    CivilDate::new(y, m, d).unwrap()
}

fn day(y: i32, m: u32, d: u32) -> LiturgicalDay {
    liturgical_day(date(y, m, d)).unwrap()
}

#[test]
fn cycles() {
    // Advent 2025 opens Year A / II; Advent 2026 opens Year B / I.
    let d = day(2025, 11, 29);
    assert_eq!(
        (d.sunday_cycle, d.weekday_cycle),
        (SundayCycle::C, WeekdayCycle::I)
    );
    let d = day(2025, 11, 30);
    assert_eq!(
        (d.sunday_cycle, d.weekday_cycle),
        (SundayCycle::A, WeekdayCycle::II)
    );
    let d = day(2026, 3, 19);
    assert_eq!(
        (d.sunday_cycle, d.weekday_cycle),
        (SundayCycle::A, WeekdayCycle::II)
    );
    let d = day(2026, 11, 28);
    assert_eq!(
        (d.sunday_cycle, d.weekday_cycle),
        (SundayCycle::A, WeekdayCycle::II)
    );
    let d = day(2026, 11, 29);
    assert_eq!(
        (d.sunday_cycle, d.weekday_cycle),
        (SundayCycle::B, WeekdayCycle::I)
    );
    let d = day(2027, 12, 24);
    assert_eq!(
        (d.sunday_cycle, d.weekday_cycle),
        (SundayCycle::C, WeekdayCycle::II)
    );
    assert_eq!(day(2024, 6, 1).sunday_cycle, SundayCycle::B);
    assert_eq!(day(2025, 6, 1).sunday_cycle, SundayCycle::C);
}

#[test]
fn colours() {
    assert_eq!(
        day(2025, 12, 14).name,
        "Third Sunday of Advent (Gaudete Sunday)"
    );
    assert_eq!(day(2025, 12, 14).colour, Colour::Rose);
    assert_eq!(
        day(2026, 3, 15).name,
        "Fourth Sunday of Lent (Laetare Sunday)"
    );
    assert_eq!(day(2026, 3, 15).colour, Colour::Rose);
    assert_eq!(
        day(2026, 4, 3).name,
        "Friday of the Passion of the Lord (Good Friday)"
    );
    assert_eq!(day(2026, 4, 3).colour, Colour::Red);
    assert_eq!(day(2026, 4, 3).season, Season::Triduum);
    assert_eq!(day(2026, 5, 24).colour, Colour::Red);
    assert_eq!(day(2026, 3, 29).colour, Colour::Red);
    assert_eq!(day(2026, 12, 25).colour, Colour::White);
    assert_eq!(
        day(2026, 12, 25).name,
        "The Nativity of the Lord (Christmas)"
    );
    assert_eq!(day(2026, 12, 25).rank, Rank::Solemnity);
    assert_eq!(day(2026, 2, 12).colour, Colour::Green);
    assert_eq!(day(2026, 12, 2).colour, Colour::Violet);
    assert_eq!(day(2026, 2, 18).colour, Colour::Violet);
    assert_eq!(day(2026, 12, 26).colour, Colour::Red); // Saint Stephen
    assert_eq!(day(2026, 11, 2).colour, Colour::Violet);
}

#[test]
fn seasons_and_names_2026() {
    let d = day(2026, 6, 9);
    assert_eq!(d.name, "Tuesday of the 10th Week in Ordinary Time");
    assert_eq!(
        (d.season, d.week, d.rank),
        (Season::OrdinaryTime, Some(10), Rank::Weekday)
    );
    let d = day(2026, 2, 17);
    assert_eq!(
        (d.name.as_str(), d.week),
        ("Tuesday of the 6th Week in Ordinary Time", Some(6))
    );
    assert_eq!(day(2026, 1, 18).name, "Second Sunday in Ordinary Time");
    assert_eq!(day(2026, 1, 11).name, "The Baptism of the Lord");
    assert_eq!(
        day(2026, 1, 12).name,
        "Monday of the 1st Week in Ordinary Time"
    );
    assert_eq!(day(2026, 1, 4).name, "Second Sunday after Christmas");
    assert_eq!(day(2026, 1, 8).name, "Thursday after Epiphany");
    assert_eq!(day(2026, 1, 5).name, "Christmas Weekday (January 5)");
    assert_eq!(day(2026, 1, 6).name, "The Epiphany of the Lord");
    assert_eq!(day(2026, 1, 1).name, "Mary, the Holy Mother of God");
    assert_eq!(day(2026, 2, 19).name, "Thursday after Ash Wednesday");
    assert_eq!(day(2026, 2, 22).name, "First Sunday of Lent"); // Chair of Peter omitted
    assert_eq!(day(2026, 2, 23).name, "Monday of the 1st Week of Lent");
    assert_eq!(
        day(2026, 2, 23)
            .optional_memorials
            .iter()
            .map(|c| c.title)
            .collect::<Vec<_>>(),
        ["Saint Polycarp, Bishop and Martyr"]
    );
    assert_eq!(
        day(2026, 3, 29).name,
        "Palm Sunday of the Passion of the Lord"
    );
    assert_eq!(day(2026, 3, 31).name, "Tuesday of Holy Week");
    assert_eq!(day(2026, 4, 2).rank, Rank::Triduum);
    assert_eq!(
        day(2026, 4, 5).name,
        "Easter Sunday of the Resurrection of the Lord"
    );
    assert_eq!(
        day(2026, 4, 8).name,
        "Wednesday within the Octave of Easter"
    );
    assert_eq!(
        day(2026, 4, 12).name,
        "Second Sunday of Easter (Sunday of Divine Mercy)"
    );
    assert_eq!(day(2026, 4, 25).name, "Saint Mark, Evangelist");
    assert_eq!(day(2026, 5, 14).name, "The Ascension of the Lord");
    assert_eq!(day(2026, 5, 17).name, "Seventh Sunday of Easter");
    assert_eq!(day(2026, 5, 19).name, "Tuesday of the 7th Week of Easter");
    assert_eq!(
        day(2026, 5, 25).name,
        "The Blessed Virgin Mary, Mother of the Church"
    );
    assert_eq!(
        day(2026, 5, 25).season_day,
        "Monday of the 8th Week in Ordinary Time"
    );
    assert_eq!(day(2026, 5, 31).name, "The Most Holy Trinity");
    assert_eq!(
        day(2026, 6, 4).name,
        "The Most Holy Body and Blood of Christ (Corpus Christi)"
    );
    assert_eq!(day(2026, 6, 12).name, "The Most Sacred Heart of Jesus");
    // Immaculate Heart and Saint Anthony of Padua coincide: both optional.
    assert_eq!(
        day(2026, 6, 13).name,
        "Saturday of the 10th Week in Ordinary Time"
    );
    assert_eq!(
        day(2026, 6, 13)
            .optional_memorials
            .iter()
            .map(|c| c.title)
            .collect::<Vec<_>>(),
        [
            "Saint Anthony of Padua, Priest and Doctor of the Church",
            "The Immaculate Heart of the Blessed Virgin Mary"
        ]
    );
    assert_eq!(
        day(2026, 6, 20)
            .optional_memorials
            .iter()
            .map(|c| c.title)
            .collect::<Vec<_>>(),
        ["Saturday Memorial of the Blessed Virgin Mary"]
    );
    assert_eq!(
        day(2024, 6, 8).name,
        "The Immaculate Heart of the Blessed Virgin Mary"
    );
    assert_eq!(day(2024, 6, 8).rank, Rank::Memorial);
    assert_eq!(
        day(2025, 6, 28).name,
        "Saturday of the 12th Week in Ordinary Time"
    ); // with St Irenaeus
    assert_eq!(
        day(2026, 11, 21).name,
        "The Presentation of the Blessed Virgin Mary"
    );
    assert_eq!(
        day(2026, 11, 15).name,
        "Thirty-third Sunday in Ordinary Time"
    );
    assert_eq!(day(2026, 11, 30).name, "Saint Andrew, Apostle");
    assert_eq!(
        day(2026, 11, 30).season_day,
        "Monday of the 1st Week of Advent"
    );
    assert_eq!(day(2026, 12, 17).name, "December 17 (late Advent weekday)");
    assert_eq!(
        day(2026, 12, 27).name,
        "The Holy Family of Jesus, Mary and Joseph"
    );
    assert_eq!(
        day(2026, 12, 29).name,
        "Fifth Day within the Octave of the Nativity of the Lord"
    );
    assert_eq!(
        day(2026, 12, 29)
            .optional_memorials
            .iter()
            .map(|c| c.title)
            .collect::<Vec<_>>(),
        ["Saint Thomas Becket, Bishop and Martyr"]
    );
    assert_eq!(
        day(2026, 12, 13).name,
        "Third Sunday of Advent (Gaudete Sunday)"
    );
    assert_eq!(
        day(2026, 12, 14).name,
        "Saint John of the Cross, Priest and Doctor of the Church"
    );
    assert_eq!(
        day(2026, 12, 14).season_day,
        "Monday of the 3rd Week of Advent"
    );
    assert_eq!(day(2026, 8, 6).name, "The Transfiguration of the Lord");
}

#[test]
fn ordinary_time_weeks() {
    // 2025: Pentecost June 8, Christ the King November 23.
    assert_eq!(
        day(2025, 6, 9).name,
        "The Blessed Virgin Mary, Mother of the Church"
    ); // over St Ephrem (optional)
    assert_eq!(
        day(2025, 6, 9).season_day,
        "Monday of the 10th Week in Ordinary Time"
    );
    assert_eq!(
        day(2025, 3, 4).name,
        "Tuesday of the 8th Week in Ordinary Time"
    );
    assert_eq!(day(2025, 11, 23).week, Some(34));
    assert_eq!(
        day(2025, 11, 16).name,
        "Thirty-third Sunday in Ordinary Time"
    );
    // 2024: OT resumed in week 7 after Pentecost (May 19).
    assert_eq!(
        day(2024, 5, 21).name,
        "Tuesday of the 7th Week in Ordinary Time"
    );
    assert_eq!(
        day(2024, 2, 13).name,
        "Tuesday of the 6th Week in Ordinary Time"
    );
    assert_eq!(
        day(2024, 5, 30).name,
        "The Most Holy Body and Blood of Christ (Corpus Christi)"
    );
    assert_eq!(day(2024, 6, 2).name, "Ninth Sunday in Ordinary Time");
    assert_eq!(sunday_in_ordinary_time(2026, 2), Some(date(2026, 1, 18)));
    assert_eq!(sunday_in_ordinary_time(2026, 33), Some(date(2026, 11, 15)));
    assert_eq!(sunday_in_ordinary_time(2026, 8), None); // its Sunday is Pentecost
    assert_eq!(sunday_in_ordinary_time(2026, 9), Some(date(2026, 5, 31))); // Trinity
    assert_eq!(sunday_in_ordinary_time(2026, 7), None); // skipped week
    assert_eq!(sunday_in_ordinary_time(2026, 35), None);
    // Every Ordinary Time day of 1900–2199 has a week within 1–34 and the count of weeks is 33
    // or 34.
    for y in 1900..=2199 {
        let last_before = ash_wednesday(y).unwrap().add_days(-1).unwrap();
        let first_after = pentecost(y).unwrap().add_days(1).unwrap();
        let wb = liturgical_day(last_before).unwrap().week.unwrap();
        let wa = liturgical_day(first_after).unwrap().week.unwrap();
        assert!(wa == wb + 1 || wa == wb + 2, "{y}: {wb} then {wa}");
        assert_eq!(
            liturgical_day(christ_the_king(y).unwrap()).unwrap().week,
            Some(34)
        );
    }
}

#[test]
fn transfers() {
    // St Joseph in Holy Week: 2008 (Mar 19 = Wednesday of Holy Week) → Saturday March 15.
    assert_eq!(solemnity_date(2008, 3, 19), Some(date(2008, 3, 15)));
    assert_eq!(
        day(2008, 3, 15).name,
        "Saint Joseph, Spouse of the Blessed Virgin Mary"
    );
    assert_eq!(day(2008, 3, 19).name, "Wednesday of Holy Week");
    // Annunciation 2008 (March 25 = Tuesday within the Easter octave) → Monday March 31.
    assert_eq!(solemnity_date(2008, 3, 25), Some(date(2008, 3, 31)));
    // Annunciation 2024 (Monday of Holy Week) → April 8; 2018 (Palm Sunday) → April 9.
    assert_eq!(solemnity_date(2024, 3, 25), Some(date(2024, 4, 8)));
    assert_eq!(day(2024, 4, 8).name, "The Annunciation of the Lord");
    assert_eq!(solemnity_date(2018, 3, 25), Some(date(2018, 4, 9)));
    // 2035: Easter is March 25; Joseph (Monday of Holy Week) → Saturday March 17.
    assert_eq!(solemnity_date(2035, 3, 19), Some(date(2035, 3, 17)));
    assert_eq!(solemnity_date(2035, 3, 25), Some(date(2035, 4, 2)));
    // On a Sunday of Lent → Monday: St Joseph 2017 (3rd Sunday of Lent), Annunciation 2012
    // (5th).
    assert_eq!(solemnity_date(2017, 3, 19), Some(date(2017, 3, 20)));
    assert_eq!(solemnity_date(2018, 3, 19), Some(date(2018, 3, 19)));
    assert_eq!(solemnity_date(2012, 3, 25), Some(date(2012, 3, 26)));
    // Immaculate Conception on the Second Sunday of Advent → Monday December 9 (2024, 2019,
    // 2030).
    assert_eq!(solemnity_date(2024, 12, 8), Some(date(2024, 12, 9)));
    assert_eq!(solemnity_date(2019, 12, 8), Some(date(2019, 12, 9)));
    assert_eq!(day(2024, 12, 8).name, "Second Sunday of Advent");
    assert_eq!(
        day(2024, 12, 9).name,
        "The Immaculate Conception of the Blessed Virgin Mary"
    );
    assert_eq!(solemnity_date(2026, 12, 8), Some(date(2026, 12, 8)));
    // Nativity of John the Baptist 2022 vs Sacred Heart (June 24) → Thursday June 23.
    assert_eq!(day(2022, 6, 24).name, "The Most Sacred Heart of Jesus");
    assert_eq!(solemnity_date(2022, 6, 24), Some(date(2022, 6, 23)));
    // Corpus Christi 2038 on June 24 → John the Baptist to June 23.
    assert_eq!(
        day(2038, 6, 24).name,
        "The Most Holy Body and Blood of Christ (Corpus Christi)"
    );
    assert_eq!(solemnity_date(2038, 6, 24), Some(date(2038, 6, 23)));
    // Solemnities beat Sundays in Ordinary Time.
    assert_eq!(day(2025, 6, 29).name, "Saints Peter and Paul, Apostles");
    assert_eq!(
        day(2021, 8, 15).name,
        "The Assumption of the Blessed Virgin Mary"
    );
    assert_eq!(day(2026, 11, 1).name, "All Saints");
    assert_eq!(
        day(2025, 11, 2).name,
        "The Commemoration of All the Faithful Departed (All Souls' Day)"
    );
    // Feasts of the Lord beat Sundays in Ordinary Time; other feasts do not.
    assert_eq!(day(2025, 2, 2).name, "The Presentation of the Lord");
    assert_eq!(
        day(2025, 11, 9).name,
        "The Dedication of the Lateran Basilica"
    );
    assert_eq!(day(2025, 9, 14).name, "The Exaltation of the Holy Cross");
    assert_eq!(
        day(2025, 9, 21).name,
        "Twenty-fifth Sunday in Ordinary Time"
    );
    // Holy Family on December 30 when Christmas is a Sunday.
    assert_eq!(holy_family(2022), Some(date(2022, 12, 30)));
    assert_eq!(
        day(2022, 12, 30).name,
        "The Holy Family of Jesus, Mary and Joseph"
    );
    assert_eq!(
        day(2021, 12, 26).name,
        "The Holy Family of Jesus, Mary and Joseph"
    );
    assert_eq!(baptism_of_the_lord(2019), Some(date(2019, 1, 13)));
}

#[test]
fn every_day_of_the_range_resolves() {
    let mut d = date(1900, 1, 1);
    let end = date(2199, 12, 31);
    let mut count = 0;
    while d <= end {
        let l = liturgical_day(d).unwrap();
        assert!(!l.name.is_empty() && !l.season_day.is_empty());
        if let Some(w) = l.week {
            assert!((1..=34).contains(&w), "{d} {w}");
        }
        count += 1;
        d = d.add_days(1).unwrap();
    }
    assert_eq!(count, 300 * 365 + 73);
    assert_eq!(liturgical_day(date(1899, 12, 31)), None);
    assert_eq!(liturgical_day(date(2200, 1, 1)), None);
    // Each fixed solemnity is kept exactly once a year.
    for y in 1900..=2199 {
        for (m, dd) in [(3, 19), (3, 25), (6, 24), (6, 29), (12, 8)] {
            let kept = solemnity_date(y, m, dd).unwrap();
            assert!(
                days_between(date(y, m, dd), kept).abs() <= 16,
                "{y}-{m}-{dd} → {kept}"
            );
            let title = celebrations_on(m, dd)[0].title;
            assert_eq!(
                liturgical_day(kept).unwrap().name,
                title,
                "{y}-{m}-{dd} → {kept}"
            );
        }
    }
}

#[test]
fn formatting_helpers() {
    assert_eq!(long_date(date(2026, 3, 19)), "Thursday, March 19, 2026");
    assert_eq!(ordinal_word(1), "First");
    assert_eq!(ordinal_word(20), "Twentieth");
    assert_eq!(ordinal_word(21), "Twenty-first");
    assert_eq!(ordinal_word(34), "Thirty-fourth");
    assert_eq!(ordinal_number(1), "1st");
    assert_eq!(ordinal_number(12), "12th");
    assert_eq!(ordinal_number(22), "22nd");
    assert_eq!(ordinal_number(33), "33rd");
}
