//! The five lookup skills of the stand-in agent: `saint_lookup`, `person_lookup`, `pope_lookup`,
//! `diocese_lookup` and `diocese_statistics_lookup`, answered from small built-in tables.
//!
//! Each answer is a markdown summary (the artifact's text part) and a record (its data part), always with
//! `id` and `name` strings; see the magisterium contract, section 8, "lookup skills". The caller wraps them
//! in an artifact named [`LookupSkill::artifact_name`] and answers [`NOT_FOUND_TEXT`] on `None`.
//!
//! # Ids
//!
//! | table | id scheme | example |
//! |---|---|---|
//! | saints | kebab-case English name, no honorific | `therese-of-lisieux` |
//! | persons | kebab-case name, no title | `joseph-bernardin` |
//! | popes | kebab-case regnal name, Roman numeral in letters | `leo-xiv`, `gregory-i`, `peter` |
//! | dioceses and statistics | `source_code`-style: `d` + see city in its own language, lower-case ASCII, no separators; eastern sees append their church | `droma`, `dchicago`, `dkrakow`, `dphiladelphiaukr` |
//!
//! # Matching
//!
//! 1. Input longer than [`MAX_QUERY_BYTES`] after trimming, or blank, finds nothing.
//! 2. An exact id (ASCII case-insensitive, surrounding space ignored) wins. A [`LookupQuery::Id`] (a data
//!    part `{ id }`) stops here; a [`LookupQuery::Text`] goes on to name matching.
//! 3. Names and aliases are normalised: lower case; accents folded (`Thérèse` = `therese`, `Wojtyła` =
//!    `wojtyla`); apostrophes dropped (`O'Connor` = `oconnor`); other punctuation splits words; titles
//!    dropped (`Saint`, `St.`, `Blessed`, `Venerable`, `Servant of God`, `Pope`, `Bishop`, `Archbishop`,
//!    `Cardinal`, `Msgr.`, …) as are see words with their `of` (`Archdiocese of`, `Diocese of`,
//!    `Eparchy of`, `Roman Catholic`); numbers 1–3999 read as Roman numerals (`Leo 14` = `Leo XIV`).
//!    A query that is nothing but titles finds nothing.
//! 4. Each entry scores its best name or alias: 4 = the same words; 3 = the query is the start of the
//!    name (the last word may be cut short if at least 3 letters remain: `Thér` → Thérèse of Lisieux);
//!    2 = every query word is a word of the name, or (4+ letters) the start of one (`lisieux`,
//!    `aquinas`); 0 = no match. A query whose words are all shorter than 3 letters (`x`, `ii`) only
//!    matches exactly.
//! 5. The highest score wins; on a tie the entry listed first wins. Tables are ordered so that this is
//!    the entry most people mean: popes newest first (`Leo` → Leo XIV, `John Paul` → John Paul II,
//!    `Benedict` → Benedict XVI), saints by prominence (`Francis` → Francis of Assisi, `Teresa` → Teresa
//!    of Calcutta). No entry above 0 → `None`.
//!
//! # Records
//!
//! - saint: `status` (`Saint`, `Blessed`, `Venerable`, `Servant of God`), `feast_day` as `"MM-DD"` or
//!   `null` (venerables and servants of God have no liturgical day), `feast_day_text` (`"March 19"`),
//!   `birth_year`/`death_year` (integers, approximate for early saints, or `null`), `lived` (display,
//!   with `c.`), `status_since` (year of canonisation, beatification, decree or opening of the cause),
//!   `patronages` (array of strings), `description`, `aliases`.
//! - person (clergy, never popes): `title`, `position` (office with years), `diocese`, `diocese_id`
//!   (an id of this module's diocese table or `null`), `born` (`YYYY-MM-DD`), `birthplace`, `died`,
//!   `cardinal_since`, `religious_institute`.
//! - pope: `ordinal` (integer, Peter = 1, Leo XIV = 267), `pontificate` `{ start, end, approximate,
//!   end_reason }` with `start`/`end` as `YYYY-MM-DD` (zero-padded years) and `end: null` for the reigning
//!   pope; only Peter's dates are traditional (`"0030"`–`"0064"`, year-only, `approximate: true`).
//!   Also `reigning`, `birth_name`, `born`, `birthplace`, `died`, `sainthood`, `aliases`.
//! - diocese: `type` (`diocese`, `archdiocese`, `archeparchy`), `country`, `rite` (`Latin`, `Byzantine`,
//!   …), `church_sui_iuris`, `see_city`, `established` (year or `null`), `established_text`, `cathedral`,
//!   `ordinary` (as of `as_of`), `latest_statistics` (the latest row below) and `statistics_note`.
//! - statistics: `rows`, one per year 2019–2023 in order, each `{ year, …` [`STATISTICS_METRICS`] `}`, and
//!   a `note` that the figures are stand-in fixture data. `percent_catholic` is a number with one
//!   decimal, every other metric an integer; `total_priests` = diocesan + religious, `percent_catholic` =
//!   catholics / total_population rounded to 0.1, `catholics_per_priest` = catholics / total_priests
//!   rounded.

mod dioceses;
mod matching;
mod people;
mod popes;
mod saints;

use serde_json::{Map, Value};

/// Queries longer than this many bytes (after trimming) never match: no name comes close, and it bounds
/// the work per call whatever the caller sends.
pub const MAX_QUERY_BYTES: usize = 512;

/// The text of the single part answered when a lookup finds nothing.
pub const NOT_FOUND_TEXT: &str = "No results found.";

