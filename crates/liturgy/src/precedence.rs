//! The Table of Liturgical Days (General Norms for the Liturgical Year and the Calendar, 59–60):
//! which celebration a date keeps, transfers of impeded solemnities, and memorials reduced to
//! commemorations.

use super::calendars::{general, Calendar};
use super::ids;
use super::movable::{days_between, easter, first_sunday_of_advent};
use super::names::long_date;
use super::temporal::{proper_of_time, psalter_week};
use super::types::{Celebration, Colour, LiturgicalDay, Rank, Season, SundayCycle, WeekdayCycle};
use super::{FIRST_YEAR, LAST_YEAR};
use magisterium_core::date::CivilDate;

/// Saint Joseph, anticipated to the Saturday before Palm Sunday when Holy Week impedes him
/// (Congregation for Divine Worship, 2008), where other solemnities go after the Easter octave.
const JOSEPH: &str = "joseph_spouse_of_mary";

/// The movable memorial that prevails over another obligatory memorial (a row of the calendar).
const MOTHER_OF_THE_CHURCH: &str = "mary_mother_of_the_church";

/// The optional memorial of Saturdays in Ordinary Time without an obligatory memorial.
const SATURDAY_OF_MARY: Celebration = Celebration {
    id: ids::SATURDAY_OF_MARY,
    title: "Saturday Memorial of the Blessed Virgin Mary",
    rank: Rank::OptionalMemorial,
    colour: Colour::White,
    of_the_lord: false,
    proper: false,
};

/// The liturgical day of `date` in the General Roman Calendar, or `None` outside 1900–2199.
pub fn liturgical_day(date: CivilDate) -> Option<LiturgicalDay> {
    liturgical_day_in(date, general())
}

/// The liturgical day of `date` in `calendar`, or `None` outside 1900–2199.
pub fn liturgical_day_in(date: CivilDate, calendar: &Calendar) -> Option<LiturgicalDay> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&date.year()) {
        return None;
    }
    let cal = calendar;
    let t = proper_of_time(date, cal)?;
    let liturgical_year = if date >= first_sunday_of_advent(date.year())? {
        date.year() + 1
    } else {
        date.year()
    };
    let mut notes = t.notes.clone();
    let mut transferred_from = t.transferred_from;

    let mut candidates: Vec<Candidate> = Vec::new();
    for c in cal.celebrations_on(date.month(), date.day()) {
        if matches!(c.rank, Rank::Solemnity | Rank::Commemoration) {
            let kept = observed(date, c, cal)?;
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
    for (c, from) in transferred_in(date, cal) {
        notes.push(format!("Transferred from {} ({from}).", long_date(from)));
        candidates.push(Candidate::new(c, false).from(from));
    }
    if let Some(c) = movable_celebration(date, cal) {
        candidates.push(Candidate::new(c, true));
    }

    let higher = candidates
        .iter()
        .filter(|c| c.precedence <= 8)
        .min_by_key(|c| c.precedence);
    let mut optional_memorials: Vec<Celebration> = Vec::new();
    let (id, name, rank, colour) = match higher {
        Some(c) if c.precedence < t.precedence => {
            transferred_from = c.from;
            c.named()
        }
        _ if t.precedence <= 8 => (t.id.clone(), t.name.clone(), t.rank, t.colour),
        _ if t.precedence == 9 => {
            // Lent, December 17–24, Christmas octave: memorials only as commemorations.
            optional_memorials.extend(
                candidates
                    .iter()
                    .filter(|c| c.precedence >= 10)
                    .map(|c| *c.celebration),
            );
            if candidates.iter().any(|c| matches!(c.precedence, 10 | 11)) {
                notes
                    .push("On this day a memorial may be kept only as a commemoration.".to_owned());
            }
            (t.id.clone(), t.name.clone(), t.rank, t.colour)
        }
        _ => {
            let mut obligatory: Vec<&Candidate> = candidates
                .iter()
                .filter(|c| matches!(c.precedence, 10 | 11))
                .collect();
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

    let holy_day_of_obligation = date.weekday() == 0
        || (cal.is_holy_day(&id)
            && transferred_from.is_none()
            && !(cal.lifted_on_saturday_or_monday.contains(&id.as_str())
                && matches!(date.weekday(), 1 | 6)));
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
        holy_day_of_obligation,
        transferred_from,
        notes,
    })
}

/// The date on which the fixed-date solemnity of `month`/`day` is kept in `year`, after the
/// transfer rules (e.g. Saint Joseph 2008 → March 15, the Annunciation 2024 → April 8). `None` when
/// the General Roman Calendar has no solemnity on that date, or the year is outside 1583–9999.
pub fn solemnity_date(year: i32, month: u32, day: u32) -> Option<CivilDate> {
    solemnity_date_in(year, month, day, general())
}

/// [`solemnity_date`] in `calendar` (e.g. Saints Peter and Paul 2030 in England and Wales → Sunday
/// June 30).
pub fn solemnity_date_in(
    year: i32,
    month: u32,
    day: u32,
    calendar: &Calendar,
) -> Option<CivilDate> {
    let c = calendar
        .celebrations_on(month, day)
        .iter()
        .find(|c| c.rank == Rank::Solemnity)?;
    observed(CivilDate::new(year, month, day)?, c, calendar)
}

/// The celebration that Easter moves onto `date` in `calendar` (Mary, Mother of the Church; the
/// Immaculate Heart of Mary; a national feast such as Our Lord Jesus Christ, the Eternal High
/// Priest), or that the calendar keeps on this n-th Sunday of the month (the Santo Niño), if any.
pub fn movable_celebration(date: CivilDate, calendar: &Calendar) -> Option<&'static Celebration> {
    let after = days_between(easter(date.year())?, date);
    let nth = date.day().div_ceil(7);
    calendar
        .from_easter
        .iter()
        .find(|(days, _)| *days == after)
        .map(|(_, c)| *c)
        .or_else(|| {
            calendar
                .nth_sunday
                .iter()
                .find(|&&(m, n, _)| date.weekday() == 0 && m == date.month() && n == nth)
                .map(|(_, _, c)| *c)
        })
}

