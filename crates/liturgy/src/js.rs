//! The `magisterium-a2a/liturgy` entry (feature `js`, its own small wasm): the calendar of this
//! crate offline, with no request at all. Thin bindings: they check the argument,
//! call the pure module and move its answer into plain JavaScript objects.

use magisterium_core::CivilDate;
use magisterium_platform::error_class::magisterium_error;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{Celebration, LiturgicalDay, LiturgicalYear};

/// A `MagisteriumError` of kind `invalid_input`.
fn invalid_input(message: &str) -> JsValue {
    #[derive(Serialize)]
    struct Init {
        kind: &'static str,
    }
    let init = to_js(&Init {
        kind: "invalid_input",
    });
    magisterium_error(&format!("invalid input: {message}"), &init)
}

/// `value` as a plain JavaScript object (`None` is `null`, as JSON has it).
fn to_js(value: &impl Serialize) -> JsValue {
    // Strings, small integers, `null` and lists of them: serialisation cannot fail.
    magisterium_platform::to_js(value).unwrap_or(JsValue::NULL)
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** The rank of a day or celebration, highest first. */
export type Rank = "triduum" | "solemnity" | "commemoration" | "sunday" | "feast" | "memorial" | "optional_memorial" | "weekday";
/** A liturgical colour (rose: Gaudete and Laetare Sundays). */
export type Colour = "violet" | "white" | "red" | "green" | "rose";
/** A season; the Paschal Triduum is its own season, from Holy Thursday to Holy Saturday. */
export type Season = "advent" | "christmas" | "ordinary_time" | "lent" | "triduum" | "easter";

/** A celebration: its stable id (romcal's where it has one), English title, rank and colour. */
export interface Celebration {
  id: string;
  name: string;
  rank: Rank;
  colour: Colour;
}

/** What a date is in the General Roman Calendar (universal calendar, no national propers). */
export interface LiturgicalDay {
  /** `YYYY-MM-DD`. */
  date: string;
  season: Season;
  /** The week of the season (Advent 1–4, Lent 1–5, Easter 1–7, Ordinary Time 1–34), or `null`
   *  where days are named otherwise (Christmas Time, after Ash Wednesday, Holy Week, Pentecost). */
  week: number | null;
  /** The day of the Proper of Time, as kept when no celebration takes it:
   *  `{ id: "lent_4_thursday", name: "Thursday of the 4th Week of Lent" }`. */
  weekday: { id: string; name: string };
  /** The celebration of the day (the weekday itself when nothing else is kept). */
  celebration: Celebration;
  /** Memorials that may be kept instead (optional ones, and memorials reduced to commemorations). */
  optional: Celebration[];
  sundayCycle: "A" | "B" | "C";
  weekdayCycle: "I" | "II";
  /** The week of the four-week psalter of the Liturgy of the Hours. */
  psalterWeek: 1 | 2 | 3 | 4;
  /** Transfers of impeded solemnities, and where local practice differs. */
  notes: string[];
}

/** The movable days of a civil year (`YYYY-MM-DD`), as the universal calendar keeps them. */
export interface LiturgicalYear {
  year: number;
  baptismOfTheLord: string;
  ashWednesday: string;
  palmSunday: string;
  easter: string;
  /** Thursday, Easter + 39 (many countries keep it on the following Sunday). */
  ascension: string;
  pentecost: string;
  trinity: string;
  /** Thursday, Easter + 60 (many countries keep it on the following Sunday). */
  corpusChristi: string;
  sacredHeart: string;
  christTheKing: string;
  /** The First Sunday of Advent, which opens the next liturgical year. */
  firstSundayOfAdvent: string;
  holyFamily: string;
}
"#;

/// The liturgical day of `date` — a `Date` (its local calendar day) or a `YYYY-MM-DD` string —
/// computed offline; `null` outside 1900–2199. Throws a `MagisteriumError` of kind `invalid_input`
/// for anything else (an impossible date, another type).
#[wasm_bindgen(js_name = liturgicalDay, unchecked_return_type = "LiturgicalDay | null")]
pub fn liturgical_day(
    #[wasm_bindgen(unchecked_param_type = "Date | string")] date: &JsValue,
) -> Result<JsValue, JsValue> {
    let date = civil_date(date).map_err(invalid_input)?;
    Ok(to_js(&crate::liturgical_day(date).as_ref().map(DayOut::of)))
}

/// The movable days of the civil year `year`; `null` outside 1900–2199. Throws a
/// `MagisteriumError` of kind `invalid_input` when `year` is not an integer.
#[wasm_bindgen(js_name = liturgicalYear, unchecked_return_type = "LiturgicalYear | null")]
pub fn liturgical_year(
    #[wasm_bindgen(unchecked_param_type = "number")] year: &JsValue,
) -> Result<JsValue, JsValue> {
    let year = year
        .as_f64()
        .filter(|y| y.fract() == 0.0 && y.abs() < 1e6)
        .ok_or_else(|| invalid_input("the year must be an integer"))?;
    // Safe: an integer below 10⁶ in magnitude.
    let year = year as i32;
    Ok(to_js(
        &crate::liturgical_year(year).as_ref().map(YearOut::of),
    ))
}

/// The calendar day of a `Date` (local) or of a `YYYY-MM-DD` string.
fn civil_date(value: &JsValue) -> Result<CivilDate, &'static str> {
    if let Some(text) = value.as_string() {
        return CivilDate::parse_iso(&text)
            .ok_or("the date must be an existing day written YYYY-MM-DD");
    }
    let date = value
        .dyn_ref::<js_sys::Date>()
        .ok_or("the date must be a Date or a YYYY-MM-DD string")?;
    if date.get_time().is_nan() {
        return Err("the Date is invalid");
    }
    i32::try_from(date.get_full_year())
        .ok()
        .and_then(|y| CivilDate::new(y, date.get_month() + 1, date.get_date()))
        .ok_or("the Date is outside the years 1–9999")
}