/// The 19 metric names of every statistics row, in order (each row also has `year`).
pub const STATISTICS_METRICS: [&str; 19] = [
    "catholics",
    "total_population",
    "percent_catholic",
    "parishes",
    "diocesan_priests",
    "religious_priests",
    "total_priests",
    "permanent_deacons",
    "male_religious",
    "female_religious",
    "seminarians",
    "infant_baptisms",
    "adult_baptisms",
    "first_communions",
    "confirmations",
    "marriages",
    "schools",
    "students",
    "catholics_per_priest",
];

/// One of the five lookup skills.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LookupSkill {
    /// `saint_lookup`: saints, blesseds, venerables, servants of God.
    Saint,
    /// `person_lookup`: clergy other than popes.
    Person,
    /// `pope_lookup`: popes.
    Pope,
    /// `diocese_lookup`: dioceses, archdioceses, eparchies.
    Diocese,
    /// `diocese_statistics_lookup`: five years of statistics for a diocese.
    DioceseStatistics,
}

impl LookupSkill {
    /// All five, in the order of the contract.
    pub const ALL: [LookupSkill; 5] = [
        LookupSkill::Saint,
        LookupSkill::Person,
        LookupSkill::Pope,
        LookupSkill::Diocese,
        LookupSkill::DioceseStatistics,
    ];

    /// The skill for a `skillId` (exact, case-sensitive), or `None` if it is not a lookup skill.
    pub fn from_skill_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|skill| skill.skill_id() == id)
    }

    /// The `skillId`, e.g. `saint_lookup`.
    pub fn skill_id(self) -> &'static str {
        match self {
            LookupSkill::Saint => "saint_lookup",
            LookupSkill::Person => "person_lookup",
            LookupSkill::Pope => "pope_lookup",
            LookupSkill::Diocese => "diocese_lookup",
            LookupSkill::DioceseStatistics => "diocese_statistics_lookup",
        }
    }

    /// The artifact name, `<skillId>_result`.
    pub fn artifact_name(self) -> &'static str {
        match self {
            LookupSkill::Saint => "saint_lookup_result",
            LookupSkill::Person => "person_lookup_result",
            LookupSkill::Pope => "pope_lookup_result",
            LookupSkill::Diocese => "diocese_lookup_result",
            LookupSkill::DioceseStatistics => "diocese_statistics_lookup_result",
        }
    }
}

/// What the user asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookupQuery<'a> {
    /// A text part: an id or a name (matched as described in the module docs).
    Text(&'a str),
    /// A data part `{ id }`: the id only, no name matching.
    Id(&'a str),
}

/// A found entry: the artifact's text part and data part.
#[derive(Debug, Clone, PartialEq)]
pub struct LookupAnswer {
    /// Markdown: a heading with the name and a few key facts.
    pub summary: String,
    /// The record: `id`, `name` and the skill's fields (see the module docs).
    pub record: Map<String, Value>,
}

/// Looks `query` up in the table of `skill`; `None` means the caller answers [`NOT_FOUND_TEXT`].
///
/// Never panics, whatever the input.
pub fn lookup(skill: LookupSkill, query: LookupQuery<'_>) -> Option<LookupAnswer> {
    match skill {
        LookupSkill::Saint => matching::find(saints::SAINTS, query).map(saints::answer),
        LookupSkill::Person => matching::find(people::PEOPLE, query).map(people::answer),
        LookupSkill::Pope => matching::find(popes::POPES, query).map(popes::answer),
        LookupSkill::Diocese => matching::find(dioceses::DIOCESES, query).map(dioceses::answer),
        LookupSkill::DioceseStatistics => {
            matching::find(dioceses::DIOCESES, query).map(dioceses::statistics_answer)
        }
    }
}

// ----- helpers shared by the tables -----

fn month_name(month: u8) -> Option<&'static str> {
    magisterium_liturgy::names::month_name(u32::from(month))
}

/// `(3, 19)` → `March 19`.
fn month_day_text(month: u8, day: u8) -> Option<String> {
    Some(format!("{} {day}", month_name(month)?))
}

/// `2025-05-08` → `8 May 2025`, `0590-09-03` → `3 September 590`; anything else unchanged.
fn date_text(iso: &str) -> String {
    let mut parts = iso.splitn(3, '-');
    let parsed = (|| {
        let year: u32 = parts.next()?.parse().ok()?;
        let month: u8 = parts.next()?.parse().ok()?;
        let day: u8 = parts.next()?.parse().ok()?;
        Some(format!("{day} {} {year}", month_name(month)?))
    })();
    parsed.unwrap_or_else(|| iso.to_owned())
}

/// `267th`: the ordinal suffix rule of the calendar, for a pope's number.
fn ordinal_text(n: u16) -> String {
    magisterium_liturgy::names::ordinal_number(u32::from(n))
}

/// `2150000` → `2,150,000`.
fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    let len = digits.len();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (len - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn opt_str<S: Into<String>>(value: Option<S>) -> Value {
    value.map_or(Value::Null, |s| Value::String(s.into()))
}

fn opt_int(value: Option<i32>) -> Value {
    value.map_or(Value::Null, Value::from)
}

fn str_array(items: &[&str]) -> Value {
    Value::Array(items.iter().map(|s| Value::from(*s)).collect())
}

#[cfg(test)]
#[path = "tests/lookups.rs"]
mod tests;

#[cfg(test)]
#[path = "tests/lookup_records.rs"]
mod record_tests;
