//! The Roman liturgical calendar (General Roman Calendar, ordinary form), computed for 1900–2199.
//!
//! [`liturgical_day`] combines the Proper of Time (seasons, Sundays, movable solemnities, from
//! Easter by the Gregorian computus) with the fixed-date table of [`super::saints`], following the
//! Table of Liturgical Days (General Norms for the Liturgical Year and the Calendar, 59–60): the
//! higher day wins, impeded solemnities are transferred, impeded feasts are omitted, and memorials
//! in Lent, from December 17 to 24 and in the Christmas octave become optional commemorations.
//!
//! Choices where practice varies:
//! - Epiphany stays on January 6, the Ascension on Thursday (Easter + 39) and Corpus Christi on
//!   Thursday (Easter + 60), as in the universal calendar; days carry a note about the Sunday
//!   transfer used in many countries. The Baptism of the Lord is the Sunday after January 6.
//! - The Paschal Triduum is its own [`Season`] from Holy Thursday to Holy Saturday (the Thursday
//!   morning strictly still belongs to Lent; Easter Sunday is counted in [`Season::Easter`]).
//! - A solemnity impeded by Holy Week, the Easter octave or a movable solemnity of the Lord (Sacred
//!   Heart, Corpus Christi) goes to the nearest day that is not a Sunday, solemnity, feast or
//!   privileged day (the earlier one on a tie: Nativity of John the Baptist 2022 → June 23); one
//!   falling on a Sunday of Advent, Lent or Easter goes to the Monday after; the Annunciation in
//!   Holy Week or the Easter octave goes to the Monday after the Second Sunday of Easter.
//! - Mary, Mother of the Church (Monday after Pentecost) prevails over another obligatory memorial;
//!   the Immaculate Heart of Mary (Saturday after the Sacred Heart) and another obligatory memorial
//!   both become optional.
//! - Today's rules and calendar are applied to every year of the range (a celebration added in 2021
//!   also appears in 1950); national and diocesan propers and holy days of obligation are not
//!   modelled.

use std::fmt;

use super::saints::{celebrations_on, Celebration, GENERAL_ROMAN_CALENDAR};
use crate::protocol::date::CivilDate;

pub use super::readings_table::readings_text;

/// First year [`liturgical_day`] answers for.
pub const FIRST_YEAR: i32 = 1900;
/// Last year [`liturgical_day`] answers for.
pub const LAST_YEAR: i32 = 2199;

/// English weekday names, index 0 = Sunday (as [`CivilDate::weekday`]).
pub const WEEKDAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
/// English month names, index 0 = January.
pub const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The rank of a liturgical day or celebration, highest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rank {
    /// Holy Thursday (evening), Good Friday, Holy Saturday: above every other day.
    Triduum,
    /// A solemnity (also Easter Sunday and the days of the Easter octave).
    Solemnity,
    /// All Souls' Day (November 2): not a solemnity, but ranked with them and kept even on a
    /// Sunday.
    Commemoration,
    /// A Sunday celebrated as such.
    Sunday,
    /// A feast.
    Feast,
    /// An obligatory memorial.
    Memorial,
    /// An optional memorial.
    OptionalMemorial,
    /// A weekday (including privileged weekdays such as Ash Wednesday and Holy Week).
    Weekday,
}

impl Rank {
    /// The English label: `Solemnity`, `Optional memorial`…
    pub fn label(self) -> &'static str {
        match self {
            Self::Triduum => "Paschal Triduum",
            Self::Solemnity => "Solemnity",
            Self::Commemoration => "Commemoration",
            Self::Sunday => "Sunday",
            Self::Feast => "Feast",
            Self::Memorial => "Memorial",
            Self::OptionalMemorial => "Optional memorial",
            Self::Weekday => "Weekday",
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A liturgical season.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Season {
    /// From the First Sunday of Advent to December 24.
    Advent,
    /// From Christmas to the Baptism of the Lord.
    Christmas,
    /// The weeks between the Baptism of the Lord and Lent, and between Pentecost and Advent.
    OrdinaryTime,
    /// From Ash Wednesday to Wednesday of Holy Week.
    Lent,
    /// Holy Thursday, Good Friday and Holy Saturday (see the module notes).
    Triduum,
    /// From Easter Sunday to Pentecost.
    Easter,
}

impl fmt::Display for Season {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Advent => "Advent",
            Self::Christmas => "Christmas Time",
            Self::OrdinaryTime => "Ordinary Time",
            Self::Lent => "Lent",
            Self::Triduum => "Paschal Triduum",
            Self::Easter => "Easter Time",
        })
    }
}

