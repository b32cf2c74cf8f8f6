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
    crate::liturgy::names::month_name(u32::from(month))
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
    crate::liturgy::names::ordinal_number(u32::from(n))
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
mod tests {

    use super::*;
    use std::collections::HashSet;

    fn text(skill: LookupSkill, q: &str) -> Option<LookupAnswer> {
        lookup(skill, LookupQuery::Text(q))
    }

    fn id_of(answer: Option<LookupAnswer>) -> Option<String> {
        answer.map(|a| a.record["id"].as_str().unwrap().to_owned())
    }

    fn all_ids(skill: LookupSkill) -> Vec<&'static str> {
        match skill {
            LookupSkill::Saint => saints::SAINTS.iter().map(|e| e.id).collect(),
            LookupSkill::Person => people::PEOPLE.iter().map(|e| e.id).collect(),
            LookupSkill::Pope => popes::POPES.iter().map(|e| e.id).collect(),
            LookupSkill::Diocese | LookupSkill::DioceseStatistics => {
                dioceses::DIOCESES.iter().map(|e| e.id).collect()
            }
        }
    }

    fn all_names(skill: LookupSkill) -> Vec<&'static str> {
        match skill {
            LookupSkill::Saint => saints::SAINTS.iter().map(|e| e.name).collect(),
            LookupSkill::Person => people::PEOPLE.iter().map(|e| e.name).collect(),
            LookupSkill::Pope => popes::POPES.iter().map(|e| e.name).collect(),
            LookupSkill::Diocese | LookupSkill::DioceseStatistics => {
                dioceses::DIOCESES.iter().map(|e| e.name).collect()
            }
        }
    }

    #[test]
    fn skill_ids_round_trip() {
        for skill in LookupSkill::ALL {
            assert_eq!(LookupSkill::from_skill_id(skill.skill_id()), Some(skill));
            assert_eq!(
                skill.artifact_name(),
                format!("{}_result", skill.skill_id())
            );
        }
        assert_eq!(LookupSkill::from_skill_id("catholic_qa"), None);
        assert_eq!(LookupSkill::from_skill_id("SAINT_LOOKUP"), None);
        assert_eq!(LookupSkill::from_skill_id(""), None);
    }

    #[test]
    fn table_sizes() {
        assert!(saints::SAINTS.len() >= 15);
        assert!(people::PEOPLE.len() >= 6);
        assert!(popes::POPES.len() >= 12);
        assert!(dioceses::DIOCESES.len() >= 6);
        let statuses: HashSet<&str> = saints::SAINTS.iter().map(|s| s.status.as_str()).collect();
        for status in ["Saint", "Blessed", "Venerable", "Servant of God"] {
            assert!(statuses.contains(status), "{status}");
        }
    }

    #[test]
    fn ids_unique_and_well_formed() {
        for skill in LookupSkill::ALL {
            let ids = all_ids(skill);
            let set: HashSet<String> = ids.iter().map(|i| i.to_ascii_lowercase()).collect();
            assert_eq!(set.len(), ids.len(), "duplicate id in {skill:?}");
            for id in ids {
                assert!(!id.is_empty());
                assert!(
                    id.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                    "{id}"
                );
            }
        }
    }

    #[test]
    fn every_entry_found_by_id_and_by_name() {
        for skill in LookupSkill::ALL {
            for (id, name) in all_ids(skill).into_iter().zip(all_names(skill)) {
                assert_eq!(
                    id_of(lookup(skill, LookupQuery::Id(id))).as_deref(),
                    Some(id)
                );
                let upper = id.to_uppercase();
                assert_eq!(
                    id_of(lookup(skill, LookupQuery::Id(&upper))).as_deref(),
                    Some(id)
                );
                let padded = format!("  {id}\n");
                assert_eq!(
                    id_of(lookup(skill, LookupQuery::Id(&padded))).as_deref(),
                    Some(id)
                );
                assert_eq!(
                    id_of(text(skill, id)).as_deref(),
                    Some(id),
                    "{skill:?} text id {id}"
                );
                assert_eq!(
                    id_of(text(skill, name)).as_deref(),
                    Some(id),
                    "{skill:?} name {name}"
                );
                let loud = name.to_uppercase();
                assert_eq!(
                    id_of(text(skill, &loud)).as_deref(),
                    Some(id),
                    "{skill:?} {loud}"
                );
            }
        }
    }

    #[test]
    fn id_query_does_not_match_names() {
        assert!(lookup(LookupSkill::Pope, LookupQuery::Id("Leo XIV")).is_none());
        assert!(lookup(LookupSkill::Saint, LookupQuery::Id("Joseph")).is_some()); // "joseph" is an id
        assert!(lookup(LookupSkill::Saint, LookupQuery::Id("St. Joseph")).is_none());
    }

    #[test]
    fn popes_by_name_variants() {
        let pope = |q: &str| id_of(text(LookupSkill::Pope, q));
        for q in [
            "leo xiv",
            "Pope Leo XIV",
            "LEO XIV",
            "Leo 14",
            "Robert Prevost",
            "prevost",
            "Leo",
        ] {
            assert_eq!(pope(q).as_deref(), Some("leo-xiv"), "{q}");
        }
        assert_eq!(pope("Leo XIII").as_deref(), Some("leo-xiii"));
        assert_eq!(pope("Pope Francis").as_deref(), Some("francis"));
        assert_eq!(pope("Bergoglio").as_deref(), Some("francis"));
        assert_eq!(pope("John Paul").as_deref(), Some("john-paul-ii"));
        assert_eq!(pope("John Paul I").as_deref(), Some("john-paul-i"));
        assert_eq!(pope("john paul 2").as_deref(), Some("john-paul-ii"));
        assert_eq!(pope("Karol Wojtyla").as_deref(), Some("john-paul-ii"));
        assert_eq!(pope("Benedict").as_deref(), Some("benedict-xvi"));
        assert_eq!(pope("Ratzinger").as_deref(), Some("benedict-xvi"));
        assert_eq!(pope("Paul VI").as_deref(), Some("paul-vi"));
        assert_eq!(pope("Paul").as_deref(), Some("paul-vi"));
        assert_eq!(pope("Saint John XXIII").as_deref(), Some("john-xxiii"));
        assert_eq!(pope("Pius XII").as_deref(), Some("pius-xii"));
        assert_eq!(pope("Pio Nono").as_deref(), Some("pius-ix"));
        assert_eq!(pope("Gregory the Great").as_deref(), Some("gregory-i"));
        assert_eq!(pope("St. Gregory").as_deref(), Some("gregory-i"));
        assert_eq!(pope("Saint Peter").as_deref(), Some("peter"));
        assert_eq!(pope("Leo X"), None);
        assert_eq!(pope("Urban VIII"), None);
    }

    #[test]
    fn saints_by_name_variants() {
        let saint = |q: &str| id_of(text(LookupSkill::Saint, q));
        assert_eq!(saint("St. Joseph").as_deref(), Some("joseph"));
        assert_eq!(saint("saint joseph").as_deref(), Some("joseph"));
        assert_eq!(saint("Thérèse").as_deref(), Some("therese-of-lisieux"));
        assert_eq!(
            saint("therese of lisieux").as_deref(),
            Some("therese-of-lisieux")
        );
        assert_eq!(
            saint("ST. THÉRÈSE OF LISIEUX").as_deref(),
            Some("therese-of-lisieux")
        );
        assert_eq!(
            saint("Little Flower").as_deref(),
            Some("therese-of-lisieux")
        );
        assert_eq!(saint("lisieux").as_deref(), Some("therese-of-lisieux"));
        assert_eq!(saint("Aquinas").as_deref(), Some("thomas-aquinas"));
        assert_eq!(
            saint("Mother Teresa").as_deref(),
            Some("teresa-of-calcutta")
        );
        assert_eq!(saint("Teresa of Avila").as_deref(), Some("teresa-of-avila"));
        assert_eq!(saint("Francis").as_deref(), Some("francis-of-assisi"));
        assert_eq!(saint("Francis Xavier").as_deref(), Some("francis-xavier"));
        assert_eq!(saint("Padre Pio").as_deref(), Some("pio-of-pietrelcina"));
        assert_eq!(saint("carlo acutis").as_deref(), Some("carlo-acutis"));
        assert_eq!(saint("Acutis").as_deref(), Some("carlo-acutis"));
        assert_eq!(saint("Blessed Miguel Pro").as_deref(), Some("miguel-pro"));
        assert_eq!(
            saint("Venerable Fulton Sheen").as_deref(),
            Some("fulton-sheen")
        );
        assert_eq!(
            saint("Archbishop Fulton J. Sheen").as_deref(),
            Some("fulton-sheen")
        );
        assert_eq!(
            saint("Servant of God Dorothy Day").as_deref(),
            Some("dorothy-day")
        );
        assert_eq!(saint("Saint Nobody"), None);
    }

    #[test]
    fn persons_by_name_variants() {
        let person = |q: &str| id_of(text(LookupSkill::Person, q));
        assert_eq!(
            person("Cardinal Joseph Bernardin").as_deref(),
            Some("joseph-bernardin")
        );
        assert_eq!(person("bernardin").as_deref(), Some("joseph-bernardin"));
        assert_eq!(
            person("Bishop Robert Barron").as_deref(),
            Some("robert-barron")
        );
        assert_eq!(person("Cardinal O'Connor").as_deref(), Some("john-oconnor"));
        assert_eq!(person("john o’connor").as_deref(), Some("john-oconnor"));
        assert_eq!(person("Macharski").as_deref(), Some("franciszek-macharski"));
        // Popes are not persons.
        assert_eq!(person("Leo XIV"), None);
        assert_eq!(person("Francis"), person("Francis George"));
    }

    #[test]
    fn dioceses_by_name_variants() {
        for skill in [LookupSkill::Diocese, LookupSkill::DioceseStatistics] {
            let diocese = |q: &str| id_of(text(skill, q));
            assert_eq!(
                diocese("Archdiocese of Chicago").as_deref(),
                Some("dchicago")
            );
            assert_eq!(diocese("chicago").as_deref(), Some("dchicago"));
            assert_eq!(
                diocese("Roman Catholic Archdiocese of Chicago").as_deref(),
                Some("dchicago")
            );
            assert_eq!(diocese("Chicago Archdiocese").as_deref(), Some("dchicago"));
            assert_eq!(diocese("Diocese of Rome").as_deref(), Some("droma"));
            assert_eq!(diocese("Roma").as_deref(), Some("droma"));
            assert_eq!(diocese("Krakow").as_deref(), Some("dkrakow"));
            assert_eq!(diocese("Archdiocese of Kraków").as_deref(), Some("dkrakow"));
            assert_eq!(diocese("Cracow").as_deref(), Some("dkrakow"));
            assert_eq!(diocese("los angeles").as_deref(), Some("dlosangeles"));
            assert_eq!(diocese("Milano").as_deref(), Some("dmilano"));
            assert_eq!(diocese("westminster").as_deref(), Some("dwestminster"));
            assert_eq!(
                diocese("Ukrainian Philadelphia").as_deref(),
                Some("dphiladelphiaukr")
            );
            assert_eq!(diocese("Diocese of Nowhere"), None);
        }
    }

    #[test]
    fn unknown_and_empty_find_nothing() {
        for skill in LookupSkill::ALL {
            for q in [
                "",
                "   ",
                "Saint",
                "St.",
                "Pope",
                "Archdiocese of",
                "???",
                "zzzz",
                "no such thing anywhere",
                "x",
            ] {
                assert!(text(skill, q).is_none(), "{skill:?} {q:?}");
                assert!(
                    lookup(skill, LookupQuery::Id(q)).is_none(),
                    "{skill:?} id {q:?}"
                );
            }
        }
    }

    #[test]
    fn odd_inputs_never_panic() {
        let huge = "a".repeat(1_000_000);
        let huge_words = "leo ".repeat(10_000);
        let long_unicode = "Thérèse 🙏 ".repeat(500);
        let odd = [
            huge.as_str(),
            huge_words.as_str(),
            long_unicode.as_str(),
            "🙏",
            "\u{0}\u{1}\u{7f}",
            "\u{202e}ieaxo",
            "ǅ ﬁ ẞ İstanbul",
            "漢字 かな",
            "\u{0301}\u{0301}",
            "-",
            "0",
            "999999999999999999999999",
            "Leo 0",
            "Leo 4000",
            "Pope 267",
            "'''",
            "St. St. St.",
            "of of of",
            "servant of",
            "Archdiocese",
        ];
        for skill in LookupSkill::ALL {
            for q in odd {
                let _ = text(skill, q);
                let _ = lookup(skill, LookupQuery::Id(q));
            }
        }
        assert!(text(LookupSkill::Pope, &huge_words).is_none());
    }

    fn assert_str(record: &Map<String, Value>, key: &str) {
        assert!(
            record[key].is_string(),
            "{key} should be a string in {record:?}"
        );
    }

    fn assert_str_or_null(record: &Map<String, Value>, key: &str) {
        assert!(
            record[key].is_string() || record[key].is_null(),
            "{key} should be a string or null in {record:?}"
        );
    }

    fn assert_int_or_null(record: &Map<String, Value>, key: &str) {
        assert!(
            record[key].is_i64() || record[key].is_null(),
            "{key} should be an integer or null in {record:?}"
        );
    }

    fn is_iso_date(s: &str) -> bool {
        let b = s.as_bytes();
        b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && b.iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
    }

    fn answers(skill: LookupSkill) -> Vec<LookupAnswer> {
        all_ids(skill)
            .into_iter()
            .map(|id| lookup(skill, LookupQuery::Id(id)).unwrap())
            .collect()
    }

    fn assert_summary(answer: &LookupAnswer) {
        let name = answer.record["name"].as_str().unwrap();
        let first = answer.summary.lines().next().unwrap();
        assert!(first.starts_with("## "), "{first}");
        assert!(first.contains(name), "{first} / {name}");
        let facts = answer
            .summary
            .lines()
            .filter(|l| l.starts_with("- "))
            .count();
        let rows = answer
            .summary
            .lines()
            .filter(|l| l.starts_with("| "))
            .count();
        assert!((2..=5).contains(&facts) || rows > 0, "{}", answer.summary);
    }

    #[test]
    fn saint_records() {
        for answer in answers(LookupSkill::Saint) {
            let r = &answer.record;
            assert_summary(&answer);
            assert_str(r, "id");
            assert_str(r, "name");
            let status = r["status"].as_str().unwrap();
            assert!(["Saint", "Blessed", "Venerable", "Servant of God"].contains(&status));
            match r["feast_day"].as_str() {
                Some(day) => {
                    let b = day.as_bytes();
                    assert!(b.len() == 5 && b[2] == b'-', "{day}");
                    let month: u8 = day[..2].parse().unwrap();
                    let dom: u8 = day[3..].parse().unwrap();
                    assert!(
                        (1..=12).contains(&month) && (1..=31).contains(&dom),
                        "{day}"
                    );
                    assert!(matches!(status, "Saint" | "Blessed"));
                    assert!(answer
                        .summary
                        .contains(r["feast_day_text"].as_str().unwrap()));
                }
                None => {
                    assert!(r["feast_day"].is_null());
                    assert!(matches!(status, "Venerable" | "Servant of God"));
                }
            }
            assert_int_or_null(r, "birth_year");
            assert_int_or_null(r, "death_year");
            if let (Some(b), Some(d)) = (r["birth_year"].as_i64(), r["death_year"].as_i64()) {
                assert!(b < d);
            }
            assert_int_or_null(r, "status_since");
            assert!(r["patronages"]
                .as_array()
                .unwrap()
                .iter()
                .all(Value::is_string));
            assert_str(r, "lived");
            assert_str(r, "description");
        }
        let joseph = text(LookupSkill::Saint, "St. Joseph").unwrap();
        assert_eq!(joseph.record["feast_day"], "03-19");
        assert_eq!(joseph.record["feast_day_text"], "March 19");
        assert!(joseph.summary.starts_with("## Saint Joseph\n"));
        let carlo = text(LookupSkill::Saint, "Carlo Acutis").unwrap();
        assert_eq!(carlo.record["status"], "Saint");
        assert_eq!(carlo.record["status_since"], 2025);
        assert_eq!(carlo.record["death_year"], 2006);
    }

    #[test]
    fn person_records() {
        let pope_names: HashSet<&str> = popes::POPES.iter().map(|p| p.name).collect();
        let diocese_ids: HashSet<&str> = dioceses::DIOCESES.iter().map(|d| d.id).collect();
        for answer in answers(LookupSkill::Person) {
            let r = &answer.record;
            assert_summary(&answer);
            assert_str(r, "id");
            assert_str(r, "name");
            assert!(!pope_names.contains(r["name"].as_str().unwrap()));
            assert_str(r, "position");
            assert_str(r, "title");
            assert_str(r, "diocese");
            assert!(is_iso_date(r["born"].as_str().unwrap()));
            assert_str_or_null(r, "died");
            if let Some(died) = r["died"].as_str() {
                assert!(is_iso_date(died) && died > r["born"].as_str().unwrap());
            }
            if let Some(id) = r["diocese_id"].as_str() {
                assert!(diocese_ids.contains(id), "{id}");
            } else {
                assert!(r["diocese_id"].is_null());
            }
            assert_int_or_null(r, "cardinal_since");
            assert_str_or_null(r, "religious_institute");
        }
    }

    #[test]
    fn pope_records() {
        let mut ordinals = HashSet::new();
        let mut reigning = 0;
        for answer in answers(LookupSkill::Pope) {
            let r = &answer.record;
            assert_summary(&answer);
            assert_str(r, "id");
            assert_str(r, "name");
            let ordinal = r["ordinal"].as_u64().unwrap();
            assert!((1..=267).contains(&ordinal));
            assert!(ordinals.insert(ordinal), "duplicate ordinal {ordinal}");
            let span = r["pontificate"].as_object().unwrap();
            let start = span["start"].as_str().unwrap();
            let approximate = span["approximate"].as_bool().unwrap();
            assert!(is_iso_date(start) || (approximate && start.len() == 4));
            match span["end"].as_str() {
                Some(end) => {
                    assert!(is_iso_date(end) || (approximate && end.len() == 4));
                    assert!(end > start);
                    assert!(span["end_reason"].is_string());
                }
                None => {
                    assert!(span["end"].is_null());
                    assert!(span["end_reason"].is_null());
                    assert_eq!(r["reigning"], true);
                    reigning += 1;
                }
            }
            assert_str(r, "birth_name");
            assert_str_or_null(r, "born");
            assert_str_or_null(r, "died");
            assert_str_or_null(r, "sainthood");
        }
        assert_eq!(reigning, 1);
        // Newer popes have higher ordinals and later starts (the table is newest first).
        let starts: Vec<&str> = popes::POPES.iter().map(|p| p.start).collect();
        assert!(starts.windows(2).all(|w| w[0] > w[1]));
        assert!(popes::POPES.windows(2).all(|w| w[0].ordinal > w[1].ordinal));

        let leo = text(LookupSkill::Pope, "Pope Leo XIV").unwrap();
        assert_eq!(leo.record["ordinal"], 267);
        assert_eq!(leo.record["pontificate"]["start"], "2025-05-08");
        assert!(leo.record["pontificate"]["end"].is_null());
        assert_eq!(leo.record["birth_name"], "Robert Francis Prevost");
        assert_eq!(leo.record["born"], "1955-09-14");
        assert!(leo.summary.starts_with("## Pope Leo XIV\n"));
        assert!(leo.summary.contains("267th"));
        assert!(leo.summary.contains("8 May 2025 – present"));
        let francis = text(LookupSkill::Pope, "Francis").unwrap();
        assert_eq!(francis.record["ordinal"], 266);
        assert_eq!(francis.record["pontificate"]["start"], "2013-03-13");
        assert_eq!(francis.record["pontificate"]["end"], "2025-04-21");
        let benedict = text(LookupSkill::Pope, "Benedict XVI").unwrap();
        assert_eq!(benedict.record["pontificate"]["end_reason"], "resignation");
    }

    #[test]
    fn diocese_records() {
        for answer in answers(LookupSkill::Diocese) {
            let r = &answer.record;
            assert_summary(&answer);
            assert_str(r, "id");
            assert_str(r, "name");
            assert_str(r, "country");
            let rite = r["rite"].as_str().unwrap();
            assert!(rite == "Latin" || rite == "Byzantine", "{rite}");
            let kind = r["type"].as_str().unwrap();
            assert!(["diocese", "archdiocese", "eparchy", "archeparchy"].contains(&kind));
            assert_int_or_null(r, "established");
            assert_str(r, "cathedral");
            assert_str(r, "ordinary");
            assert!(is_iso_date(r["as_of"].as_str().unwrap()));
            let latest = r["latest_statistics"].as_object().unwrap();
            assert_eq!(latest["year"], dioceses::LAST_YEAR);
            assert!(answer.summary.contains("stand-in"));
        }
        let chicago = text(LookupSkill::Diocese, "Archdiocese of Chicago").unwrap();
        assert_eq!(chicago.record["country"], "United States");
        assert_eq!(chicago.record["rite"], "Latin");
        assert_eq!(chicago.record["established"], 1843);
        let rites: HashSet<&str> = dioceses::DIOCESES.iter().map(|d| d.rite).collect();
        assert!(rites.contains("Byzantine"));
    }

    #[test]
    fn statistics_records() {
        for answer in answers(LookupSkill::DioceseStatistics) {
            let r = &answer.record;
            assert_str(r, "id");
            assert_str(r, "name");
            assert!(answer.summary.starts_with("## "));
            assert!(answer.summary.contains(r["name"].as_str().unwrap()));
            assert!(answer.summary.contains("| Catholics |"));
            assert!(answer.summary.contains("Stand-in figures"));
            assert!(answer.summary.contains("fixture data from the offline"));
            let rows = r["rows"].as_array().unwrap();
            assert_eq!(rows.len(), 5);
            let mut last_year = None;
            for row in rows {
                let row = row.as_object().unwrap();
                assert_eq!(row.len(), 20, "year + 19 metrics: {row:?}");
                let keys: HashSet<&str> = row.keys().map(String::as_str).collect();
                let mut expected: HashSet<&str> = STATISTICS_METRICS.into_iter().collect();
                expected.insert("year");
                assert_eq!(keys, expected);
                let year = row["year"].as_i64().unwrap();
                if let Some(prev) = last_year {
                    assert_eq!(year, prev + 1);
                }
                last_year = Some(year);
                for metric in STATISTICS_METRICS {
                    if metric == "percent_catholic" {
                        assert!(row[metric].is_f64());
                    } else {
                        assert!(row[metric].is_u64(), "{metric} = {}", row[metric]);
                    }
                }
                let n = |k: &str| row[k].as_i64().unwrap();
                assert_eq!(
                    n("total_priests"),
                    n("diocesan_priests") + n("religious_priests")
                );
                assert!(n("catholics") <= n("total_population"));
                assert!(n("total_priests") > 0);
                let pct = row["percent_catholic"].as_f64().unwrap();
                let expected_pct =
                    (n("catholics") as f64 / n("total_population") as f64 * 1000.0).round() / 10.0;
                assert!((pct - expected_pct).abs() < 1e-9, "{pct} vs {expected_pct}");
                assert!((0.0..=100.0).contains(&pct));
                let cpp = n("catholics") as f64 / n("total_priests") as f64;
                assert_eq!(n("catholics_per_priest"), cpp.round() as i64);
            }
            assert_eq!(rows[0]["year"], dioceses::FIRST_YEAR);
            assert_eq!(last_year, Some(dioceses::LAST_YEAR));
        }
        let summary = text(LookupSkill::DioceseStatistics, "chicago")
            .unwrap()
            .summary;
        assert!(summary.contains("| Metric | 2023 |"), "{summary}");
    }

    #[test]
    fn helpers() {
        assert_eq!(date_text("2025-05-08"), "8 May 2025");
        assert_eq!(date_text("0590-09-03"), "3 September 590");
        assert_eq!(date_text("2025-13-01"), "2025-13-01");
        assert_eq!(date_text("nonsense"), "nonsense");
        assert_eq!(ordinal_text(1), "1st");
        assert_eq!(ordinal_text(2), "2nd");
        assert_eq!(ordinal_text(3), "3rd");
        assert_eq!(ordinal_text(11), "11th");
        assert_eq!(ordinal_text(64), "64th");
        assert_eq!(ordinal_text(112), "112th");
        assert_eq!(ordinal_text(267), "267th");
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(2_150_000), "2,150,000");
        assert_eq!(thousands(-12_345), "-12,345");
        assert_eq!(month_day_text(3, 19).as_deref(), Some("March 19"));
        assert_eq!(month_day_text(0, 1), None);
        assert_eq!(month_day_text(13, 1), None);
    }

    #[test]
    fn print_samples() {
        // `cargo test -- --nocapture print_samples` shows what the agent answers.
        for (skill, q) in [
            (LookupSkill::Saint, "St. Joseph"),
            (LookupSkill::Person, "Cardinal Bernardin"),
            (LookupSkill::Pope, "Pope Leo XIV"),
            (LookupSkill::Diocese, "Archdiocese of Chicago"),
            (LookupSkill::DioceseStatistics, "Archdiocese of Chicago"),
        ] {
            let a = text(skill, q).unwrap();
            println!(
                "{}\n{}\n",
                a.summary,
                serde_json::to_string(&Value::Object(a.record)).unwrap()
            );
        }
    }
}
