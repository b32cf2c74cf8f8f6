//! The Lectionary for Mass references (citations only, never scripture text) of every day:
//! Sundays and solemnities (cycles A, B and C), feasts, the weekdays of every season (cycles I and
//! II in Ordinary Time), the memorials with readings of their own, and the other Masses of a day
//! where the Lectionary gives several (vigil Masses, the Masses of Christmas, the Chrism Mass).
//! From `data/lectionary.toml` and `data/lectionary/*.toml`, which the build checks and writes as
//! one table.
//!
//! In Rust the table is part of the crate. In the JavaScript entry it is a separate file that
//! [`load`] takes: in a browser when asked for (`loadLectionary()`; until then a day has no
//! readings), in Node and workerd on import.

mod table;

use std::sync::OnceLock;

use self::table::{Row, Table};
use super::calendars::{general, Calendar};
use super::ids::WEEKDAYS;
use super::types::{LiturgicalDay, Rank, SundayCycle, WeekdayCycle};

/// The reading references of one Mass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readings {
    /// First reading, e.g. `Is 7:10-14; 8:10` (for the Easter Vigil, the Old Testament readings).
    pub first: &'static str,
    /// Responsorial psalm (or canticle), e.g. `Ps 40` or `Ps 122:1-2, 3-4b, 4cd-5, 6-7, 8-9`.
    pub psalm: &'static str,
    /// Second reading (Sundays and solemnities; for the Easter Vigil, the Epistle).
    pub second: Option<&'static str>,
    /// Gospel.
    pub gospel: &'static str,
    /// Which Mass this is, when the day has several (e.g. `Mass during the Day`, `Vigil Mass`, or
    /// the title of the memorial whose readings these are).
    pub note: Option<&'static str>,
    /// True for the readings of the Easter Vigil.
    pub vigil: bool,
    /// The number of the readings in the Lectionary for Mass (USCCB edition), where the data gives
    /// it, e.g. `305` for Monday of the First Week in Ordinary Time.
    pub number: Option<u32>,
    /// The same references in a stable machine form.
    pub osis: Osis,
}

/// The machine form of one Mass's references, written by the build from the cited form: OSIS
/// ranges (`Book.chapter.verse`) separated by commas, one list per alternative, alternatives
/// separated by `|`; parts of verses (`4b`) count as the whole verse, remarks in parentheses are
/// left out. `Is 7:10-14; 8:10` → `Isa.7.10-Isa.7.14,Isa.8.10`; `Mt 1:1-25 or 1:18-25` →
/// `Matt.1.1-Matt.1.25|Matt.1.18-Matt.1.25`; `Ps 23` → `Ps.23`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Osis {
    /// The first reading (the Easter Vigil's: its Old Testament readings in order).
    pub first: &'static str,
    /// The responsorial psalm or canticle.
    pub psalm: &'static str,
    /// The second reading, when there is one.
    pub second: Option<&'static str>,
    /// The Gospel.
    pub gospel: &'static str,
}

/// The Lectionary's table as the build writes it (build/lectionary.rs). Native builds read it; the
/// JavaScript entry never does, so it is not linked into its `.wasm`, and ships it as its own file
/// instead (examples/lectionary_file.rs).
pub const TABLE: &str = include_str!(concat!(env!("OUT_DIR"), "/lectionary.txt"));

/// The table (native builds: compiled in, read on first use).
#[cfg(not(all(feature = "js", target_arch = "wasm32")))]
fn table() -> Option<&'static Table> {
    static PARSED: OnceLock<Option<Table>> = OnceLock::new();
    PARSED.get_or_init(|| Table::parse(TABLE)).as_ref()
}

/// The table the JavaScript entry was given by [`load`], if any.
#[cfg(all(feature = "js", target_arch = "wasm32"))]
fn table() -> Option<&'static Table> {
    LOADED.get()
}

#[cfg(all(feature = "js", target_arch = "wasm32"))]
static LOADED: OnceLock<Table> = OnceLock::new();

/// Takes the Lectionary's table (the file `lectionary.js` of the JavaScript entry carries it);
/// `false` when `text` is not that table. Loading it twice keeps the first.
#[cfg(all(feature = "js", target_arch = "wasm32"))]
pub fn load(text: String) -> bool {
    if LOADED.get().is_some() {
        return true;
    }
    // Kept for the life of the page, like a static: the rows point into it.
    let text: &'static str = Box::leak(text.into_boxed_str());
    Table::parse(text).is_some_and(|t| LOADED.set(t).is_ok())
}