/// The Sunday lectionary cycle of a liturgical year (Year A: Matthew, B: Mark, C: Luke).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SundayCycle {
    /// Year A (the liturgical year ending in a civil year ≡ 1 mod 3, e.g. 2026).
    A,
    /// Year B.
    B,
    /// Year C.
    C,
}

/// The weekday lectionary cycle (first readings of Ordinary Time weekdays).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WeekdayCycle {
    /// Year I: liturgical years ending in an odd civil year.
    I,
    /// Year II: liturgical years ending in an even civil year.
    II,
}

/// A liturgical colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Advent, Lent, All Souls.
    Violet,
    /// Christmas and Easter Time, feasts of the Lord, of Mary and of saints who were not martyrs.
    White,
    /// Palm Sunday, Good Friday, Pentecost, apostles and martyrs.
    Red,
    /// Ordinary Time.
    Green,
    /// Gaudete and Laetare Sundays (violet may be used).
    Rose,
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Violet => "violet",
            Self::White => "white",
            Self::Red => "red",
            Self::Green => "green",
            Self::Rose => "rose",
        })
    }
}

/// What a date is in the General Roman Calendar.
#[derive(Debug, Clone, PartialEq)]
pub struct LiturgicalDay {
    /// The date.
    pub date: CivilDate,
    /// The celebration of the day, e.g. `Second Sunday of Advent`, `Saint Joseph, Spouse of the
    /// Blessed Virgin Mary`, `Tuesday of the 5th Week in Ordinary Time`.
    pub name: String,
    /// The rank of that celebration.
    pub rank: Rank,
    /// The season.
    pub season: Season,
    /// The week of the season (Advent 1–4, Lent 1–5, Easter 1–7, Ordinary Time 1–34); `None` where
    /// days are named otherwise (Christmas Time, the days after Ash Wednesday, Holy Week, the
    /// Triduum, Pentecost).
    pub week: Option<u32>,
    /// The Sunday cycle of the liturgical year the date belongs to.
    pub sunday_cycle: SundayCycle,
    /// The weekday cycle of the liturgical year the date belongs to.
    pub weekday_cycle: WeekdayCycle,
    /// The colour of the Mass of the day.
    pub colour: Colour,
    /// The day of the Proper of Time (equal to `name` when no saint or fixed feast takes the day),
    /// e.g. `Thursday of the 4th Week of Lent`.
    pub season_day: String,
    /// Memorials that may be celebrated instead of the weekday (optional memorials, and memorials
    /// reduced to commemorations in Lent and late Advent).
    pub optional_memorials: Vec<&'static str>,
    /// Remarks: transfers, regional customs.
    pub notes: Vec<String>,
}

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

/// The date on which the fixed-date solemnity of `month`/`day` is kept in `year`, after the
/// transfer rules (e.g. Saint Joseph 2008 → March 15, the Annunciation 2024 → April 8). `None` when
/// the General Roman Calendar has no solemnity on that date, or the year is outside 1583–9999.
pub fn solemnity_date(year: i32, month: u32, day: u32) -> Option<CivilDate> {
    if !celebrations_on(month, day)
        .iter()
        .any(|c| c.rank == Rank::Solemnity)
    {
        return None;
    }
    observed(CivilDate::new(year, month, day)?)
}

