//! The Proper of Time: the day of the season of any date, from Easter and Christmas.

use super::ids;
use super::movable::{
    baptism_of_the_lord, days_between, easter, first_sunday_of_advent, holy_family,
};
use super::names::{ordinal_number, ordinal_word, weekday_name};
use super::types::{Colour, Rank, Season};
use crate::protocol::date::CivilDate;

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

/// `lent_4_thursday`, `ordinary_time_10_sunday`.
fn numbered_id(season: &str, week: u32, date: CivilDate) -> String {
    let day = ids::WEEKDAYS
        .get(date.weekday() as usize)
        .copied()
        .unwrap_or("");
    format!("{season}_{week}_{day}")
}

/// The day of the Proper of Time for `date` (any year with an Easter date).
pub(super) fn proper_of_time(date: CivilDate) -> Option<Temporal> {
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
        let solemnity = Place::new(Season::OrdinaryTime, Some(week), Colour::White);
        let solemnity = |id: &str, name: &str| solemnity.day(id, name, Rank::Solemnity, 3);
        match days_between(easter_day, date) {
            56 => solemnity(ids::TRINITY, "The Most Holy Trinity"),
            60 => solemnity(
                ids::CORPUS_CHRISTI,
                "The Most Holy Body and Blood of Christ (Corpus Christi)",
            )
            .note(
                "Where Corpus Christi is not a holy day of obligation it is kept on the following \
                 Sunday; this calendar keeps the Thursday.",
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

fn christmas_octave(date: CivilDate) -> Option<Temporal> {
    let place = Place::new(Season::Christmas, None, Colour::White);
    Some(if date.day() == 25 {
        place.day(
            ids::NATIVITY,
            "The Nativity of the Lord (Christmas)",
            Rank::Solemnity,
            2,
        )
    } else if Some(date) == holy_family(date.year()) {
        place.day(
            ids::HOLY_FAMILY,
            "The Holy Family of Jesus, Mary and Joseph",
            Rank::Feast,
            5,
        )
    } else {
        let nth = date.day().checked_sub(24)?;
        place.day(
            format!("christmas_octave_day_{nth}"),
            format!(
                "{} Day within the Octave of the Nativity of the Lord",
                ordinal_word(nth)
            ),
            Rank::Weekday,
            9,
        )
    })
}

fn advent_day(date: CivilDate, week: u32) -> Temporal {
    let place = Place::new(Season::Advent, Some(week), Colour::Violet);
    let id = numbered_id("advent", week, date);
    if date.weekday() == 0 {
        let name = format!("{} Sunday of Advent", ordinal_word(week));
        match week {
            3 => place
                .colour(Colour::Rose)
                .day(id, name + " (Gaudete Sunday)", Rank::Sunday, 2),
            _ => place.day(id, name, Rank::Sunday, 2),
        }
    } else if date.month() == 12 && date.day() >= 17 {
        place.day(
            format!("advent_december_{}", date.day()),
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
        place.day(id, name, Rank::Weekday, 13)
    }
}

fn christmas_to_baptism(date: CivilDate, baptism: CivilDate) -> Temporal {
    let place = Place::new(Season::Christmas, None, Colour::White);
    let day = date.day();
    if date == baptism {
        place
            .day(ids::BAPTISM, "The Baptism of the Lord", Rank::Feast, 5)
            .note(
                "Where the Epiphany is kept on Sunday January 7 or 8, the Baptism of the Lord \
                 moves to the following Monday; this calendar keeps the universal rule.",
            )
    } else if day == 1 {
        place.day(
            ids::OCTAVE_DAY,
            "Octave Day of the Nativity of the Lord",
            Rank::Weekday,
            9,
        )
    } else if day == 6 {
        place
            .day(
                ids::EPIPHANY,
                "The Epiphany of the Lord",
                Rank::Solemnity,
                2,
            )
            .note(
                "Where the Epiphany is not a holy day of obligation it is kept on the Sunday \
                 between January 2 and 8; this calendar keeps January 6.",
            )
    } else if date.weekday() == 0 {
        place.day(
            ids::SECOND_SUNDAY_AFTER_CHRISTMAS,
            "Second Sunday after Christmas",
            Rank::Sunday,
            6,
        )
    } else if day < 6 {
        place.day(
            format!("christmas_time_january_{day}"),
            format!("Christmas Weekday (January {day})"),
            Rank::Weekday,
            13,
        )
    } else {
        let weekday = ids::WEEKDAYS
            .get(date.weekday() as usize)
            .copied()
            .unwrap_or("");
        place.day(
            format!("{weekday}_after_epiphany"),
            format!("{} after Epiphany", weekday_name(date)),
            Rank::Weekday,
            13,
        )
    }
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

/// From Ash Wednesday (`after_ash` = 0) to Wednesday of Holy Week.
fn lent_day(date: CivilDate, after_ash: i64) -> Temporal {
    let place = Place::new(Season::Lent, None, Colour::Violet);
    let dayname = weekday_name(date);
    let weekday = ids::WEEKDAYS
        .get(date.weekday() as usize)
        .copied()
        .unwrap_or("");
    if after_ash == 0 {
        return place.day(ids::ASH_WEDNESDAY, "Ash Wednesday", Rank::Weekday, 2);
    }
    if after_ash < 4 {
        let id = format!("{weekday}_after_ash_wednesday");
        return place.day(
            id,
            format!("{dayname} after Ash Wednesday"),
            Rank::Weekday,
            9,
        );
    }
    let week = u32::try_from((after_ash - 4) / 7 + 1).unwrap_or(0);
    let numbered = Place {
        week: Some(week),
        ..place
    };
    let id = numbered_id("lent", week, date);
    match (week, date.weekday() == 0) {
        (6, true) => place.colour(Colour::Red).day(
            ids::PALM_SUNDAY,
            "Palm Sunday of the Passion of the Lord",
            Rank::Sunday,
            2,
        ),
        (6, false) => place.day(
            format!("holy_{weekday}"),
            format!("{dayname} of Holy Week"),
            Rank::Weekday,
            2,
        ),
        (4, true) => numbered.colour(Colour::Rose).day(
            id,
            "Fourth Sunday of Lent (Laetare Sunday)",
            Rank::Sunday,
            2,
        ),
        (_, true) => {
            let name = format!("{} Sunday of Lent", ordinal_word(week));
            numbered.day(id, name, Rank::Sunday, 2)
        }
        (_, false) => {
            let name = format!("{dayname} of the {} Week of Lent", ordinal_number(week));
            numbered.day(id, name, Rank::Weekday, 9)
        }
    }
}

/// Holy Thursday (`from_easter` = -3) to Holy Saturday.
fn triduum_day(from_easter: i64) -> Temporal {
    let place = Place::new(Season::Triduum, None, Colour::White);
    match from_easter {
        -3 => place
            .day(
                ids::LORDS_SUPPER,
                "Holy Thursday (Evening Mass of the Lord's Supper)",
                Rank::Triduum,
                1,
            )
            .note(
                "The Paschal Triduum begins with the Evening Mass of the Lord's Supper; the \
                 morning (Chrism Mass) still belongs to Lent.",
            ),
        -2 => place.colour(Colour::Red).day(
            ids::GOOD_FRIDAY,
            "Friday of the Passion of the Lord (Good Friday)",
            Rank::Triduum,
            1,
        ),
        _ => place
            .colour(Colour::Violet)
            .day(ids::HOLY_SATURDAY, "Holy Saturday", Rank::Triduum, 1)
            .note(
                "No Mass during the day; the Easter Vigil in the Holy Night belongs to Easter \
                 Sunday and is celebrated in white.",
            ),
    }
}

/// Easter Sunday (`from_easter` = 0) to Pentecost.
fn easter_day_of(date: CivilDate, from_easter: i64, week: u32) -> Temporal {
    let place = Place::new(Season::Easter, Some(week), Colour::White);
    let dayname = weekday_name(date);
    let id = numbered_id("easter_time", week, date);
    match from_easter {
        0 => place.day(
            ids::EASTER_SUNDAY,
            "Easter Sunday of the Resurrection of the Lord",
            Rank::Solemnity,
            1,
        ),
        1..=6 => {
            let weekday = ids::WEEKDAYS
                .get(date.weekday() as usize)
                .copied()
                .unwrap_or("");
            place.day(
                format!("easter_{weekday}"),
                format!("{dayname} within the Octave of Easter"),
                Rank::Solemnity,
                2,
            )
        }
        7 => place.day(
            ids::DIVINE_MERCY_SUNDAY,
            "Second Sunday of Easter (Sunday of Divine Mercy)",
            Rank::Sunday,
            2,
        ),
        39 => place
            .day(
                ids::ASCENSION,
                "The Ascension of the Lord",
                Rank::Solemnity,
                2,
            )
            .note(
                "Where the Ascension is not a holy day of obligation it is transferred to the \
             following Sunday, replacing the Seventh Sunday of Easter; this calendar keeps the \
             Thursday.",
            ),
        49 => Place {
            week: None,
            ..place.colour(Colour::Red)
        }
        .day(ids::PENTECOST, "Pentecost Sunday", Rank::Solemnity, 2),
        _ if date.weekday() == 0 => {
            let name = format!("{} Sunday of Easter", ordinal_word(week));
            place.day(id, name, Rank::Sunday, 2)
        }
        _ => {
            let name = format!("{dayname} of the {} Week of Easter", ordinal_number(week));
            place.day(id, name, Rank::Weekday, 13)
        }
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