/// True when the readings are available (always in Rust; in JavaScript once loaded).
pub fn loaded() -> bool {
    table().is_some()
}

/// Every key of the table (celebration and Proper-of-Time ids), sorted.
pub fn keys() -> Vec<&'static str> {
    table().map(|t| t.keys().collect()).unwrap_or_default()
}

/// The day's own readings kept under `id` for the cycles given, when the Lectionary has them.
fn own(t: &Table, id: &str, sunday: SundayCycle, weekday: WeekdayCycle) -> Option<Readings> {
    t.rows(id)
        .iter()
        .filter(|r| !r.other)
        .find(|r| r.cycle.is_empty() || r.cycle == sunday.key() || r.cycle == weekday.key())
        .map(|r| r.readings)
}

/// The readings kept under `id` for `cycle` (entries by Sunday cycle or for every year; for the
/// weekdays of Ordinary Time, which go by weekday cycle, see [`masses_for`]).
pub fn readings(id: &str, cycle: SundayCycle) -> Option<Readings> {
    let t = table()?;
    t.rows(id)
        .iter()
        .filter(|r| !r.other)
        .find(|r| r.cycle.is_empty() || r.cycle == cycle.key())
        .map(|r| r.readings)
}

/// The readings of the day's Mass in the General Roman Calendar: the first of [`masses_for`].
pub fn readings_for(day: &LiturgicalDay) -> Option<Readings> {
    masses_for(day).into_iter().next()
}

/// Every Mass of `day` in the General Roman Calendar, see [`masses_in`].
pub fn masses_for(day: &LiturgicalDay) -> Vec<Readings> {
    masses_in(day, general())
}

/// Every Mass of `day` in `calendar`, the day's own first:
/// 1. the day's Mass: the celebration's readings for a Sunday, solemnity, feast, the Triduum and
///    All Souls; otherwise the weekday's (a memorial keeps the weekday's readings);
/// 2. the other Masses of that celebration (vigil Masses, the Masses of Christmas, the Chrism Mass);
/// 3. the readings of the day's memorial and optional memorials that have their own, each with
///    its title as `note`.
///
/// Empty when the table is not loaded (JavaScript) or has nothing for the day (a national
/// calendar's own solemnity).
pub fn masses_in(day: &LiturgicalDay, calendar: &Calendar) -> Vec<Readings> {
    let Some(t) = table() else {
        return Vec::new();
    };
    let (sunday, weekday) = (day.sunday_cycle, day.weekday_cycle);
    let principal = matches!(
        day.rank,
        Rank::Solemnity | Rank::Feast | Rank::Sunday | Rank::Triduum | Rank::Commemoration
    ) || day.id == day.season_day_id;
    let key = match principal {
        true if day.id == day.season_day_id => weekday_key(day, calendar),
        true => day.id.clone(),
        false => weekday_key(day, calendar),
    };
    let mut out: Vec<Readings> = own(t, &key, sunday, weekday).into_iter().collect();
    out.extend(
        t.rows(&key)
            .iter()
            .filter(|r| r.other)
            .map(|r: &Row| r.readings),
    );
    if !principal {
        out.extend(own(t, &day.id, sunday, weekday));
    }
    for memorial in &day.optional_memorials {
        out.extend(own(t, memorial.id, sunday, weekday));
    }
    out
}

/// The key of the day of the Proper of Time. The weekdays after the Epiphany go by date when the
/// Epiphany is kept on January 6 (Lectionary 212–217: "Monday after Epiphany, or January 7").
fn weekday_key(day: &LiturgicalDay, calendar: &Calendar) -> String {
    let after_epiphany = day.season_day_id.ends_with("_after_epiphany") && day.date.month() == 1;
    let on_january_6 = || {
        crate::liturgical_year_in(day.date.year(), calendar).is_some_and(|y| y.epiphany.day() == 6)
    };
    if after_epiphany && on_january_6() {
        let by_date = day
            .date
            .day()
            .checked_sub(7)
            // January 7 is "Monday after Epiphany" (WEEKDAYS[1]), up to January 12, Saturday.
            .and_then(|i| WEEKDAYS.get(i as usize + 1));
        if let Some(name) = by_date {
            return format!("{name}_after_epiphany");
        }
    }
    day.season_day_id.clone()
}