/// `Thursday, March 19, 2026`.
pub fn long_date(date: CivilDate) -> String {
    let weekday = WEEKDAY_NAMES
        .get(date.weekday() as usize)
        .copied()
        .unwrap_or("");
    let month = MONTH_NAMES
        .get(date.month() as usize - 1)
        .copied()
        .unwrap_or("");
    format!("{weekday}, {month} {}, {}", date.day(), date.year())
}

/// The liturgical day of `date`, or `None` outside 1900–2199.
pub fn liturgical_day(date: CivilDate) -> Option<LiturgicalDay> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&date.year()) {
        return None;
    }
    let t = proper_of_time(date)?;
    let liturgical_year = if date >= first_sunday_of_advent(date.year())? {
        date.year() + 1
    } else {
        date.year()
    };
    let mut notes = t.notes.clone();

    let mut candidates: Vec<Candidate> = Vec::new();
    for c in celebrations_on(date.month(), date.day()) {
        if c.rank == Rank::Solemnity {
            let kept = observed(date)?;
            if kept != date {
                notes.push(format!(
                    "{} is transferred to {} ({kept}) this year.",
                    c.title,
                    long_date(kept)
                ));
                continue;
            }
        }
        candidates.push(Candidate::fixed(c));
    }
    for (c, from) in transferred_in(date) {
        notes.push(format!(
            "Transferred from {} ({from}), where it was impeded.",
            long_date(from)
        ));
        candidates.push(Candidate::fixed(c));
    }
    if let Some(title) = movable_memorial(date) {
        candidates.push(Candidate {
            title,
            rank: Rank::Memorial,
            colour: Colour::White,
            precedence: 10,
            movable: true,
        });
    }

    let higher = candidates
        .iter()
        .filter(|c| c.precedence <= 8)
        .min_by_key(|c| c.precedence);
    let mut optional_memorials: Vec<&'static str> = Vec::new();
    let (name, rank, colour) = match higher {
        Some(c) if c.precedence < t.precedence => (c.title.to_owned(), c.rank, c.colour),
        _ if t.precedence <= 8 => (t.name.clone(), t.rank, t.colour),
        _ if t.precedence == 9 => {
            // Lent, December 17–24, Christmas octave: memorials only as commemorations.
            optional_memorials.extend(
                candidates
                    .iter()
                    .filter(|c| c.precedence >= 10)
                    .map(|c| c.title),
            );
            if candidates.iter().any(|c| c.precedence == 10) {
                notes
                    .push("On this day a memorial may be kept only as a commemoration.".to_owned());
            }
            (t.name.clone(), t.rank, t.colour)
        }
        _ => {
            let mut obligatory: Vec<&Candidate> =
                candidates.iter().filter(|c| c.precedence == 10).collect();
            if obligatory.len() > 1
                && obligatory
                    .iter()
                    .any(|c| c.movable && c.title == MOTHER_OF_THE_CHURCH)
            {
                obligatory.retain(|c| c.movable);
            }
            match obligatory.as_slice() {
                [one] => (one.title.to_owned(), one.rank, one.colour),
                several => {
                    // Immaculate Heart with another memorial: both optional.
                    optional_memorials.extend(several.iter().map(|c| c.title));
                    optional_memorials.extend(
                        candidates
                            .iter()
                            .filter(|c| c.precedence == 12)
                            .map(|c| c.title),
                    );
                    if several.is_empty() && t.season == Season::OrdinaryTime && date.weekday() == 6
                    {
                        optional_memorials.push("Saturday Memorial of the Blessed Virgin Mary");
                    }
                    (t.name.clone(), t.rank, t.colour)
                }
            }
        }
    };

    Some(LiturgicalDay {
        date,
        name,
        rank,
        season: t.season,
        week: t.week,
        sunday_cycle: match liturgical_year.rem_euclid(3) {
            1 => SundayCycle::A,
            2 => SundayCycle::B,
            _ => SundayCycle::C,
        },
        weekday_cycle: if liturgical_year % 2 != 0 {
            WeekdayCycle::I
        } else {
            WeekdayCycle::II
        },
        colour,
        season_day: t.name,
        optional_memorials,
        notes,
    })
}

