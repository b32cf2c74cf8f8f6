//! The movable dates of a year: Easter by the Gregorian computus and the days that hang on it or
//! on Christmas.

use super::calendars::{Calendar, Epiphany};
use magisterium_core::date::CivilDate;

/// Easter Sunday of `year` by the Gregorian computus (the "anonymous Gregorian" algorithm in
/// Meeus). `None` outside 1583–9999 (before the Gregorian reform or beyond [`CivilDate`]).
pub fn easter(year: i32) -> Option<CivilDate> {
    if !(1583..=9999).contains(&year) {
        return None;
    }
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    CivilDate::new(year, u32::try_from(month).ok()?, u32::try_from(day).ok()?)
}

/// Ash Wednesday of `year` (Easter − 46).
pub fn ash_wednesday(year: i32) -> Option<CivilDate> {
    easter(year)?.add_days(-46)
}

/// Pentecost Sunday of `year` (Easter + 49).
pub fn pentecost(year: i32) -> Option<CivilDate> {
    easter(year)?.add_days(49)
}

/// The First Sunday of Advent in `year` (the Sunday from November 27 to December 3), which starts
/// the liturgical year named after `year + 1`.
pub fn first_sunday_of_advent(year: i32) -> Option<CivilDate> {
    let dec3 = CivilDate::new(year, 12, 3)?;
    dec3.add_days(-i64::from(dec3.weekday()))
}

/// Our Lord Jesus Christ, King of the Universe: the last Sunday before Advent in `year`.
pub fn christ_the_king(year: i32) -> Option<CivilDate> {
    first_sunday_of_advent(year)?.add_days(-7)
}

/// The Baptism of the Lord in `year`: the Sunday after January 6 (January 7–13).
pub fn baptism_of_the_lord(year: i32) -> Option<CivilDate> {
    let jan6 = CivilDate::new(year, 1, 6)?;
    jan6.add_days(7 - i64::from(jan6.weekday()))
}

/// The Epiphany in `year` as `rule` keeps it: January 6, the Sunday between January 2 and 8, or
/// the Sunday next to January 6 when that is a Saturday or a Monday.
pub fn epiphany(year: i32, rule: Epiphany) -> Option<CivilDate> {
    let jan6 = CivilDate::new(year, 1, 6)?;
    let weekday = i64::from(jan6.weekday());
    match (rule, weekday) {
        (Epiphany::Sunday, 0..=4) => jan6.add_days(-weekday),
        (Epiphany::Sunday, _) => jan6.add_days(7 - weekday),
        (Epiphany::AdjacentSunday, 1) => jan6.add_days(-1),
        (Epiphany::AdjacentSunday, 6) => jan6.add_days(1),
        _ => Some(jan6),
    }
}

/// The Baptism of the Lord in `year` where the Epiphany is kept by `rule`: the Sunday after the
/// Epiphany, or the Monday after it when the Epiphany is kept on Sunday January 7 or 8.
pub fn baptism_in(year: i32, rule: Epiphany) -> Option<CivilDate> {
    let kept = epiphany(year, rule)?;
    if kept.weekday() == 0 && kept.day() >= 7 {
        return kept.add_days(1);
    }
    kept.add_days(7 - i64::from(kept.weekday()))
}

/// The Holy Family in `year`: the Sunday within the Christmas octave, or December 30 when Christmas
/// is a Sunday.
pub fn holy_family(year: i32) -> Option<CivilDate> {
    let christmas = CivilDate::new(year, 12, 25)?;
    match christmas.weekday() {
        0 => CivilDate::new(year, 12, 30),
        wd => christmas.add_days(7 - i64::from(wd)),
    }
}

/// The Sunday of the `n`th week in Ordinary Time of `year` (n = 1 gives the Baptism of the Lord, n
/// = 34 Christ the King); `None` when that Sunday does not occur in the year (the week is skipped
/// or its Sunday is Pentecost).
pub fn sunday_in_ordinary_time(year: i32, n: u32) -> Option<CivilDate> {
    if !(1..=34).contains(&n) {
        return None;
    }
    let before = baptism_of_the_lord(year)?.add_days(7 * (i64::from(n) - 1))?;
    if before < ash_wednesday(year)? {
        return Some(before);
    }
    let after = christ_the_king(year)?.add_days(-7 * (34 - i64::from(n)))?;
    (after > pentecost(year)?).then_some(after)
}

/// Days from `from` to `to` (negative when `to` is earlier).
pub fn days_between(from: CivilDate, to: CivilDate) -> i64 {
    to.days_since_epoch() - from.days_since_epoch()
}

/// The movable days of one civil year in one calendar (the General Roman Calendar keeps the
/// Epiphany on January 6, the Ascension and Corpus Christi on Thursday).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiturgicalYear {
    /// The civil year.
    pub year: i32,
    /// The Epiphany (January 6, or a Sunday where the calendar moves it).
    pub epiphany: CivilDate,
    /// The Baptism of the Lord (the Sunday after the Epiphany, or the Monday after it).
    pub baptism_of_the_lord: CivilDate,
    /// Ash Wednesday (Easter − 46).
    pub ash_wednesday: CivilDate,
    /// Palm Sunday (Easter − 7).
    pub palm_sunday: CivilDate,
    /// Easter Sunday.
    pub easter: CivilDate,
    /// The Ascension (Easter + 39, a Thursday; Easter + 42 where it is kept on Sunday).
    pub ascension: CivilDate,
    /// Pentecost (Easter + 49).
    pub pentecost: CivilDate,
    /// The Most Holy Trinity (Easter + 56).
    pub trinity: CivilDate,
    /// Corpus Christi (Easter + 60, a Thursday; Easter + 63 where it is kept on Sunday).
    pub corpus_christi: CivilDate,
    /// The Most Sacred Heart of Jesus (Easter + 68).
    pub sacred_heart: CivilDate,
    /// Christ the King (the Sunday before Advent).
    pub christ_the_king: CivilDate,
    /// The First Sunday of Advent, which opens the next liturgical year.
    pub first_sunday_of_advent: CivilDate,
    /// The Holy Family (the Sunday within the Christmas octave, or December 30).
    pub holy_family: CivilDate,
}

/// The movable days of `year` in the General Roman Calendar, or `None` outside 1900–2199 (the
/// calendar's range).
pub fn liturgical_year(year: i32) -> Option<LiturgicalYear> {
    liturgical_year_in(year, super::calendars::general())
}

/// The movable days of `year` in `calendar`, or `None` outside 1900–2199.
pub fn liturgical_year_in(year: i32, calendar: &Calendar) -> Option<LiturgicalYear> {
    if !(super::FIRST_YEAR..=super::LAST_YEAR).contains(&year) {
        return None;
    }
    let easter = easter(year)?;
    let sunday = |on_sunday: bool| i64::from(on_sunday) * 3;
    Some(LiturgicalYear {
        year,
        epiphany: epiphany(year, calendar.epiphany)?,
        baptism_of_the_lord: baptism_in(year, calendar.epiphany)?,
        ash_wednesday: easter.add_days(-46)?,
        palm_sunday: easter.add_days(-7)?,
        easter,
        ascension: easter.add_days(39 + sunday(calendar.ascension_on_sunday))?,
        pentecost: easter.add_days(49)?,
        trinity: easter.add_days(56)?,
        corpus_christi: easter.add_days(60 + sunday(calendar.corpus_christi_on_sunday))?,
        sacred_heart: easter.add_days(68)?,
        christ_the_king: christ_the_king(year)?,
        first_sunday_of_advent: first_sunday_of_advent(year)?,
        holy_family: holy_family(year)?,
    })
}
