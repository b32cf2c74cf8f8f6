//! `diocese_lookup` and `diocese_statistics_lookup`: dioceses, archdioceses and eparchies, each with
//! five years of stand-in statistics.
//!
//! The directory facts (type, rite, founding, cathedral) are real; `ordinary` is the office holder as of
//! [`AS_OF`]. The statistics are fixture numbers, generated from a 2019 base and a yearly trend: plausible
//! and internally consistent, never official.

use serde_json::{Map, Value};

use super::matching::{impl_entry, Entry};
use super::{opt_int, str_array, thousands, LookupAnswer, STATISTICS_METRICS};

/// Date of the directory snapshot (who the ordinary is).
pub(super) const AS_OF: &str = "2025-06-01";

/// First and last year of the statistics rows.
pub(super) const FIRST_YEAR: i64 = 2019;
pub(super) const LAST_YEAR: i64 = 2023;

/// The note every statistics answer carries.
const STAND_IN_NOTE: &str =
    "Stand-in figures: fixture data from the offline stand-in agent, not official Church statistics.";

/// The 16 independent metrics; the other three (`percent_catholic`, `total_priests`,
/// `catholics_per_priest`) are derived from them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Figures {
    catholics: i64,
    total_population: i64,
    parishes: i64,
    diocesan_priests: i64,
    religious_priests: i64,
    permanent_deacons: i64,
    male_religious: i64,
    female_religious: i64,
    seminarians: i64,
    infant_baptisms: i64,
    adult_baptisms: i64,
    first_communions: i64,
    confirmations: i64,
    marriages: i64,
    schools: i64,
    students: i64,
}

#[derive(Debug)]
pub(super) struct Diocese {
    /// `d` + the see city in its own language, lower-case ASCII, no separators; eastern sees add the
    /// church (`ukr`).
    pub(super) id: &'static str,
    pub(super) name: &'static str,
    pub(super) aliases: &'static [&'static str],
    /// `diocese`, `archdiocese`, `eparchy` or `archeparchy`.
    pub(super) kind: &'static str,
    pub(super) country: &'static str,
    /// Liturgical rite: `Latin`, `Byzantine`, …
    pub(super) rite: &'static str,
    pub(super) church: &'static str,
    pub(super) see_city: &'static str,
    pub(super) established: Option<i32>,
    pub(super) established_text: &'static str,
    pub(super) cathedral: &'static str,
    pub(super) ordinary: &'static str,
    /// Values for [`FIRST_YEAR`].
    base: Figures,
    /// Change per year (applied linearly; sacraments also dip in 2020–2021).
    trend: Figures,
}

impl_entry!(Diocese);

// The rows: data/dioceses.toml, made into `DIOCESES` by the build script (build/lookups.rs).
include!(concat!(env!("OUT_DIR"), "/lookup_dioceses.rs"));

/// Percentage (0–100) by which sacramental figures of `year` are scaled: the 2020–2021 pandemic dip.
fn sacrament_factor(year: i64) -> i64 {
    match year {
        2020 => 55,
        2021 => 85,
        _ => 100,
    }
}

/// `numerator / denominator` rounded half up; 0 when the denominator is not positive.
fn div_round(numerator: i64, denominator: i64) -> i64 {
    if denominator <= 0 {
        return 0;
    }
    numerator
        .saturating_add(denominator / 2)
        .checked_div(denominator)
        .unwrap_or(0)
}

impl Diocese {
    /// One statistics row: `year` plus the 19 metrics of [`STATISTICS_METRICS`], in that order.
    pub(super) fn row(&self, year: i64) -> Map<String, Value> {
        let k = year - FIRST_YEAR;
        let at = |base: i64, trend: i64| base.saturating_add(trend.saturating_mul(k)).max(0);
        let sacrament = |base: i64, trend: i64| {
            div_round(at(base, trend).saturating_mul(sacrament_factor(year)), 100)
        };
        let (b, t) = (&self.base, &self.trend);
        let catholics = at(b.catholics, t.catholics);
        let total_population = at(b.total_population, t.total_population).max(catholics);
        let diocesan_priests = at(b.diocesan_priests, t.diocesan_priests);
        let religious_priests = at(b.religious_priests, t.religious_priests);
        let total_priests = diocesan_priests + religious_priests;
        let percent_tenths = div_round(catholics.saturating_mul(1000), total_population);
        let percent_catholic = percent_tenths as f64 / 10.0;

        let values: [(&str, Value); 19] = [
            ("catholics", catholics.into()),
            ("total_population", total_population.into()),
            ("percent_catholic", percent_catholic.into()),
            ("parishes", at(b.parishes, t.parishes).into()),
            ("diocesan_priests", diocesan_priests.into()),
            ("religious_priests", religious_priests.into()),
            ("total_priests", total_priests.into()),
            (
                "permanent_deacons",
                at(b.permanent_deacons, t.permanent_deacons).into(),
            ),
            (
                "male_religious",
                at(b.male_religious, t.male_religious).into(),
            ),
            (
                "female_religious",
                at(b.female_religious, t.female_religious).into(),
            ),
            ("seminarians", at(b.seminarians, t.seminarians).into()),
            (
                "infant_baptisms",
                sacrament(b.infant_baptisms, t.infant_baptisms).into(),
            ),
            (
                "adult_baptisms",
                sacrament(b.adult_baptisms, t.adult_baptisms).into(),
            ),
            (
                "first_communions",
                sacrament(b.first_communions, t.first_communions).into(),
            ),
            (
                "confirmations",
                sacrament(b.confirmations, t.confirmations).into(),
            ),
            ("marriages", sacrament(b.marriages, t.marriages).into()),
            ("schools", at(b.schools, t.schools).into()),
            ("students", at(b.students, t.students).into()),
            (
                "catholics_per_priest",
                div_round(catholics, total_priests).into(),
            ),
        ];
        let mut row = Map::new();
        row.insert("year".into(), year.into());
        for (name, value) in values {
            row.insert(name.into(), value);
        }
        row
    }