const MOTHER_OF_THE_CHURCH: &str = "The Blessed Virgin Mary, Mother of the Church";
const IMMACULATE_HEART: &str = "The Immaculate Heart of the Blessed Virgin Mary";

/// A fixed or movable celebration competing for a day.
struct Candidate {
    title: &'static str,
    rank: Rank,
    colour: Colour,
    /// Position in the Table of Liturgical Days (1 = highest).
    precedence: u8,
    movable: bool,
}

impl Candidate {
    fn fixed(c: &Celebration) -> Self {
        Self {
            title: c.title,
            rank: c.rank,
            colour: c.colour,
            precedence: precedence(c),
            movable: false,
        }
    }
}

/// Position of a fixed-date celebration in the Table of Liturgical Days.
fn precedence(c: &Celebration) -> u8 {
    match c.rank {
        Rank::Triduum => 1,
        Rank::Solemnity | Rank::Commemoration => 3,
        Rank::Feast if c.of_the_lord => 5,
        Rank::Sunday => 6,
        Rank::Feast => 7,
        Rank::Memorial => 10,
        Rank::OptionalMemorial => 12,
        Rank::Weekday => 13,
    }
}

/// The movable obligatory memorials: Mary, Mother of the Church (Easter + 50) and the Immaculate
/// Heart of Mary (Easter + 69).
fn movable_memorial(date: CivilDate) -> Option<&'static str> {
    match days_between(easter(date.year())?, date) {
        50 => Some(MOTHER_OF_THE_CHURCH),
        69 => Some(IMMACULATE_HEART),
        _ => None,
    }
}

/// The day of the Proper of Time.
#[derive(Debug, Clone)]
struct Temporal {
    name: String,
    rank: Rank,
    season: Season,
    week: Option<u32>,
    colour: Colour,
    /// Position in the Table of Liturgical Days (1 = highest, 13 = ordinary weekday).
    precedence: u8,
    notes: Vec<String>,
}

/// Season, week and colour shared by the days of one branch of [`proper_of_time`].
#[derive(Clone, Copy)]
struct Place {
    season: Season,
    week: Option<u32>,
    colour: Colour,
}

impl Place {
    fn day(self, name: impl Into<String>, rank: Rank, precedence: u8) -> Temporal {
        Temporal {
            name: name.into(),
            rank,
            season: self.season,
            week: self.week,
            colour: self.colour,
            precedence,
            notes: Vec::new(),
        }
    }

    fn colour(self, colour: Colour) -> Self {
        Self { colour, ..self }
    }
}

impl Temporal {
    fn note(mut self, note: &str) -> Self {
        self.notes.push(note.to_owned());
        self
    }
}

fn days_between(from: CivilDate, to: CivilDate) -> i64 {
    to.days_since_epoch() - from.days_since_epoch()
}

/// `1st`, `2nd`, `3rd`, `11th`…
/// `1st`, `2nd`, `11th`, `22nd` …
pub(crate) fn ordinal_number(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `First` … `Thirty-fourth`.
fn ordinal_word(n: u32) -> String {
    const SMALL: [&str; 20] = [
        "",
        "First",
        "Second",
        "Third",
        "Fourth",
        "Fifth",
        "Sixth",
        "Seventh",
        "Eighth",
        "Ninth",
        "Tenth",
        "Eleventh",
        "Twelfth",
        "Thirteenth",
        "Fourteenth",
        "Fifteenth",
        "Sixteenth",
        "Seventeenth",
        "Eighteenth",
        "Nineteenth",
    ];
    const TENS: [(&str, &str); 2] = [("Twentieth", "Twenty"), ("Thirtieth", "Thirty")];
    if let Some(word) = SMALL.get(n as usize) {
        return (*word).to_owned();
    }
    let (whole, prefix) = TENS.get((n / 10) as usize - 2).copied().unwrap_or(("", ""));
    match SMALL.get((n % 10) as usize) {
        Some(&"") | None => whole.to_owned(),
        Some(unit) => format!("{prefix}-{}", unit.to_lowercase()),
    }
}

fn weekday_name(date: CivilDate) -> &'static str {
    WEEKDAY_NAMES
        .get(date.weekday() as usize)
        .copied()
        .unwrap_or("")
}

