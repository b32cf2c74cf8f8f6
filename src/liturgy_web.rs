//! The `magisterium-a2a/liturgy` entry (feature `liturgy`, its own small wasm): the calendar of
//! [`crate::liturgy`] offline, with no request at all. Thin bindings: they check the argument,
//! call the pure module and move its answer into plain JavaScript objects.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::liturgy::{self, Celebration, LiturgicalDay, LiturgicalYear};
use crate::protocol::CivilDate;

#[wasm_bindgen(module = "/src/web/runtime.js")]
extern "C" {
    /// The SDK's error class, so `isMagisteriumError` and `instanceof` work across both entries.
    type MagisteriumError;

    /// `new MagisteriumError(message, init)`.
    #[wasm_bindgen(constructor)]
    fn new(message: &str, init: &JsValue) -> MagisteriumError;
}

/// A `MagisteriumError` of `kind`.
fn make_error(message: &str, kind: &str) -> JsValue {
    let init = Object::new();
    // Setting a property of a fresh plain object cannot fail.
    let _ = Reflect::set(&init, &JsValue::from_str("kind"), &JsValue::from_str(kind));
    MagisteriumError::new(message, &init).into()
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
    let date = civil_date(date)
        .map_err(|m| make_error(&format!("invalid input: {m}"), "invalid_input"))?;
    Ok(liturgy::liturgical_day(date).map_or(JsValue::NULL, |day| day_object(&day).into()))
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
        .ok_or_else(|| {
            make_error(
                "invalid input: the year must be an integer",
                "invalid_input",
            )
        })?;
    // Safe: an integer below 10⁶ in magnitude.
    let year = year as i32;
    Ok(liturgy::liturgical_year(year).map_or(JsValue::NULL, |y| year_object(&y).into()))
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

fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a plain property of a fresh object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

fn celebration(id: &str, name: &str, rank: &str, colour: &str) -> Object {
    let object = Object::new();
    set(&object, "id", id);
    set(&object, "name", name);
    set(&object, "rank", rank);
    set(&object, "colour", colour);
    object
}

fn optional(c: &Celebration) -> JsValue {
    celebration(c.id, c.title, c.rank.key(), c.colour.key()).into()
}

fn day_object(day: &LiturgicalDay) -> Object {
    let object = Object::new();
    set(&object, "date", day.date.to_string());
    set(&object, "season", day.season.key());
    set(
        &object,
        "week",
        day.week.map_or(JsValue::NULL, JsValue::from),
    );
    let weekday = Object::new();
    set(&weekday, "id", day.season_day_id.as_str());
    set(&weekday, "name", day.season_day.as_str());
    set(&object, "weekday", weekday);
    let kept = celebration(&day.id, &day.name, day.rank.key(), day.colour.key());
    set(&object, "celebration", kept);
    let optionals: Array = day.optional_memorials.iter().map(optional).collect();
    set(&object, "optional", optionals);
    set(&object, "sundayCycle", day.sunday_cycle.key());
    set(&object, "weekdayCycle", day.weekday_cycle.key());
    set(&object, "psalterWeek", day.psalter_week);
    let notes: Array = day.notes.iter().map(|n| JsValue::from_str(n)).collect();
    set(&object, "notes", notes);
    object
}

fn year_object(y: &LiturgicalYear) -> Object {
    let object = Object::new();
    set(&object, "year", y.year);
    for (key, date) in [
        ("baptismOfTheLord", y.baptism_of_the_lord),
        ("ashWednesday", y.ash_wednesday),
        ("palmSunday", y.palm_sunday),
        ("easter", y.easter),
        ("ascension", y.ascension),
        ("pentecost", y.pentecost),
        ("trinity", y.trinity),
        ("corpusChristi", y.corpus_christi),
        ("sacredHeart", y.sacred_heart),
        ("christTheKing", y.christ_the_king),
        ("firstSundayOfAdvent", y.first_sunday_of_advent),
        ("holyFamily", y.holy_family),
    ] {
        set(&object, key, date.to_string());
    }
    object
}
