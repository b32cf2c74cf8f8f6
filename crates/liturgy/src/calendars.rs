//! The calendars a date can be asked in: the General Roman Calendar and the national calendars of
//! `data/calendars/*.toml` (with the ecclesiastical provinces that differ), each a static table
//! made by the build script from the universal calendar and the conference's changes.

use super::types::{Celebration, Colour, Rank};

/// Where a calendar keeps the Epiphany.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Epiphany {
    /// January 6 (the universal calendar).
    January6,
    /// The Sunday between January 2 and 8 (UNLY 7; e.g. the United States, Canada).
    Sunday,
    /// January 6, or the adjacent Sunday when January 6 is a Saturday or a Monday (England and
    /// Wales).
    AdjacentSunday,
}

/// One calendar: its transfers, holy days of obligation and celebrations.
#[derive(Debug)]
pub struct Calendar {
    /// The id the SDK takes: `general-roman`, `united-states`, `united-states/boston`.
    pub id: &'static str,
    /// Its English name.
    pub name: &'static str,
    /// Where the Epiphany is kept.
    pub epiphany: Epiphany,
    /// True where the Ascension is kept on the Seventh Sunday of Easter.
    pub ascension_on_sunday: bool,
    /// True where Corpus Christi is kept on the Sunday after the Most Holy Trinity.
    pub corpus_christi_on_sunday: bool,
    /// The ids of the holy days of obligation besides Sundays (can. 1246).
    pub holy_days: &'static [&'static str],
    /// Holy days whose obligation is lifted when they fall on a Saturday or a Monday (United
    /// States).
    pub lifted_on_saturday_or_monday: &'static [&'static str],
    /// Solemnities kept on the Sunday when they fall on a Saturday or a Monday (England and
    /// Wales).
    pub sunday_if_saturday_or_monday: &'static [&'static str],
    /// Solemnities kept on the Sunday of the seven days from (month, day) (Brazil: the Assumption
    /// on the Sunday between August 15 and 21).
    pub sunday_from: &'static [(&'static str, u32, u32)],
    /// The fixed-date celebrations by (month, day), in date order: every day that has any in the
    /// General Roman Calendar; in a national calendar only the days that differ from it.
    pub fixed: &'static [(u32, u32, &'static [&'static Celebration])],
    /// True when `fixed` lists only the days that differ from the General Roman Calendar.
    pub over_universal: bool,
    /// The fixed-date solemnities (and All Souls) of the calendar by (month, day): the
    /// celebrations a transfer can move.
    pub solemnities: &'static [(u32, u32, &'static Celebration)],
    /// The celebrations that move with Easter: (days after Easter Sunday, celebration).
    pub from_easter: &'static [(i64, &'static Celebration)],
    /// The celebrations of the n-th Sunday of a month: (month, n, celebration) (the Santo Niño on
    /// the third Sunday of January in the Philippines).
    pub nth_sunday: &'static [(u32, u32, &'static Celebration)],
}

include!(concat!(env!("OUT_DIR"), "/calendars.rs"));

/// The General Roman Calendar (the default).
pub fn general() -> &'static Calendar {
    // The build script writes it first; the fallback is never taken.
    CALENDARS.first().unwrap_or(&GENERAL_FALLBACK)
}

static GENERAL_FALLBACK: Calendar = Calendar {
    id: "general-roman",
    name: "General Roman Calendar",
    epiphany: Epiphany::January6,
    ascension_on_sunday: false,
    corpus_christi_on_sunday: false,
    holy_days: &[],
    lifted_on_saturday_or_monday: &[],
    sunday_if_saturday_or_monday: &[],
    sunday_from: &[],
    fixed: super::sanctoral::FIXED,
    over_universal: false,
    solemnities: super::sanctoral::SOLEMNITIES,
    from_easter: super::sanctoral::FROM_EASTER,
    nth_sunday: super::sanctoral::NTH_SUNDAY,
};

/// The calendar with `id`, if there is one.
pub fn calendar(id: &str) -> Option<&'static Calendar> {
    CALENDARS.iter().find(|c| c.id == id)
}

impl Calendar {
    /// The fixed-date celebrations of `month`/`day` (any year), the obligatory one first; empty
    /// when there are none.
    pub fn celebrations_on(&self, month: u32, day: u32) -> &'static [&'static Celebration] {
        match self
            .fixed
            .binary_search_by_key(&(month, day), |&(m, d, _)| (m, d))
        {
            Ok(i) => self.fixed.get(i).map_or(&[], |&(_, _, list)| list),
            Err(_) if self.over_universal => super::sanctoral::celebrations_on(month, day),
            Err(_) => &[],
        }
    }

    /// True when `id` is a holy day of obligation of this calendar.
    pub fn is_holy_day(&self, id: &str) -> bool {
        self.holy_days.contains(&id)
    }
}
