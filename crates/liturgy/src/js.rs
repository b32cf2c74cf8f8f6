//! The `magisterium-a2a/liturgy` entry (feature `js`, its own small wasm): the calendar of this
//! crate offline, with no request at all. Thin bindings: they check the argument,
//! call the pure module and move its answer into plain JavaScript objects.

use magisterium_core::CivilDate;
use magisterium_platform::error_class::magisterium_error;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::calendars::{calendar, general, Calendar, CALENDARS};
use crate::lectionary::masses_in;
use crate::locales::{add_locale, locale, locales, Locale, ENGLISH};

mod readings;
use crate::{Celebration, LiturgicalDay, LiturgicalYear};
use readings::ReadingsOut;

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

/** Which calendar to answer in: `"general-roman"` (the default), a national calendar such as
 *  `"united-states"`, `"england-and-wales"`, or a province that differs (`"united-states/boston"`).
 *  `liturgicalCalendars()` lists them. `locale`: the language of the names, `"en"` (the default),
 *  `"la"`, `"es"`, `"it"`, `"fr"`, `"de"`, `"pt"`, `"pl"` (a tag such as `"pt-BR"` is read by its
 *  language); a celebration the locale does not name keeps its English name. */
export interface CalendarOptions {
  calendar?: string;
  locale?: string;
}

/** One calendar `liturgicalDay` can answer in. */
export interface CalendarInfo {
  id: string;
  name: string;
}

/** The references (never the text) of one Mass's readings, as the Lectionary for Mass cites them
 *  (USCCB edition: `Is 2:1-5`, `Ps 122:1-2, 3-4b`; `or` between alternatives). */
export interface Readings {
  first: string;
  /** The responsorial psalm or canticle, e.g. `Ps 72` or `Ps 122:1-2, 3-4b, 4cd-5, 6-7, 8-9`. */
  psalm: string;
  /** Sundays, solemnities and some feasts. */
  second: string | null;
  gospel: string;
  /** Which Mass, when the day has several (`Mass during the Day`, `Vigil Mass`, `Mass during the
   *  Night`, `Chrism Mass`), or the title of the memorial these readings belong to. */
  mass: string | null;
  /** The Easter Vigil's readings. */
  vigil: boolean;
  /** The readings' number in the Lectionary for Mass (USCCB), a stable key for the set, e.g. `305`
   *  for Monday of the First Week in Ordinary Time; `null` where the data gives none. */
  number: number | null;
  /** The same references in a stable machine form, OSIS ranges (`Isa.7.10-Isa.7.14,Isa.8.10`), one
   *  string per alternative (`Mt 1:1-25 or 1:18-25` → `["Matt.1.1-Matt.1.25", "Matt.1.18-Matt.1.25"]`);
   *  parts of verses count as the whole verse, remarks in parentheses are left out. */
  osis: { first: string[]; psalm: string[]; second: string[] | null; gospel: string[] };
}

/** What a date is in one calendar (the General Roman Calendar unless `calendar` is given). */
export interface LiturgicalDay {
  /** `YYYY-MM-DD`. */
  date: string;
  /** The calendar that answered, e.g. `"general-roman"`, `"united-states"`. */
  calendar: string;
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
  /** True when the faithful are bound to attend Mass (can. 1246–1248): every Sunday, and the
   *  calendar's holy days of obligation kept on their own day (the conference's dispensations,
   *  e.g. a US holy day on a Saturday or Monday, applied). */
  holyDayOfObligation: boolean;
  /** `YYYY-MM-DD` the celebration was moved from (the Ascension kept on Sunday, a solemnity
   *  impeded by a Sunday of Lent), or `null`. */
  transferredFrom: string | null;
  /** The Lectionary's references for the day (in a browser once `loadLectionary()` has loaded
   *  them, empty before; in Node and workerd from import): the day's own Mass first (a memorial keeps the weekday's readings), then the other
   *  Masses of the day (vigil Masses, the Masses of Christmas, the Chrism Mass), then the readings
   *  of the day's memorials that have their own. Sundays and solemnities by cycle A/B/C, weekdays of
   *  Ordinary Time by cycle I/II. */
  readings: Readings[];
  /** Transfers written out, e.g. "Transferred from Wednesday, March 19, 2008 (2008-03-19)." */
  notes: string[];
}