/// A celebration competing for a day.
struct Candidate {
    celebration: &'static Celebration,
    /// Position in the Table of Liturgical Days (1 = highest).
    precedence: u8,
    movable: bool,
    /// Its own date, when it was transferred here.
    from: Option<CivilDate>,
}

impl Candidate {
    fn new(celebration: &'static Celebration, movable: bool) -> Self {
        Self {
            celebration,
            precedence: precedence(celebration),
            movable,
            from: None,
        }
    }

    fn from(self, from: CivilDate) -> Self {
        Self {
            from: Some(from),
            ..self
        }
    }

    fn named(&self) -> (String, String, Rank, Colour) {
        let c = self.celebration;
        (c.id.to_owned(), c.title.to_owned(), c.rank, c.colour)
    }
}

/// Position of a celebration of the calendar in the Table of Liturgical Days (UNLY 59): proper
/// solemnities (4), feasts (8) and memorials (11) come after the universal ones.
fn precedence(c: &Celebration) -> u8 {
    match c.rank {
        Rank::Triduum => 1,
        Rank::Solemnity | Rank::Commemoration if c.proper => 4,
        Rank::Solemnity | Rank::Commemoration => 3,
        Rank::Feast if c.of_the_lord => 5,
        Rank::Sunday => 6,
        Rank::Feast if c.proper => 8,
        Rank::Feast => 7,
        Rank::Memorial if c.proper => 11,
        Rank::Memorial => 10,
        Rank::OptionalMemorial => 12,
        Rank::Weekday => 13,
    }
}

