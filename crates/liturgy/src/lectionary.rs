//! The Lectionary for Mass references (citations only, never scripture text) of `data/lectionary.toml`:
//! the Sundays of cycles A, B and C, the Paschal Triduum and the principal solemnities and feasts,
//! looked up by the id of the day's celebration.

use super::types::{LiturgicalDay, SundayCycle};

/// The reading references of one Mass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readings {
    /// First reading, e.g. `Is 7:10-14; 8:10` (for the Easter Vigil, the Old Testament readings).
    pub first: &'static str,
    /// Responsorial psalm (or canticle), e.g. `Ps 40`.
    pub psalm: &'static str,
    /// Second reading (Sundays and solemnities; for the Easter Vigil, the Epistle).
    pub second: Option<&'static str>,
    /// Gospel.
    pub gospel: &'static str,
    /// Which Mass this is, when the day has several (e.g. `Mass during the Day`).
    pub note: Option<&'static str>,
    /// True for the readings of the Easter Vigil.
    pub vigil: bool,
}

include!(concat!(env!("OUT_DIR"), "/lectionary.rs"));

/// The readings kept under `id` for `cycle`, when the Lectionary has them.
pub fn readings(id: &str, cycle: SundayCycle) -> Option<Readings> {
    let i = LECTIONARY.binary_search_by_key(&id, |(key, _)| key).ok()?;
    let sets = LECTIONARY.get(i)?.1;
    sets.get(match cycle {
        SundayCycle::A => 0,
        SundayCycle::B => 1,
        SundayCycle::C => 2,
    })
    .copied()
}

/// The Lectionary references for `day`, by its celebration's id: Sundays (Advent, Lent, Easter,
/// Ordinary Time, cycles A/B/C), the Triduum and Easter, and the principal solemnities and feasts.
/// `None` for weekdays and memorials.
pub fn readings_for(day: &LiturgicalDay) -> Option<Readings> {
    readings(&day.id, day.sunday_cycle)
}