/** The movable days of a civil year (`YYYY-MM-DD`) in one calendar. */
export interface LiturgicalYear {
  year: number;
  calendar: string;
  /** January 6, or the Sunday where the calendar moves it. */
  epiphany: string;
  /** The Sunday after the Epiphany, or the Monday when the Epiphany is on January 7 or 8. */
  baptismOfTheLord: string;
  ashWednesday: string;
  palmSunday: string;
  easter: string;
  /** Thursday, Easter + 39, or the Seventh Sunday of Easter where the calendar moves it. */
  ascension: string;
  pentecost: string;
  trinity: string;
  /** Thursday, Easter + 60, or the following Sunday where the calendar moves it. */
  corpusChristi: string;
  sacredHeart: string;
  christTheKing: string;
  /** The First Sunday of Advent, which opens the next liturgical year. */
  firstSundayOfAdvent: string;
  holyFamily: string;
}
"#;

/// The liturgical day of `date` — a `Date` (its local calendar day) or a `YYYY-MM-DD` string —
/// in the calendar of `options.calendar` (the General Roman Calendar by default), its names in
/// `options.locale` (English by default), computed offline; `null` outside 1900–2199. Throws a
/// `MagisteriumError` of kind `invalid_input` for anything else (an impossible date, another type,
/// an unknown calendar or locale).
#[wasm_bindgen(js_name = liturgicalDay, unchecked_return_type = "LiturgicalDay | null")]
pub fn liturgical_day(
    #[wasm_bindgen(unchecked_param_type = "Date | string")] date: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CalendarOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let date = civil_date(date).map_err(invalid_input)?;
    let cal = chosen(options.as_ref())?;
    let names = chosen_locale(options.as_ref())?;
    let day = crate::liturgical_day_in(date, cal).map(|d| names.localize(d));
    Ok(to_js(&day.as_ref().map(|d| DayOut::of(d, cal))))
}

/// The movable days of the civil year `year` in the calendar of `options.calendar`; `null` outside
/// 1900–2199. Throws a `MagisteriumError` of kind `invalid_input` when `year` is not an integer or
/// the calendar is unknown.
#[wasm_bindgen(js_name = liturgicalYear, unchecked_return_type = "LiturgicalYear | null")]
pub fn liturgical_year(
    #[wasm_bindgen(unchecked_param_type = "number")] year: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CalendarOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let year = integer_year(year)?;
    let cal = chosen(options.as_ref())?;
    // The year's dates have no names; a locale is still checked like everywhere else.
    chosen_locale(options.as_ref())?;
    let movable = crate::liturgical_year_in(year, cal);
    Ok(to_js(&movable.as_ref().map(|y| YearOut::of(y, cal))))
}

/// The calendars `liturgicalDay` answers in: the General Roman Calendar first, then the national
/// calendars and the provinces that differ, by id.
#[wasm_bindgen(js_name = liturgicalCalendars, unchecked_return_type = "CalendarInfo[]")]
pub fn liturgical_calendars() -> JsValue {
    #[derive(Serialize)]
    struct Info {
        id: &'static str,
        name: &'static str,
    }
    let list: Vec<Info> = CALENDARS
        .iter()
        .map(|c| Info {
            id: c.id,
            name: c.name,
        })
        .collect();
    to_js(&list)
}

/// Every day of the civil year `year` in the calendar of `options.calendar` as an iCalendar
/// (RFC 5545) text to serve as `text/calendar` or save as a `.ics` file: one all-day event a day
/// with the celebration (named in `options.locale`), its rank and colour, and the readings'
/// references. `null` outside
/// 1900–2199; throws `invalid_input` like `liturgicalYear`.
#[wasm_bindgen(js_name = liturgicalYearIcs, unchecked_return_type = "string | null")]
pub fn liturgical_year_ics(
    #[wasm_bindgen(unchecked_param_type = "number")] year: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CalendarOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let year = integer_year(year)?;
    let cal = chosen(options.as_ref())?;
    let names = chosen_locale(options.as_ref())?;
    let now = js_sys::Date::new_0();
    let today = i32::try_from(now.get_full_year())
        .ok()
        .and_then(|y| CivilDate::new(y, now.get_month() + 1, now.get_date()))
        .ok_or_else(|| invalid_input("the clock is outside the years 1–9999"))?;
    Ok(crate::ics::year_ics_in(year, cal, names, today)
        .map_or(JsValue::NULL, |text| JsValue::from_str(&text)))
}

/// `year` as an integer below 10⁶ in magnitude.
fn integer_year(year: &JsValue) -> Result<i32, JsValue> {
    let year = year
        .as_f64()
        .filter(|y| y.fract() == 0.0 && y.abs() < 1e6)
        .ok_or_else(|| invalid_input("the year must be an integer"))?;
    // Safe: an integer below 10⁶ in magnitude.
    Ok(year as i32)
}