/// The day a fixed-date solemnity `c` falling on `fixed` is kept in `cal` (UNLY 60):
/// - where the conference keeps it on the Sunday, a Saturday or a Monday goes to that Sunday,
///   and one of `sunday_from` to the Sunday of its seven days (Brazil);
/// - in Holy Week or the Easter octave, to the Monday after the Second Sunday of Easter (the
///   Annunciation, Saint George in England), except Saint Joseph, anticipated as below;
/// - on a Sunday of Advent, Lent or Easter, or a solemnity kept on a Sunday, to the Monday after;
/// - impeded otherwise (a movable solemnity, a day that ranks above it), to the nearest free day,
///   the earlier on a tie, one that no higher solemnity took.
///
/// All Souls impeded by All Saints kept on Sunday November 2 goes to the Monday. Never more than
/// 28 days away.
fn observed(fixed: CivilDate, c: &Celebration, cal: &Calendar) -> Option<CivilDate> {
    if cal.sunday_if_saturday_or_monday.contains(&c.id) {
        match fixed.weekday() {
            6 => return fixed.add_days(1),
            1 => return fixed.add_days(-1),
            _ => {}
        }
    }
    if let Some(&(_, m, d)) = cal.sunday_from.iter().find(|(id, _, _)| *id == c.id) {
        let first = CivilDate::new(fixed.year(), m, d)?;
        return first.add_days(i64::from((7 - first.weekday()) % 7));
    }
    let t = proper_of_time(fixed, cal)?;
    let own = cal
        .celebrations_on(fixed.month(), fixed.day())
        .iter()
        .any(|c| c.id == t.id);
    if c.rank == Rank::Commemoration {
        let taken = transferred_in(fixed, cal).is_empty();
        return if taken {
            Some(fixed)
        } else {
            fixed.add_days(1)
        };
    }
    if t.precedence > precedence(c) || own {
        return Some(fixed);
    }
    let easter_day = easter(fixed.year())?;
    let e = days_between(easter_day, fixed);
    if (-7..=7).contains(&e) && c.id != JOSEPH {
        // Holy Week or the Easter octave: the Monday after the Second Sunday of Easter (or the
        // first free day after it, when another solemnity took it).
        let first = easter_day.add_days(8)?;
        return (0..=28)
            .filter_map(|k| first.add_days(k))
            .find(|&d| is_free(d, cal) && !taken(d, (precedence(c), fixed), cal));
    }
    // Impeded by a Sunday of Advent, Lent or Easter, or by a solemnity kept on a Sunday (the
    // Ascension where it is kept on the Seventh Sunday of Easter): the Monday after.
    if fixed.weekday() == 0 && t.precedence <= 3 && e != -7 {
        return fixed.add_days(1);
    }
    (1..=28)
        .flat_map(|k| [-k, k])
        .filter_map(|k| fixed.add_days(k))
        .find(|&d| is_free(d, cal) && !taken(d, (precedence(c), fixed), cal))
}

/// True when a solemnity that goes before `rank` (higher in the Table, or as high and earlier in
/// the year) is transferred to `date`: two impeded solemnities do not share a day (Saint Joseph
/// and Saint Patrick in Holy Week 2008, where Saint Patrick is a solemnity).
fn taken(date: CivilDate, rank: (u8, CivilDate), cal: &Calendar) -> bool {
    cal.solemnities
        .iter()
        .filter(|(_, _, c)| c.rank == Rank::Solemnity)
        .filter_map(|&(m, d, c)| Some((CivilDate::new(date.year(), m, d)?, c)))
        .filter(|&(fixed, c)| (precedence(c), fixed) < rank && fixed != date)
        .filter(|(fixed, _)| days_between(*fixed, date).abs() <= 28)
        .any(|(fixed, c)| observed(fixed, c, cal) == Some(date))
}

/// A day not listed in 1–8 of the Table of Liturgical Days (no Sunday, solemnity, feast or
/// privileged day).
fn is_free(date: CivilDate, cal: &Calendar) -> bool {
    proper_of_time(date, cal).is_some_and(|t| t.precedence > 8)
        && cal
            .celebrations_on(date.month(), date.day())
            .iter()
            .all(|c| precedence(c) > 8)
}

/// Fixed-date solemnities of other dates transferred to `date`, with their own date. Only those
/// within 28 days are tried ([`observed`] never moves one further).
fn transferred_in(date: CivilDate, cal: &Calendar) -> Vec<(&'static Celebration, CivilDate)> {
    cal.solemnities
        .iter()
        .filter_map(|&(m, d, c)| {
            let fixed = CivilDate::new(date.year(), m, d)?;
            let near = fixed != date && days_between(fixed, date).abs() <= 28;
            (near && observed(fixed, c, cal)? == date).then_some((c, fixed))
        })
        .collect()
}
