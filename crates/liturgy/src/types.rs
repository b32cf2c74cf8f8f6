//! The vocabulary of the calendar: ranks, seasons, colours, cycles, a celebration and a day.

use std::fmt;

use magisterium_core::date::CivilDate;

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

    /// The key the SDK returns: `solemnity`, `optional_memorial`…
    pub fn key(self) -> &'static str {
        match self {
            Self::Triduum => "triduum",
            Self::Solemnity => "solemnity",
            Self::Commemoration => "commemoration",
            Self::Sunday => "sunday",
            Self::Feast => "feast",
            Self::Memorial => "memorial",
            Self::OptionalMemorial => "optional_memorial",
            Self::Weekday => "weekday",
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
    /// Holy Thursday, Good Friday and Holy Saturday (see the module notes of [`super`]).
    Triduum,
    /// From Easter Sunday to Pentecost.
    Easter,
}

impl Season {
    /// The key the SDK returns: `advent`, `christmas`, `ordinary_time`, `lent`, `triduum`,
    /// `easter`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Advent => "advent",
            Self::Christmas => "christmas",
            Self::OrdinaryTime => "ordinary_time",
            Self::Lent => "lent",
            Self::Triduum => "triduum",
            Self::Easter => "easter",
        }
    }
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

impl SundayCycle {
    /// `A`, `B` or `C`.
    pub fn key(self) -> &'static str {
        match self {
            Self::A => "A",
            Self::B => "B",
            Self::C => "C",
        }
    }
}

/// The weekday lectionary cycle (first readings of Ordinary Time weekdays).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WeekdayCycle {
    /// Year I: liturgical years ending in an odd civil year.
    I,
    /// Year II: liturgical years ending in an even civil year.
    II,
}

impl WeekdayCycle {
    /// `I` or `II`.
    pub fn key(self) -> &'static str {
        match self {
            Self::I => "I",
            Self::II => "II",
        }
    }
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

impl Colour {
    /// `violet`, `white`, `red`, `green` or `rose`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Violet => "violet",
            Self::White => "white",
            Self::Red => "red",
            Self::Green => "green",
            Self::Rose => "rose",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// One celebration of the General Roman Calendar (a row of `general_roman_calendar.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Celebration {
    /// The stable id, e.g. `joseph_spouse_of_mary` (romcal's id where it has one).
    pub id: &'static str,
    /// The liturgical title, e.g. `Saint Joseph, Spouse of the Blessed Virgin Mary`.
    pub title: &'static str,
    /// Solemnity, feast, memorial, optional memorial (or `Commemoration` for All Souls).
    pub rank: Rank,
    /// The colour of the Mass of the celebration.
    pub colour: Colour,
    /// True for the feasts of the Lord (Presentation, Transfiguration, Holy Cross, Lateran
    /// Basilica), which replace a Sunday in Ordinary Time or of Christmas Time.
    pub of_the_lord: bool,
    /// True for a national calendar's own celebrations (and universal ones it ranks otherwise),
    /// which the Table of Liturgical Days places below the universal ones of the same rank.
    pub proper: bool,
}

/// What a date is in one calendar (the General Roman Calendar or a national one).
#[derive(Debug, Clone, PartialEq)]
pub struct LiturgicalDay {
    /// The date.
    pub date: CivilDate,
    /// The id of the celebration of the day: a row of the calendar (`joseph_spouse_of_mary`) or a
    /// day of the Proper of Time (`lent_4_thursday`).
    pub id: String,
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
    /// The week of the four-week psalter of the Liturgy of the Hours (1–4).
    pub psalter_week: u32,
    /// The colour of the Mass of the day.
    pub colour: Colour,
    /// The day of the Proper of Time (equal to `name` when no saint or fixed feast takes the day),
    /// e.g. `Thursday of the 4th Week of Lent`.
    pub season_day: String,
    /// The id of that day, e.g. `lent_4_thursday`.
    pub season_day_id: String,
    /// Memorials that may be celebrated instead of the weekday (optional memorials, and memorials
    /// reduced to commemorations in Lent and late Advent).
    pub optional_memorials: Vec<Celebration>,
    /// True when the faithful are bound to attend Mass (can. 1246–1248): every Sunday, and the
    /// calendar's holy days of obligation kept on their own day.
    pub holy_day_of_obligation: bool,
    /// The date the celebration of the day belongs to, when the calendar moved it here (the
    /// Ascension to a Sunday, a solemnity impeded by a Sunday of Lent).
    pub transferred_from: Option<CivilDate>,
    /// Remarks: transfers, written out.
    pub notes: Vec<String>,
}
