//! The Proper of Time: the day of the season of any date, from Easter and Christmas.

use super::calendars::Calendar;
use super::ids;
use super::movable::{baptism_in, days_between, easter, epiphany, first_sunday_of_advent};
use super::names::{ordinal_number, ordinal_word, weekday_name};
use super::types::{Colour, Rank, Season};
use magisterium_core::date::CivilDate;

mod christmas_cycle;
mod easter_cycle;

use christmas_cycle::{advent_day, christmas_octave, christmas_to_baptism};
use easter_cycle::{easter_day_of, lent_day, triduum_day};

/// The day of the Proper of Time.
#[derive(Debug, Clone)]
pub(super) struct Temporal {
    pub id: String,
    pub name: String,
    pub rank: Rank,
    pub season: Season,
    pub week: Option<u32>,
    pub colour: Colour,
    /// Position in the Table of Liturgical Days (1 = highest, 13 = ordinary weekday).
    pub precedence: u8,
    pub notes: Vec<String>,
    /// Where the calendar moved this day's celebration from (the Epiphany, the Ascension and
    /// Corpus Christi kept on a Sunday).
    pub transferred_from: Option<CivilDate>,
}

/// Season, week and colour shared by the days of one branch of [`proper_of_time`].
#[derive(Clone, Copy)]
struct Place {
    season: Season,
    week: Option<u32>,
    colour: Colour,
}

impl Place {
    fn new(season: Season, week: Option<u32>, colour: Colour) -> Self {
        Self {
            season,
            week,
            colour,
        }
    }

    fn day(
        self,
        id: impl Into<String>,
        name: impl Into<String>,
        rank: Rank,
        precedence: u8,
    ) -> Temporal {
        Temporal {
            id: id.into(),
            name: name.into(),
            rank,
            season: self.season,
            week: self.week,
            colour: self.colour,
            precedence,
            notes: Vec::new(),
            transferred_from: None,
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

    /// Marks the day as kept here instead of on `from`.
    fn moved_from(mut self, from: Option<CivilDate>) -> Self {
        self.transferred_from = from;
        self
    }
}

/// `lent_4_thursday`, `ordinary_time_10_sunday`.
fn numbered_id(season: &str, week: u32, date: CivilDate) -> String {
    let day = ids::weekday_id(date.weekday());
    format!("{season}_{week}_{day}")
}

/// The day of the Proper of Time for `date` (any year with an Easter date) in `calendar`, which
/// decides where the Epiphany, the Ascension and Corpus Christi are kept.
pub(super) fn proper_of_time(date: CivilDate, calendar: &Calendar) -> Option<Temporal> {
    let year = date.year();
    let easter_day = easter(year)?;
    let ash = easter_day.add_days(-46)?;
    let advent = first_sunday_of_advent(year)?;
    let baptism = baptism_in(year, calendar.epiphany)?;
    // Ordinary Time counts its weeks from the Sunday of the Baptism (or the one before it, when the
    // Baptism is kept on a Monday).
    let first_week = baptism.add_days(-i64::from(baptism.weekday()))?;
    let week_of = |start: CivilDate| u32::try_from(days_between(start, date) / 7 + 1).ok();
    Some(if date.month() == 12 && date.day() >= 25 {
        christmas_octave(date)?
    } else if date >= advent {
        advent_day(date, week_of(advent)?)
    } else if date <= baptism {
        christmas_to_baptism(date, baptism, epiphany(year, calendar.epiphany)?)
    } else if date < ash {
        ordinary_time(date, week_of(first_week)?)
    } else if date < easter_day.add_days(-3)? {
        lent_day(date, days_between(ash, date))
    } else if date < easter_day {
        triduum_day(days_between(easter_day, date))
    } else if date <= easter_day.add_days(49)? {
        let after = days_between(easter_day, date);
        let ascension = 39 + i64::from(calendar.ascension_on_sunday) * 3;
        easter_day_of(date, after, week_of(easter_day)?, ascension)
    } else {
        // Weeks after Pentecost are counted back from Christ the King, the 34th Sunday.
        let king = advent.add_days(-7)?;
        let sunday_before = date.add_days(-i64::from(date.weekday()))?;
        let week = u32::try_from(34 - days_between(sunday_before, king) / 7).ok()?;
        let solemnity = Place::new(Season::OrdinaryTime, Some(week), Colour::White);
        let solemnity = |id: &str, name: &str| solemnity.day(id, name, Rank::Solemnity, 3);
        let corpus_christi = 60 + i64::from(calendar.corpus_christi_on_sunday) * 3;
        match days_between(easter_day, date) {
            56 => solemnity(ids::TRINITY, "The Most Holy Trinity"),
            after if after == corpus_christi => solemnity(
                ids::CORPUS_CHRISTI,
                "The Most Holy Body and Blood of Christ (Corpus Christi)",
            )
            .moved_from(
                calendar
                    .corpus_christi_on_sunday
                    .then(|| easter_day.add_days(60))
                    .flatten(),
            ),
            68 => solemnity(ids::SACRED_HEART, "The Most Sacred Heart of Jesus"),
            _ if date == king => solemnity(
                ids::CHRIST_THE_KING,
                "Our Lord Jesus Christ, King of the Universe",
            ),
            _ => ordinary_time(date, week),
        }
    })
}

fn ordinary_time(date: CivilDate, week: u32) -> Temporal {
    let place = Place::new(Season::OrdinaryTime, Some(week), Colour::Green);
    let id = numbered_id("ordinary_time", week, date);
    if date.weekday() == 0 {
        let name = format!("{} Sunday in Ordinary Time", ordinal_word(week));
        place.day(id, name, Rank::Sunday, 6)
    } else {
        let name = format!(
            "{} of the {} Week in Ordinary Time",
            weekday_name(date),
            ordinal_number(week)
        );
        place.day(id, name, Rank::Weekday, 13)
    }
}

/// The week of the four-week psalter for a day of `season` and `week` (GILH 133: the cycle starts
/// again with Advent, Ordinary Time, Lent and Easter; Christmas Time goes on counting from Advent,
/// the days after Ash Wednesday take week IV and Holy Week week II).
pub(super) fn psalter_week(date: CivilDate, season: Season, week: Option<u32>) -> Option<u32> {
    let cycle = |w: i64| u32::try_from((w - 1).rem_euclid(4) + 1).ok();
    match (season, week) {
        (_, Some(w)) => cycle(i64::from(w)),
        (Season::Christmas, None) => {
            let advent_year = date.year() - i32::from(date.month() != 12);
            cycle(days_between(first_sunday_of_advent(advent_year)?, date) / 7 + 1)
        }
        (Season::Lent, None) if days_between(date, easter(date.year())?) > 7 => Some(4),
        (Season::Easter, None) => Some(4),
        (_, None) => Some(2),
    }
}