/// The day of the Proper of Time for `date` (any year with an Easter date).
fn proper_of_time(date: CivilDate) -> Option<Temporal> {
    let year = date.year();
    let easter_day = easter(year)?;
    let ash = easter_day.add_days(-46)?;
    let advent = first_sunday_of_advent(year)?;
    let baptism = baptism_of_the_lord(year)?;
    let week_of = |start: CivilDate| u32::try_from(days_between(start, date) / 7 + 1).ok();
    Some(if date.month() == 12 && date.day() >= 25 {
        christmas_octave(date)?
    } else if date >= advent {
        advent_day(date, week_of(advent)?)
    } else if date <= baptism {
        christmas_to_baptism(date, baptism)
    } else if date < ash {
        ordinary_time(date, week_of(baptism)?)
    } else if date < easter_day.add_days(-3)? {
        lent_day(date, days_between(ash, date))
    } else if date < easter_day {
        triduum_day(days_between(easter_day, date))
    } else if date <= easter_day.add_days(49)? {
        easter_day_of(date, days_between(easter_day, date), week_of(easter_day)?)
    } else {
        // Weeks after Pentecost are counted back from Christ the King, the 34th Sunday.
        let king = advent.add_days(-7)?;
        let sunday_before = date.add_days(-i64::from(date.weekday()))?;
        let week = u32::try_from(34 - days_between(sunday_before, king) / 7).ok()?;
        let solemnity = Place {
            season: Season::OrdinaryTime,
            week: Some(week),
            colour: Colour::White,
        };
        let solemnity = |name: &str| solemnity.day(name, Rank::Solemnity, 3);
        match days_between(easter_day, date) {
            56 => solemnity("The Most Holy Trinity"),
            60 => solemnity("The Most Holy Body and Blood of Christ (Corpus Christi)").note(
                "Where Corpus Christi is not a holy day of obligation it is kept on the following \
                 Sunday; this calendar keeps the Thursday.",
            ),
            68 => solemnity("The Most Sacred Heart of Jesus"),
            _ if date == king => solemnity("Our Lord Jesus Christ, King of the Universe"),
            _ => ordinary_time(date, week),
        }
    })
}

fn christmas_octave(date: CivilDate) -> Option<Temporal> {
    let place = Place {
        season: Season::Christmas,
        week: None,
        colour: Colour::White,
    };
    Some(if date.day() == 25 {
        place.day("The Nativity of the Lord (Christmas)", Rank::Solemnity, 2)
    } else if Some(date) == holy_family(date.year()) {
        place.day("The Holy Family of Jesus, Mary and Joseph", Rank::Feast, 5)
    } else {
        let nth = ordinal_word(date.day().checked_sub(24)?);
        place.day(
            format!("{nth} Day within the Octave of the Nativity of the Lord"),
            Rank::Weekday,
            9,
        )
    })
}

fn advent_day(date: CivilDate, week: u32) -> Temporal {
    let place = Place {
        season: Season::Advent,
        week: Some(week),
        colour: Colour::Violet,
    };
    if date.weekday() == 0 {
        let name = format!("{} Sunday of Advent", ordinal_word(week));
        match week {
            3 => place
                .colour(Colour::Rose)
                .day(name + " (Gaudete Sunday)", Rank::Sunday, 2),
            _ => place.day(name, Rank::Sunday, 2),
        }
    } else if date.month() == 12 && date.day() >= 17 {
        place.day(
            format!("December {} (late Advent weekday)", date.day()),
            Rank::Weekday,
            9,
        )
    } else {
        let name = format!(
            "{} of the {} Week of Advent",
            weekday_name(date),
            ordinal_number(week)
        );
        place.day(name, Rank::Weekday, 13)
    }
}