    fn rows(&self) -> Vec<Value> {
        (FIRST_YEAR..=LAST_YEAR)
            .map(|year| Value::Object(self.row(year)))
            .collect()
    }
}

/// The `diocese_lookup` answer.
pub(super) fn answer(diocese: &Diocese) -> LookupAnswer {
    let latest = diocese.row(LAST_YEAR);
    let mut summary = format!("## {}\n\n", diocese.name);
    summary.push_str(&format!(
        "- **Country:** {} · **Rite:** {}",
        diocese.country, diocese.rite
    ));
    if diocese.church != "Latin Church" {
        summary.push_str(&format!(" ({})", diocese.church));
    }
    summary.push('\n');
    summary.push_str(&format!(
        "- **Type:** {}, established {}\n",
        diocese.kind, diocese.established_text
    ));
    summary.push_str(&format!("- **Cathedral:** {}\n", diocese.cathedral));
    summary.push_str(&format!(
        "- **Ordinary:** {} (directory snapshot of {AS_OF})\n",
        diocese.ordinary
    ));
    summary.push_str(&format!(
        "- **Catholics ({LAST_YEAR}, stand-in figure):** {} in {} parishes\n",
        thousands(metric(&latest, "catholics")),
        thousands(metric(&latest, "parishes")),
    ));

    let mut record = Map::new();
    record.insert("id".into(), diocese.id.into());
    record.insert("name".into(), diocese.name.into());
    record.insert("type".into(), diocese.kind.into());
    record.insert("country".into(), diocese.country.into());
    record.insert("rite".into(), diocese.rite.into());
    record.insert("church_sui_iuris".into(), diocese.church.into());
    record.insert("see_city".into(), diocese.see_city.into());
    record.insert("established".into(), opt_int(diocese.established));
    record.insert("established_text".into(), diocese.established_text.into());
    record.insert("cathedral".into(), diocese.cathedral.into());
    record.insert("ordinary".into(), diocese.ordinary.into());
    record.insert("as_of".into(), AS_OF.into());
    record.insert("aliases".into(), str_array(diocese.aliases));
    record.insert("latest_statistics".into(), Value::Object(latest));
    record.insert("statistics_note".into(), STAND_IN_NOTE.into());
    LookupAnswer { summary, record }
}

/// The `diocese_statistics_lookup` answer.
pub(super) fn statistics_answer(diocese: &Diocese) -> LookupAnswer {
    let latest = diocese.row(LAST_YEAR);
    let get = |name: &str| thousands(metric(&latest, name));
    let percent = latest
        .get("percent_catholic")
        .and_then(Value::as_f64)
        .unwrap_or(0.0);
    let mut summary = format!(
        "## {}: statistics {FIRST_YEAR}–{LAST_YEAR}\n\n",
        diocese.name
    );
    summary.push_str(&format!("| Metric | {LAST_YEAR} |\n|---|---:|\n"));
    summary.push_str(&format!("| Catholics | {} |\n", get("catholics")));
    summary.push_str(&format!(
        "| Total population | {} |\n",
        get("total_population")
    ));
    summary.push_str(&format!("| Percent Catholic | {percent:.1}% |\n"));
    summary.push_str(&format!("| Parishes | {} |\n", get("parishes")));
    summary.push_str(&format!(
        "| Priests (diocesan + religious) | {} ({} + {}) |\n",
        get("total_priests"),
        get("diocesan_priests"),
        get("religious_priests")
    ));
    summary.push_str(&format!(
        "| Permanent deacons | {} |\n",
        get("permanent_deacons")
    ));
    summary.push_str(&format!("| Seminarians | {} |\n", get("seminarians")));
    summary.push_str(&format!(
        "| Infant baptisms | {} |\n",
        get("infant_baptisms")
    ));
    summary.push_str(&format!("| Marriages | {} |\n", get("marriages")));
    summary.push_str(&format!(
        "| Catholics per priest | {} |\n",
        get("catholics_per_priest")
    ));
    summary.push_str(&format!(
        "\nThe data part has one row per year, {FIRST_YEAR}–{LAST_YEAR}, with {} metrics each.\n\n_{STAND_IN_NOTE}_\n",
        STATISTICS_METRICS.len()
    ));

    let mut record = Map::new();
    record.insert("id".into(), diocese.id.into());
    record.insert("name".into(), diocese.name.into());
    record.insert("rows".into(), Value::Array(diocese.rows()));
    record.insert("note".into(), STAND_IN_NOTE.into());
    LookupAnswer { summary, record }
}

fn metric(row: &Map<String, Value>, name: &str) -> i64 {
    row.get(name).and_then(Value::as_i64).unwrap_or(0)
}
