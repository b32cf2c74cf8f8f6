//! Natural-language date queries for the `liturgical_readings` and `saints_of_the_day` skills, as
//! the service reads them: the stand-in answers with it, and the proxy resolves a relative date
//! with it before its cache key (`magisterium-worker`, `cache::dates`).
//!
//! [`parse_date_query`] accepts, case-insensitively and with any spacing or punctuation:
//! - `today`, `tomorrow`, `yesterday`;
//! - a weekday (`Sunday`, `sun`, `this Sunday`): the next such day **including today**; `next
//!   Sunday`: the next one strictly after today; `last Sunday`: the latest one strictly before
//!   today;
//! - `YYYY-MM-DD`;
//! - month and day in either order, with an optional four-digit year and ordinal suffix: `March
//!   19`, `19 March`, `Mar 19th, 2026`, `the 19th of March`; without a year, the year of `today`;
//! - feasts, with an optional four-digit year: `Easter`, `Easter Sunday 2026`, `Christmas Day`,
//!   `Ash Wednesday 2027`, `Pentecost`, `Palm Sunday`, `Good Friday`, `Holy Thursday`, `Holy
//!   Saturday`, `Ascension`, `Trinity Sunday`, `Corpus Christi`, `Sacred Heart`, `Christ the King`,
//!   `Epiphany`, `Baptism of the Lord`, `Holy Family`, `Mary Mother of God`, `All Saints`, `All
//!   Souls`, `Assumption`, `Immaculate Conception`, `Saint Joseph`, `Annunciation`, `Presentation
//!   of the Lord`, `Transfiguration`, `Gaudete Sunday`, `Laetare Sunday`, `Divine Mercy Sunday`,
//!   and numbered Sundays (`the 3rd Sunday of Advent`, `first Sunday of Lent`, `fifth Sunday of
//!   Easter`, `twenty-first Sunday in Ordinary Time`). Without a year: the next occurrence on or
//!   after today (`next Easter`: strictly after today). Fixed-date solemnities give the day they
//!   are kept that year (`Immaculate Conception 2024` → 2024-12-09).
//!
//! Leading `readings for`, `mass readings for`, `saints for`, `on`, `the`, `feast of`… are ignored.
//! Anything else is `None`. Dates outside the calendar's 1900–2199 range are still returned.

use crate::movable::{
    ash_wednesday, baptism_of_the_lord, christ_the_king, easter, first_sunday_of_advent,
    holy_family, sunday_in_ordinary_time,
};
use crate::solemnity_date;
use magisterium_core::date::CivilDate;

/// Longest input considered (in bytes); longer text is not a date query.
const MAX_INPUT: usize = 200;

/// The date `input` names, relative to `today`, or `None` when it is not understood (see the module
/// docs). Never panics.
pub fn parse_date_query(input: &str, today: CivilDate) -> Option<CivilDate> {
    read(&normalize(input), today, feast_query)
}

/// [`parse_date_query`] without the feasts, and for ASCII text only: every other form (`today`,
/// weekdays, `YYYY-MM-DD`, month and day), and `None` for a feast or text with any other
/// character. Where it gives a date, [`parse_date_query`] gives the same one. It leaves the
/// calendar's tables and Unicode's case tables out of a bundle that does not need them (the
/// proxy, which forwards what this does not read as it came).
pub fn parse_date_query_without_feasts(input: &str, today: CivilDate) -> Option<CivilDate> {
    if !input.is_ascii() || input.len() > MAX_INPUT {
        return None;
    }
    let mapped: String = input
        .chars()
        .filter(|c| *c != '\'')
        .map(|c| match c.to_ascii_lowercase() {
            c if c.is_ascii_alphanumeric() || c == '-' => c,
            _ => ' ',
        })
        .collect();
    read(&collapse(&mapped), today, |_, _| None)
}

/// The date reader on `normal`, the [`normalize`]d input, with `feasts` for the phrases no other
/// form reads.
fn read(
    normal: &str,
    today: CivilDate,
    feasts: impl FnOnce(&str, CivilDate) -> Option<CivilDate>,
) -> Option<CivilDate> {
    let text = strip_prefixes(normal);
    if text.is_empty() {
        return None;
    }
    if CivilDate::looks_iso(text) {
        return CivilDate::parse_iso(text);
    }
    match text {
        "today" => return Some(today),
        "tomorrow" => return today.add_days(1),
        "yesterday" => return today.add_days(-1),
        _ => {}
    }
    let words: Vec<&str> = text.split(' ').collect();
    relative_weekday(&words, today)
        .or_else(|| month_day(&words, today))
        .or_else(|| feasts(text, today))
}

/// Lower-case; apostrophes dropped; every character other than letters, digits and `-` becomes a
/// space; runs of spaces collapse.
fn normalize(input: &str) -> String {
    if input.len() > MAX_INPUT {
        return String::new();
    }
    let mapped: String = input
        .chars()
        .filter(|c| !matches!(c, '\'' | '’'))
        .flat_map(char::to_lowercase)
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                ' '
            }
        })
        .collect();
    collapse(&mapped)
}