/// A celebration as the `.d.ts` above describes it.
#[derive(Serialize)]
struct CelebrationOut<'a> {
    id: &'a str,
    name: &'a str,
    rank: &'static str,
    colour: &'static str,
}

impl<'a> CelebrationOut<'a> {
    fn of(c: &'a Celebration) -> Self {
        Self {
            id: c.id,
            name: c.title,
            rank: c.rank.key(),
            colour: c.colour.key(),
        }
    }
}

/// The day of the Proper of Time.
#[derive(Serialize)]
struct WeekdayOut<'a> {
    id: &'a str,
    name: &'a str,
}

/// A `LiturgicalDay` as the `.d.ts` above describes it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DayOut<'a> {
    date: String,
    season: &'static str,
    week: Option<u32>,
    weekday: WeekdayOut<'a>,
    celebration: CelebrationOut<'a>,
    optional: Vec<CelebrationOut<'a>>,
    sunday_cycle: &'static str,
    weekday_cycle: &'static str,
    psalter_week: u32,
    notes: &'a [String],
}

impl<'a> DayOut<'a> {
    fn of(day: &'a LiturgicalDay) -> Self {
        Self {
            date: day.date.to_string(),
            season: day.season.key(),
            week: day.week,
            weekday: WeekdayOut {
                id: day.season_day_id.as_str(),
                name: day.season_day.as_str(),
            },
            celebration: CelebrationOut {
                id: &day.id,
                name: &day.name,
                rank: day.rank.key(),
                colour: day.colour.key(),
            },
            optional: day
                .optional_memorials
                .iter()
                .map(CelebrationOut::of)
                .collect(),
            sunday_cycle: day.sunday_cycle.key(),
            weekday_cycle: day.weekday_cycle.key(),
            psalter_week: day.psalter_week,
            notes: &day.notes,
        }
    }
}

/// A `LiturgicalYear` as the `.d.ts` above describes it: every date `YYYY-MM-DD`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct YearOut {
    year: i32,
    baptism_of_the_lord: String,
    ash_wednesday: String,
    palm_sunday: String,
    easter: String,
    ascension: String,
    pentecost: String,
    trinity: String,
    corpus_christi: String,
    sacred_heart: String,
    christ_the_king: String,
    first_sunday_of_advent: String,
    holy_family: String,
}

impl YearOut {
    fn of(y: &LiturgicalYear) -> Self {
        Self {
            year: y.year,
            baptism_of_the_lord: y.baptism_of_the_lord.to_string(),
            ash_wednesday: y.ash_wednesday.to_string(),
            palm_sunday: y.palm_sunday.to_string(),
            easter: y.easter.to_string(),
            ascension: y.ascension.to_string(),
            pentecost: y.pentecost.to_string(),
            trinity: y.trinity.to_string(),
            corpus_christi: y.corpus_christi.to_string(),
            sacred_heart: y.sacred_heart.to_string(),
            christ_the_king: y.christ_the_king.to_string(),
            first_sunday_of_advent: y.first_sunday_of_advent.to_string(),
            holy_family: y.holy_family.to_string(),
        }
    }
}
