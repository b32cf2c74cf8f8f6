//! The Table of Liturgical Days (General Norms for the Liturgical Year and the Calendar, 59–60):
//! which celebration a date keeps, transfers of impeded solemnities, and memorials reduced to
//! commemorations.

use super::ids;
use super::movable::{days_between, easter, first_sunday_of_advent};
use super::names::long_date;
use super::sanctoral::{self, celebrations_on, movable_memorial};
use super::temporal::{proper_of_time, psalter_week};
use super::types::{Celebration, Colour, LiturgicalDay, Rank, Season, SundayCycle, WeekdayCycle};
use super::{FIRST_YEAR, LAST_YEAR};
use magisterium_core::date::CivilDate;

/// The movable memorial that prevails over another obligatory memorial (a row of the calendar).
const MOTHER_OF_THE_CHURCH: &str = "mary_mother_of_the_church";

/// The optional memorial of Saturdays in Ordinary Time without an obligatory memorial.
const SATURDAY_OF_MARY: Celebration = Celebration {
    id: ids::SATURDAY_OF_MARY,
    title: "Saturday Memorial of the Blessed Virgin Mary",
    rank: Rank::OptionalMemorial,
    colour: Colour::White,
    of_the_lord: false,
};

/// The liturgical day of `date`, or `None` outside 1900–2199.
pub fn liturgical_day(date: CivilDate) -> Option<LiturgicalDay> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&date.year()) {
        return None;
    }
    let t = proper_of_time(date)?;
    let liturgical_year = if date >= first_sunday_of_advent(date.year())? {
        date.year() + 1
    } else {
        date.year()
    };
    let mut notes = t.notes.clone();

    let mut candidates: Vec<Candidate> = Vec::new();
    for c in celebrations_on(date.month(), date.day()) {
        if c.rank == Rank::Solemnity {
            let kept = observed(date)?;
            if kept != date {
                notes.push(format!(
                    "{} is transferred to {} ({kept}) this year.",
                    c.title,
                    long_date(kept)
                ));
                continue;
            }
        }
        candidates.push(Candidate::new(c, false));
    }
    for (c, from) in transferred_in(date) {
        notes.push(format!(
            "Transferred from {} ({from}), where it was impeded.",
            long_date(from)
        ));
        candidates.push(Candidate::new(c, false));
    }
    if let Some(c) = movable_memorial(date) {
        candidates.push(Candidate::new(c, true));
    }

    let higher = candidates
        .iter()
        .filter(|c| c.precedence <= 8)
        .min_by_key(|c| c.precedence);
    let mut optional_memorials: Vec<Celebration> = Vec::new();
    let (id, name, rank, colour) = match higher {
        Some(c) if c.precedence < t.precedence => c.named(),
        _ if t.precedence <= 8 => (t.id.clone(), t.name.clone(), t.rank, t.colour),
        _ if t.precedence == 9 => {
            // Lent, December 17–24, Christmas octave: memorials only as commemorations.
            optional_memorials.extend(
                candidates
                    .iter()
                    .filter(|c| c.precedence >= 10)
                    .map(|c| *c.celebration),
            );
            if candidates.iter().any(|c| c.precedence == 10) {
                notes
                    .push("On this day a memorial may be kept only as a commemoration.".to_owned());
            }
            (t.id.clone(), t.name.clone(), t.rank, t.colour)
        }
        _ => {
            let mut obligatory: Vec<&Candidate> =
                candidates.iter().filter(|c| c.precedence == 10).collect();
            if obligatory.len() > 1
                && obligatory
                    .iter()
                    .any(|c| c.movable && c.celebration.id == MOTHER_OF_THE_CHURCH)
            {
                obligatory.retain(|c| c.movable);
            }
            match obligatory.as_slice() {
                [one] => one.named(),
                several => {
                    // Immaculate Heart with another memorial: both optional.
                    optional_memorials.extend(several.iter().map(|c| *c.celebration));
                    optional_memorials.extend(
                        candidates
                            .iter()
                            .filter(|c| c.precedence == 12)
                            .map(|c| *c.celebration),
                    );
                    if several.is_empty() && t.season == Season::OrdinaryTime && date.weekday() == 6
                    {
                        optional_memorials.push(SATURDAY_OF_MARY);
                    }
                    (t.id.clone(), t.name.clone(), t.rank, t.colour)
                }
            }
        }
    };

    Some(LiturgicalDay {
        date,
        id,
        name,
        rank,
        season: t.season,
        week: t.week,
        sunday_cycle: match liturgical_year.rem_euclid(3) {
            1 => SundayCycle::A,
            2 => SundayCycle::B,
            _ => SundayCycle::C,
        },
        weekday_cycle: if liturgical_year % 2 != 0 {
            WeekdayCycle::I
        } else {
            WeekdayCycle::II
        },
        psalter_week: psalter_week(date, t.season, t.week)?,
        colour,
        season_day: t.name,
        season_day_id: t.id,
        optional_memorials,
        notes,
    })
}