/// The calendar named by `options.calendar`: the General Roman Calendar when `options` or its
/// `calendar` is absent.
fn chosen(options: Option<&JsValue>) -> Result<&'static Calendar, JsValue> {
    let Some(options) = options.filter(|o| !o.is_undefined() && !o.is_null()) else {
        return Ok(general());
    };
    if !options.is_object() {
        return Err(invalid_input("the options must be an object"));
    }
    let id = js_sys::Reflect::get(options, &JsValue::from_str("calendar"))
        .map_err(|_| invalid_input("the options could not be read"))?;
    if id.is_undefined() {
        return Ok(general());
    }
    let id = id
        .as_string()
        .ok_or_else(|| invalid_input("calendar must be a string"))?;
    calendar(&id).ok_or_else(|| {
        let known: Vec<&str> = CALENDARS.iter().map(|c| c.id).collect();
        invalid_input(&format!(
            "unknown calendar {id:?} (known: {})",
            known.join(", ")
        ))
    })
}

/// The locale named by `options.locale`: English when `options` or its `locale` is absent.
fn chosen_locale(options: Option<&JsValue>) -> Result<Locale, JsValue> {
    let Some(options) = options.filter(|o| o.is_object()) else {
        return Ok(ENGLISH);
    };
    let tag = js_sys::Reflect::get(options, &JsValue::from_str("locale"))
        .map_err(|_| invalid_input("the options could not be read"))?;
    if tag.is_undefined() {
        return Ok(ENGLISH);
    }
    let tag = tag
        .as_string()
        .ok_or_else(|| invalid_input("locale must be a string"))?;
    let names = known_locale(&tag)?;
    if !names.is_loaded() {
        return Err(invalid_input(&format!(
            "the names of locale {:?} are not loaded yet: `await liturgicalLocale({:?})` first",
            names.code, names.code
        )));
    }
    Ok(names)
}

/// The locale of the tag `tag`, or `invalid_input` naming the known ones.
fn known_locale(tag: &str) -> Result<Locale, JsValue> {
    locale(tag).ok_or_else(|| {
        let known: Vec<&str> = locales().map(|l| l.code).collect();
        invalid_input(&format!(
            "unknown locale {tag:?} (known: {})",
            known.join(", ")
        ))
    })
}

/// Used by `liturgicalLocale` (the entry's JavaScript; not in the `.d.ts`): the code of the locale file the tag `tag`
/// needs (`"fr"` for `"fr-CA"`), or `null` when none is (English, or a locale already loaded).
/// Throws `invalid_input` for a tag of no known locale.
#[wasm_bindgen(js_name = liturgicalLocaleFile, skip_typescript)]
pub fn liturgical_locale_file(tag: &str) -> Result<JsValue, JsValue> {
    let names = known_locale(tag)?;
    Ok(if names.is_loaded() {
        JsValue::NULL
    } else {
        JsValue::from_str(names.code)
    })
}

/// Used by `liturgicalLocale` (the entry's JavaScript): adds the names of locale `code` from the
/// text of its file (`locales/<code>.js`). Throws `invalid_input` for a file that does not fit.
#[wasm_bindgen(js_name = liturgicalAddLocale, skip_typescript)]
pub fn liturgical_add_locale(code: &str, text: &str) -> Result<(), JsValue> {
    add_locale(code, text).map_err(|e| invalid_input(&e))
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
    calendar: &'static str,
    season: &'static str,
    week: Option<u32>,
    weekday: WeekdayOut<'a>,
    celebration: CelebrationOut<'a>,
    optional: Vec<CelebrationOut<'a>>,
    sunday_cycle: &'static str,
    weekday_cycle: &'static str,
    psalter_week: u32,
    holy_day_of_obligation: bool,
    transferred_from: Option<String>,
    readings: Vec<ReadingsOut>,
    notes: &'a [String],
}

impl<'a> DayOut<'a> {
    fn of(day: &'a LiturgicalDay, cal: &Calendar) -> Self {
        Self {
            date: day.date.to_string(),
            calendar: cal.id,
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
            holy_day_of_obligation: day.holy_day_of_obligation,
            transferred_from: day.transferred_from.map(|d| d.to_string()),
            readings: masses_in(day, cal)
                .into_iter()
                .map(ReadingsOut::of)
                .collect(),
            notes: &day.notes,
        }
    }
}

/// A `LiturgicalYear` as the `.d.ts` above describes it: every date `YYYY-MM-DD`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct YearOut {
    year: i32,
    calendar: &'static str,
    epiphany: String,
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
    fn of(y: &LiturgicalYear, cal: &Calendar) -> Self {
        Self {
            year: y.year,
            calendar: cal.id,
            epiphany: y.epiphany.to_string(),
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
