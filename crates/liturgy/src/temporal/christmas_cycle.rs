//! The Christmas cycle of the Proper of Time: Advent, the Christmas octave and Christmas Time up to
//! the Baptism of the Lord.

use super::{numbered_id, Place, Temporal};
use crate::ids;
use crate::movable::holy_family;
use crate::names::{ordinal_number, ordinal_word, weekday_name};
use crate::types::{Colour, Rank, Season};
use magisterium_core::date::CivilDate;

pub(super) fn christmas_octave(date: CivilDate) -> Option<Temporal> {
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

pub(super) fn advent_day(date: CivilDate, week: u32) -> Temporal {
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

/// From January 1 to the Baptism of the Lord, with the Epiphany kept on `epiphany`.
pub(super) fn christmas_to_baptism(
    date: CivilDate,
    baptism: CivilDate,
    epiphany: CivilDate,
) -> Temporal {
    let place = Place::new(Season::Christmas, None, Colour::White);
    let day = date.day();
    if date == baptism {
        place.day(ids::BAPTISM, "The Baptism of the Lord", Rank::Feast, 5)
    } else if day == 1 {
        place.day(
            ids::OCTAVE_DAY,
            "Octave Day of the Nativity of the Lord",
            Rank::Weekday,
            9,
        )
    } else if date == epiphany {
        let moved = (day != 6)
            .then(|| CivilDate::new(date.year(), 1, 6))
            .flatten();
        place
            .day(
                ids::EPIPHANY,
                "The Epiphany of the Lord",
                Rank::Solemnity,
                2,
            )
            .moved_from(moved)
    } else if date.weekday() == 0 {
        place.day(
            ids::SECOND_SUNDAY_AFTER_CHRISTMAS,
            "Second Sunday after Christmas",
            Rank::Sunday,
            6,
        )
    } else if date < epiphany {
        place.day(
            format!("christmas_time_january_{day}"),
            format!("Christmas Weekday (January {day})"),
            Rank::Weekday,
            13,
        )
    } else {
        let weekday = ids::weekday_id(date.weekday());
        place.day(
            format!("{weekday}_after_epiphany"),
            format!("{} after Epiphany", weekday_name(date)),
            Rank::Weekday,
            13,
        )
    }
}
