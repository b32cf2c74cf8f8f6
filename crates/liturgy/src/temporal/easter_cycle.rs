//! The Easter cycle of the Proper of Time: Lent, the Paschal Triduum and Easter Time up to
//! Pentecost.

use super::{numbered_id, Place, Temporal};
use crate::ids;
use crate::names::{ordinal_number, ordinal_word, weekday_name};
use crate::types::{Colour, Rank, Season};
use magisterium_core::date::CivilDate;

/// From Ash Wednesday (`after_ash` = 0) to Wednesday of Holy Week.
pub(super) fn lent_day(date: CivilDate, after_ash: i64) -> Temporal {
    let place = Place::new(Season::Lent, None, Colour::Violet);
    let dayname = weekday_name(date);
    let weekday = ids::weekday_id(date.weekday());
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
pub(super) fn triduum_day(from_easter: i64) -> Temporal {
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

/// Easter Sunday (`from_easter` = 0) to Pentecost, with the Ascension `ascension` days after Easter
/// (39, or 42 where it is kept on the Seventh Sunday of Easter).
pub(super) fn easter_day_of(
    date: CivilDate,
    from_easter: i64,
    week: u32,
    ascension: i64,
) -> Temporal {
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
            let weekday = ids::weekday_id(date.weekday());
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
        _ if from_easter == ascension => place
            .day(
                ids::ASCENSION,
                "The Ascension of the Lord",
                Rank::Solemnity,
                2,
            )
            .moved_from((ascension != 39).then(|| date.add_days(-3)).flatten()),
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
