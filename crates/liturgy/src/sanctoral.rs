//! The Proper of Saints: the General Roman Calendar of `data/general_roman_calendar.toml`, made
//! into static tables by the build script.

use super::types::Celebration;

include!(concat!(env!("OUT_DIR"), "/general_roman_calendar.rs"));

/// The fixed-date celebrations of `month`/`day` (any year), in the order of the data file (the
/// obligatory one first); empty when there are none or the day does not exist.
pub fn celebrations_on(month: u32, day: u32) -> &'static [&'static Celebration] {
    FIXED
        .binary_search_by_key(&(month, day), |&(m, d, _)| (m, d))
        .ok()
        .and_then(|i| FIXED.get(i))
        .map_or(&[], |&(_, _, list)| list)
}

/// Every celebration of the calendar: the fixed ones in date order, then the movable memorials.
pub fn all() -> impl Iterator<Item = &'static Celebration> {
    FIXED
        .iter()
        .flat_map(|(_, _, list)| list.iter().copied())
        .chain(FROM_EASTER.iter().map(|(_, c)| *c))
}