fn christmas_to_baptism(date: CivilDate, baptism: CivilDate) -> Temporal {
    let place = Place {
        season: Season::Christmas,
        week: None,
        colour: Colour::White,
    };
    let day = date.day();
    if date == baptism {
        place.day("The Baptism of the Lord", Rank::Feast, 5).note(
            "Where the Epiphany is kept on Sunday January 7 or 8, the Baptism of the Lord moves to \
             the following Monday; this calendar keeps the universal rule.",
        )
    } else if day == 1 {
        place.day("Octave Day of the Nativity of the Lord", Rank::Weekday, 9)
    } else if day == 6 {
        place
            .day("The Epiphany of the Lord", Rank::Solemnity, 2)
            .note(
            "Where the Epiphany is not a holy day of obligation it is kept on the Sunday between \
             January 2 and 8; this calendar keeps January 6.",
        )
    } else if date.weekday() == 0 {
        place.day("Second Sunday after Christmas", Rank::Sunday, 6)
    } else if day < 6 {
        place.day(
            format!("Christmas Weekday (January {day})"),
            Rank::Weekday,
            13,
        )
    } else {
        place.day(
            format!("{} after Epiphany", weekday_name(date)),
            Rank::Weekday,
            13,
        )
    }
}

fn ordinary_time(date: CivilDate, week: u32) -> Temporal {
    let place = Place {
        season: Season::OrdinaryTime,
        week: Some(week),
        colour: Colour::Green,
    };
    if date.weekday() == 0 {
        place.day(
            format!("{} Sunday in Ordinary Time", ordinal_word(week)),
            Rank::Sunday,
            6,
        )
    } else {
        let dayname = weekday_name(date);
        let name = format!(
            "{dayname} of the {} Week in Ordinary Time",
            ordinal_number(week)
        );
        place.day(name, Rank::Weekday, 13)
    }
}

/// From Ash Wednesday (`after_ash` = 0) to Wednesday of Holy Week.
fn lent_day(date: CivilDate, after_ash: i64) -> Temporal {
    let place = Place {
        season: Season::Lent,
        week: None,
        colour: Colour::Violet,
    };
    let dayname = weekday_name(date);
    if after_ash == 0 {
        return place.day("Ash Wednesday", Rank::Weekday, 2);
    }
    if after_ash < 4 {
        return place.day(format!("{dayname} after Ash Wednesday"), Rank::Weekday, 9);
    }
    let week = u32::try_from((after_ash - 4) / 7 + 1).unwrap_or(0);
    let numbered = Place {
        week: Some(week),
        ..place
    };
    match (week, date.weekday() == 0) {
        (6, true) => {
            place
                .colour(Colour::Red)
                .day("Palm Sunday of the Passion of the Lord", Rank::Sunday, 2)
        }
        (6, false) => place.day(format!("{dayname} of Holy Week"), Rank::Weekday, 2),
        (4, true) => numbered.colour(Colour::Rose).day(
            "Fourth Sunday of Lent (Laetare Sunday)",
            Rank::Sunday,
            2,
        ),
        (_, true) => numbered.day(
            format!("{} Sunday of Lent", ordinal_word(week)),
            Rank::Sunday,
            2,
        ),
        (_, false) => {
            let name = format!("{dayname} of the {} Week of Lent", ordinal_number(week));
            numbered.day(name, Rank::Weekday, 9)
        }
    }
}

/// Holy Thursday (`from_easter` = -3) to Holy Saturday.
fn triduum_day(from_easter: i64) -> Temporal {
    let place = Place {
        season: Season::Triduum,
        week: None,
        colour: Colour::White,
    };
    match from_easter {
        -3 => place.day("Holy Thursday (Evening Mass of the Lord's Supper)", Rank::Triduum, 1).note(
            "The Paschal Triduum begins with the Evening Mass of the Lord's Supper; the morning \
             (Chrism Mass) still belongs to Lent.",
        ),
        -2 => {
            let name = "Friday of the Passion of the Lord (Good Friday)";
            place.colour(Colour::Red).day(name, Rank::Triduum, 1)
        }
        _ => place.colour(Colour::Violet).day("Holy Saturday", Rank::Triduum, 1).note(
            "No Mass during the day; the Easter Vigil in the Holy Night belongs to Easter Sunday \
             and is celebrated in white.",
        ),
    }
}