/// The date on which the fixed-date solemnity of `month`/`day` is kept in `year`, after the
/// transfer rules (e.g. Saint Joseph 2008 → March 15, the Annunciation 2024 → April 8). `None` when
/// the General Roman Calendar has no solemnity on that date, or the year is outside 1583–9999.
pub fn solemnity_date(year: i32, month: u32, day: u32) -> Option<CivilDate> {
    if !celebrations_on(month, day)
        .iter()
        .any(|c| c.rank == Rank::Solemnity)
    {
        return None;
    }
    observed(CivilDate::new(year, month, day)?)
}

/// A celebration competing for a day.
struct Candidate {
    celebration: &'static Celebration,
    /// Position in the Table of Liturgical Days (1 = highest).
    precedence: u8,
    movable: bool,
}

impl Candidate {
    fn new(celebration: &'static Celebration, movable: bool) -> Self {
        Self {
            celebration,
            precedence: precedence(celebration),
            movable,
        }
    }

    fn named(&self) -> (String, String, Rank, Colour) {
        let c = self.celebration;
        (c.id.to_owned(), c.title.to_owned(), c.rank, c.colour)
    }
}

/// Position of a celebration of the calendar in the Table of Liturgical Days.
fn precedence(c: &Celebration) -> u8 {
    match c.rank {
        Rank::Triduum => 1,
        Rank::Solemnity | Rank::Commemoration => 3,
        Rank::Feast if c.of_the_lord => 5,
        Rank::Sunday => 6,
        Rank::Feast => 7,
        Rank::Memorial => 10,
        Rank::OptionalMemorial => 12,
        Rank::Weekday => 13,
    }
}

/// The day a fixed-date solemnity falling on `fixed` is kept: a solemnity impeded by Holy Week,
/// the Easter octave or a movable solemnity goes to the nearest free day (the earlier on a tie);
/// one on a Sunday of Advent, Lent or Easter to the Monday after; the Annunciation in Holy Week or
/// the Easter octave to the Monday after the Second Sunday of Easter. Never more than 28 days away.
fn observed(fixed: CivilDate) -> Option<CivilDate> {
    let t = proper_of_time(fixed)?;
    let own = celebrations_on(fixed.month(), fixed.day())
        .iter()
        .any(|c| c.id == t.id);
    if t.precedence > 3 || own {
        return Some(fixed);
    }
    let easter_day = easter(fixed.year())?;
    let e = days_between(easter_day, fixed);
    if (fixed.month(), fixed.day()) == (3, 25) && (-7..=7).contains(&e) {
        return easter_day.add_days(8);
    }
    if t.rank == Rank::Sunday && t.precedence == 2 && e != -7 {
        return fixed.add_days(1);
    }
    (1..=28)
        .flat_map(|k| [-k, k])
        .filter_map(|k| fixed.add_days(k))
        .find(|&d| is_free(d))
}

/// A day not listed in 1–8 of the Table of Liturgical Days (no Sunday, solemnity, feast or
/// privileged day).
fn is_free(date: CivilDate) -> bool {
    proper_of_time(date).is_some_and(|t| t.precedence > 8)
        && celebrations_on(date.month(), date.day())
            .iter()
            .all(|c| precedence(c) > 8)
}

/// Fixed-date solemnities of other dates transferred to `date`, with their own date. Only those
/// within 28 days are tried ([`observed`] never moves one further).
fn transferred_in(date: CivilDate) -> Vec<(&'static Celebration, CivilDate)> {
    sanctoral::FIXED
        .iter()
        .flat_map(|(m, d, list)| list.iter().map(move |c| (*m, *d, c)))
        .filter(|(_, _, c)| c.rank == Rank::Solemnity)
        .filter_map(|(m, d, c)| {
            let fixed = CivilDate::new(date.year(), m, d)?;
            let near = fixed != date && days_between(fixed, date).abs() <= 28;
            (near && observed(fixed)? == date).then_some((c, fixed))
        })
        .collect()
}
