//! The Roman liturgical calendar (General Roman Calendar, ordinary form), computed for 1900–2199,
//! and the Lectionary's Sunday and feast references. Pure Rust with no JavaScript bindings, like
//! [`magisterium_core`]: the embedded stand-in agent's skills and the SDK's offline
//! `magisterium-a2a/liturgy` entry both use it, and it uses nothing of theirs.
//!
//! [`liturgical_day`] combines the Proper of Time ([`temporal`]: seasons, Sundays, movable
//! solemnities, from Easter by the Gregorian computus in [`movable`]) with the General Roman
//! Calendar ([`sanctoral`], from `data/general_roman_calendar.toml`), following the Table of
//! Liturgical Days ([`precedence`]): the higher day wins, impeded solemnities are transferred,
//! impeded feasts are omitted, and memorials in Lent, from December 17 to 24 and in the Christmas
//! octave become optional commemorations. [`lectionary`] (from `data/lectionary.toml`) gives the
//! readings of a day by its celebration's id.
//!
//! [`calendars`] lists the calendars a date can be asked in: the General Roman Calendar (the
//! default: [`liturgical_day`]) and the national calendars of `data/calendars/*.toml`
//! ([`liturgical_day_in`]), each with its conference's transfers, holy days of obligation and
//! proper celebrations. [`ics`] writes a year of one calendar as iCalendar.
//!
//! Choices where practice varies:
//! - The General Roman Calendar keeps the Epiphany on January 6, the Ascension on Thursday, 39 days
//!   after Easter, and Corpus Christi on Thursday, 60 days after; a national calendar moves them to Sunday
//!   where its conference did, and the day says `transferred_from`. The Baptism of the Lord is the
//!   Sunday after the Epiphany, or the Monday when the Epiphany is kept on January 7 or 8.
//! - The Paschal Triduum is its own [`Season`] from Holy Thursday to Holy Saturday (the Thursday
//!   morning strictly still belongs to Lent; Easter Sunday is counted in [`Season::Easter`]).
//! - A solemnity impeded by a movable solemnity of the Lord (Sacred Heart, Corpus Christi) goes to
//!   the nearest day that is not a Sunday, solemnity, feast or privileged day (the earlier one on a
//!   tie: Nativity of John the Baptist 2022 → June 23); one falling on a Sunday of Advent, Lent or
//!   Easter goes to the Monday after; one in Holy Week or the Easter octave goes to the Monday after
//!   the Second Sunday of Easter (the Annunciation), except Saint Joseph, anticipated to the
//!   Saturday before Palm Sunday (2008).
//! - Mary, Mother of the Church (Monday after Pentecost) prevails over another obligatory memorial;
//!   the Immaculate Heart of Mary (Saturday after the Sacred Heart) and another obligatory memorial
//!   both become optional.
//! - Today's rules and calendars are applied to every year of the range (a celebration added in
//!   2021 also appears in 1950); diocesan propers are not modelled.

pub mod calendars;
pub mod dates;
pub mod ics;
pub mod ids;
/// The `magisterium-a2a/liturgy` entry for JavaScript (feature `js`, wasm32).
#[cfg(all(feature = "js", target_arch = "wasm32"))]
pub mod js;
pub mod lectionary;
pub mod locales;
pub mod movable;
pub mod names;
pub mod precedence;
pub mod sanctoral;
mod temporal;
pub mod types;

pub use calendars::{calendar, Calendar, CALENDARS};
pub use movable::{liturgical_year, liturgical_year_in, LiturgicalYear};
pub use precedence::{liturgical_day, liturgical_day_in, solemnity_date, solemnity_date_in};
pub use types::{Celebration, Colour, LiturgicalDay, Rank, Season, SundayCycle, WeekdayCycle};

/// First year [`liturgical_day`] answers for.
pub const FIRST_YEAR: i32 = 1900;
/// Last year [`liturgical_day`] answers for.
pub const LAST_YEAR: i32 = 2199;