/// Easter Sunday (`from_easter` = 0) to Pentecost.
fn easter_day_of(date: CivilDate, from_easter: i64, week: u32) -> Temporal {
    let place = Place {
        season: Season::Easter,
        week: Some(week),
        colour: Colour::White,
    };
    let dayname = weekday_name(date);
    match from_easter {
        0 => place.day(
            "Easter Sunday of the Resurrection of the Lord",
            Rank::Solemnity,
            1,
        ),
        1..=6 => place.day(
            format!("{dayname} within the Octave of Easter"),
            Rank::Solemnity,
            2,
        ),
        7 => place.day(
            "Second Sunday of Easter (Sunday of Divine Mercy)",
            Rank::Sunday,
            2,
        ),
        39 => place
            .day("The Ascension of the Lord", Rank::Solemnity, 2)
            .note(
                "Where the Ascension is not a holy day of obligation it is transferred to the \
             following Sunday, replacing the Seventh Sunday of Easter; this calendar keeps the \
             Thursday.",
            ),
        49 => {
            let place = Place {
                week: None,
                ..place.colour(Colour::Red)
            };
            place.day("Pentecost Sunday", Rank::Solemnity, 2)
        }
        _ if date.weekday() == 0 => place.day(
            format!("{} Sunday of Easter", ordinal_word(week)),
            Rank::Sunday,
            2,
        ),
        _ => {
            let name = format!("{dayname} of the {} Week of Easter", ordinal_number(week));
            place.day(name, Rank::Weekday, 13)
        }
    }
}

/// The day a fixed-date solemnity falling on `fixed` is kept (see the module notes).
fn observed(fixed: CivilDate) -> Option<CivilDate> {
    let t = proper_of_time(fixed)?;
    let own = celebrations_on(fixed.month(), fixed.day())
        .iter()
        .any(|c| c.title == t.name);
    if t.precedence > 3 || own {
        return Some(fixed);
    }
    let easter_day = easter(fixed.year())?;
    let e = days_between(easter_day, fixed);
    if (fixed.month(), fixed.day()) == (3, 25) && (-7..=7).contains(&e) {
        return easter_day.add_days(8);
    }
    if t.rank == Rank::Sunday && t.precedence == 2 && e != -7 {
        return fixed.add_days(1);
    }
    (1..=28)
        .flat_map(|k| [-k, k])
        .filter_map(|k| fixed.add_days(k))
        .find(|&d| is_free(d))
}

/// A day not listed in 1–8 of the Table of Liturgical Days (no Sunday, solemnity, feast or
/// privileged day).
fn is_free(date: CivilDate) -> bool {
    proper_of_time(date).is_some_and(|t| t.precedence > 8)
        && celebrations_on(date.month(), date.day())
            .iter()
            .all(|c| precedence(c) > 8)
}

/// Fixed-date solemnities of other dates transferred to `date`, with their own date.
fn transferred_in(date: CivilDate) -> Vec<(&'static Celebration, CivilDate)> {
    GENERAL_ROMAN_CALENDAR
        .iter()
        .flat_map(|(m, d, list)| list.iter().map(move |c| (*m, *d, c)))
        .filter(|(_, _, c)| c.rank == Rank::Solemnity)
        .filter_map(|(m, d, c)| {
            let fixed = CivilDate::new(date.year(), m, d)?;
            (fixed != date && observed(fixed)? == date).then_some((c, fixed))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::agent::dates::test_date as date;

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
            day(2026, 2, 23).optional_memorials,
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
            day(2026, 6, 13).optional_memorials,
            [
                "Saint Anthony of Padua, Priest and Doctor of the Church",
                "The Immaculate Heart of the Blessed Virgin Mary"
            ]
        );
        assert_eq!(
            day(2026, 6, 20).optional_memorials,
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
            day(2026, 12, 29).optional_memorials,
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
}