/// Runs of spaces as one, none around.
fn collapse(mapped: &str) -> String {
    mapped.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn strip_prefixes(mut text: &str) -> &str {
    const PREFIXES: [&str; 14] = [
        "mass readings for ",
        "readings for ",
        "readings on ",
        "readings of ",
        "saints for ",
        "saints on ",
        "saints of ",
        "saint of the day for ",
        "on ",
        "for ",
        "the ",
        "feast of ",
        "solemnity of ",
        "memorial of ",
    ];
    while let Some(rest) = PREFIXES.iter().find_map(|p| text.strip_prefix(p)) {
        text = rest;
    }
    text
}

fn weekday_number(word: &str) -> Option<u32> {
    Some(match word {
        "sunday" | "sun" => 0,
        "monday" | "mon" => 1,
        "tuesday" | "tue" | "tues" => 2,
        "wednesday" | "wed" => 3,
        "thursday" | "thu" | "thur" | "thurs" => 4,
        "friday" | "fri" => 5,
        "saturday" | "sat" => 6,
        _ => return None,
    })
}

fn relative_weekday(words: &[&str], today: CivilDate) -> Option<CivilDate> {
    let (which, name) = match words {
        [name] => ("this", *name),
        [which @ ("this" | "next" | "last"), name] => (*which, *name),
        _ => return None,
    };
    let target = i64::from(weekday_number(name)?);
    let current = i64::from(today.weekday());
    let ahead = (target - current).rem_euclid(7);
    match which {
        "next" => today.add_days(if ahead == 0 { 7 } else { ahead }),
        "last" => {
            let back = (current - target).rem_euclid(7);
            today.add_days(-(if back == 0 { 7 } else { back }))
        }
        _ => today.add_days(ahead),
    }
}

fn month_number(word: &str) -> Option<u32> {
    Some(match word {
        "january" | "jan" => 1,
        "february" | "feb" => 2,
        "march" | "mar" => 3,
        "april" | "apr" => 4,
        "may" => 5,
        "june" | "jun" => 6,
        "july" | "jul" => 7,
        "august" | "aug" => 8,
        "september" | "sep" | "sept" => 9,
        "october" | "oct" => 10,
        "november" | "nov" => 11,
        "december" | "dec" => 12,
        _ => return None,
    })
}

/// `19`, `19th`, `1st` → the number (at most two digits).
fn day_number(word: &str) -> Option<u32> {
    let digits = ["st", "nd", "rd", "th"]
        .iter()
        .find_map(|s| word.strip_suffix(s))
        .unwrap_or(word);
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Exactly four ASCII digits.
fn year_number(word: &str) -> Option<i32> {
    if word.len() != 4 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok()
}

fn month_day(words: &[&str], today: CivilDate) -> Option<CivilDate> {
    let words: Vec<&str> = words.iter().copied().filter(|w| *w != "of").collect();
    let (first, second, year) = match words.as_slice() {
        [a, b] => (*a, *b, today.year()),
        [a, b, y] => (*a, *b, year_number(y)?),
        _ => return None,
    };
    let (month, day) = match (month_number(first), month_number(second)) {
        (Some(m), None) => (m, day_number(second)?),
        (None, Some(m)) => (m, day_number(first)?),
        _ => return None,
    };
    CivilDate::new(year, month, day)
}

/// `Easter 2026`, `next Pentecost`, `Christmas`…
fn feast_query(text: &str, today: CivilDate) -> Option<CivilDate> {
    let (text, strictly_after) = match text.strip_prefix("next ") {
        Some(rest) => (strip_prefixes(rest), true),
        None => (text, false),
    };
    if let Some((phrase, year)) = text.rsplit_once(' ') {
        if let Some(year) = year_number(year) {
            return feast_in_year(strip_prefixes(phrase), year);
        }
    }
    let start = today.year();
    (start..=start.saturating_add(2))
        .filter_map(|year| feast_in_year(text, year))
        .find(|&d| {
            if strictly_after {
                d > today
            } else {
                d >= today
            }
        })
}

/// The date of the feast named `phrase` in civil year `year`.
fn feast_in_year(phrase: &str, year: i32) -> Option<CivilDate> {
    let from_easter = |days: i64| easter(year)?.add_days(days);
    let fixed = |month: u32, day: u32| CivilDate::new(year, month, day);
    match phrase {
        "easter" | "easter sunday" | "easter day" | "resurrection of the lord" => from_easter(0),
        "christmas" | "christmas day" | "nativity of the lord" | "nativity of our lord" => {
            fixed(12, 25)
        }
        "christmas eve" => fixed(12, 24),
        "ash wednesday" => from_easter(-46),
        "palm sunday" | "passion sunday" | "palm sunday of the passion of the lord" => {
            from_easter(-7)
        }
        "holy thursday" | "maundy thursday" => from_easter(-3),
        "good friday" => from_easter(-2),
        "holy saturday" | "easter vigil" => from_easter(-1),
        "divine mercy sunday" | "divine mercy" | "low sunday" => from_easter(7),
        "ascension" | "ascension day" | "ascension thursday" | "ascension of the lord" => {
            from_easter(39)
        }
        "pentecost" | "pentecost sunday" | "whitsunday" | "whit sunday" => from_easter(49),
        "trinity" | "trinity sunday" | "holy trinity" | "most holy trinity" => from_easter(56),
        "corpus christi" | "body and blood of christ" | "most holy body and blood of christ" => {
            from_easter(60)
        }
        "sacred heart" | "sacred heart of jesus" | "most sacred heart of jesus" => from_easter(68),
        "christ the king"
        | "christ the king sunday"
        | "christ king"
        | "our lord jesus christ king of the universe" => christ_the_king(year),
        "gaudete sunday" | "gaudete" => first_sunday_of_advent(year)?.add_days(14),
        "laetare sunday" | "laetare" => ash_wednesday(year)?.add_days(25),
        "epiphany" | "epiphany of the lord" | "three kings day" => fixed(1, 6),
        "baptism of the lord" | "baptism of our lord" => baptism_of_the_lord(year),
        "holy family" | "holy family of jesus mary and joseph" => holy_family(year),
        "mary mother of god"
        | "mary the holy mother of god"
        | "mother of god"
        | "new years day" => fixed(1, 1),
        "presentation of the lord" | "presentation" | "candlemas" => fixed(2, 2),
        "st joseph" | "saint joseph" | "joseph" | "st joseph spouse of the blessed virgin mary" => {
            solemnity_date(year, 3, 19)
        }
        "annunciation" | "annunciation of the lord" => solemnity_date(year, 3, 25),
        "nativity of john the baptist"
        | "nativity of st john the baptist"
        | "birth of john the baptist" => solemnity_date(year, 6, 24),
        "peter and paul"
        | "sts peter and paul"
        | "saints peter and paul"
        | "st peter and st paul" => solemnity_date(year, 6, 29),
        "transfiguration" | "transfiguration of the lord" => fixed(8, 6),
        "assumption" | "assumption of mary" | "assumption of the blessed virgin mary" => {
            fixed(8, 15)
        }
        "all saints" | "all saints day" | "all hallows" => fixed(11, 1),
        "all souls" | "all souls day" => fixed(11, 2),
        "immaculate conception"
        | "immaculate conception of the blessed virgin mary"
        | "immaculate conception of mary" => solemnity_date(year, 12, 8),
        _ => numbered_sunday(phrase, year),
    }
}

/// `3rd sunday of advent`, `first sunday of lent`, `twenty-first sunday in ordinary time`.
fn numbered_sunday(phrase: &str, year: i32) -> Option<CivilDate> {
    let (ordinal, season) = phrase.split_once(" sunday ")?;
    let n = ordinal_number(ordinal)?;
    let weeks = |n: u32| i64::from(n) - 1;
    match season {
        "of advent" | "in advent" if (1..=4).contains(&n) => {
            first_sunday_of_advent(year)?.add_days(7 * weeks(n))
        }
        "of lent" | "in lent" if (1..=6).contains(&n) => {
            ash_wednesday(year)?.add_days(4 + 7 * weeks(n))
        }
        "of easter" | "after easter" if (1..=7).contains(&n) => {
            easter(year)?.add_days(7 * weeks(n))
        }
        "in ordinary time" | "of ordinary time" => sunday_in_ordinary_time(year, n),
        _ => None,
    }
}

/// `3rd`, `3`, `third`, `twenty-first`, `twenty first` → 3, 3, 3, 21, 21 (up to 39).
fn ordinal_number(text: &str) -> Option<u32> {
    const UNITS: [&str; 10] = [
        "", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    ];
    const TEENS: [&str; 10] = [
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
        "sixteenth",
        "seventeenth",
        "eighteenth",
        "nineteenth",
    ];
    let position = |list: &[&str], word: &str| {
        list.iter()
            .position(|w| *w == word)
            .and_then(|i| u32::try_from(i).ok())
    };
    if let Some(n) = day_number(text) {
        return Some(n);
    }
    let text = text.replace('-', " ");
    match text.split(' ').collect::<Vec<_>>().as_slice() {
        [word] => match *word {
            "twentieth" => Some(20),
            "thirtieth" => Some(30),
            _ => position(&UNITS, word)
                .filter(|&n| n > 0)
                .or_else(|| position(&TEENS, word).map(|n| n + 10)),
        },
        [tens, unit] => {
            let tens = match *tens {
                "twenty" => 20,
                "thirty" => 30,
                _ => return None,
            };
            position(&UNITS, unit).filter(|&n| n > 0).map(|n| tens + n)
        }
        _ => None,
    }
}

/// `CivilDate::new` for tests, whose dates are real ones.
#[cfg(test)]
fn test_date(y: i32, m: u32, d: u32) -> CivilDate {
    CivilDate::new(y, m, d).unwrap()
}

#[cfg(test)]
#[path = "tests/dates.rs"]
mod tests;
