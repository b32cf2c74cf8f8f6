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

pub(super) static DIOCESES: &[Diocese] = &[
    Diocese {
        id: "droma",
        name: "Diocese of Rome",
        aliases: &["Roma", "Vicariate of Rome"],
        kind: "diocese",
        country: "Italy",
        rite: "Latin",
        church: "Latin Church",
        see_city: "Rome",
        established: None,
        established_text: "1st century (apostolic see)",
        cathedral: "Archbasilica of St. John Lateran",
        ordinary: "Pope Leo XIV",
        base: Figures {
            catholics: 2_480_000,
            total_population: 2_950_000,
            parishes: 336,
            diocesan_priests: 1_240,
            religious_priests: 3_560,
            permanent_deacons: 142,
            male_religious: 4_900,
            female_religious: 17_800,
            seminarians: 340,
            infant_baptisms: 11_800,
            adult_baptisms: 260,
            first_communions: 15_200,
            confirmations: 12_100,
            marriages: 3_300,
            schools: 520,
            students: 104_000,
        },
        trend: Figures {
            catholics: -8_000,
            total_population: -12_000,
            parishes: -1,
            diocesan_priests: -15,
            religious_priests: -40,
            permanent_deacons: 3,
            male_religious: -60,
            female_religious: -350,
            seminarians: -8,
            infant_baptisms: -450,
            adult_baptisms: 5,
            first_communions: -400,
            confirmations: -350,
            marriages: -120,
            schools: -4,
            students: -1_500,
        },
    },
    Diocese {
        id: "dwestminster",
        name: "Archdiocese of Westminster",
        aliases: &[],
        kind: "archdiocese",
        country: "United Kingdom",
        rite: "Latin",
        church: "Latin Church",
        see_city: "London",
        established: Some(1850),
        established_text: "1850 (restoration of the English hierarchy)",
        cathedral: "Westminster Cathedral",
        ordinary: "Cardinal Vincent Nichols",
        base: Figures {
            catholics: 432_000,
            total_population: 4_830_000,
            parishes: 214,
            diocesan_priests: 320,
            religious_priests: 245,
            permanent_deacons: 58,
            male_religious: 360,
            female_religious: 690,
            seminarians: 42,
            infant_baptisms: 5_600,
            adult_baptisms: 420,
            first_communions: 6_100,
            confirmations: 3_600,
            marriages: 780,
            schools: 207,
            students: 101_000,
        },
        trend: Figures {
            catholics: -3_000,
            total_population: 25_000,
            parishes: -1,
            diocesan_priests: -5,
            religious_priests: -4,
            permanent_deacons: 1,
            male_religious: -6,
            female_religious: -15,
            seminarians: -1,
            infant_baptisms: -200,
            adult_baptisms: 10,
            first_communions: -150,
            confirmations: -100,
            marriages: -30,
            schools: 0,
            students: 300,
        },
    },
    Diocese {
        id: "dchicago",
        name: "Archdiocese of Chicago",
        aliases: &[],
        kind: "archdiocese",
        country: "United States",
        rite: "Latin",
        church: "Latin Church",
        see_city: "Chicago",
        established: Some(1843),
        established_text: "1843 (archdiocese since 1880)",
        cathedral: "Holy Name Cathedral",
        ordinary: "Cardinal Blase J. Cupich",
        base: Figures {
            catholics: 2_150_000,
            total_population: 5_990_000,
            parishes: 316,
            diocesan_priests: 720,
            religious_priests: 520,
            permanent_deacons: 820,
            male_religious: 640,
            female_religious: 1_850,
            seminarians: 98,
            infant_baptisms: 21_500,
            adult_baptisms: 1_150,
            first_communions: 20_400,
            confirmations: 17_300,
            marriages: 3_900,
            schools: 205,
            students: 71_000,
        },
        trend: Figures {
            catholics: -18_000,
            total_population: -8_000,
            parishes: -22,
            diocesan_priests: -14,
            religious_priests: -10,
            permanent_deacons: -6,
            male_religious: -12,
            female_religious: -60,
            seminarians: -3,
            infant_baptisms: -900,
            adult_baptisms: -20,
            first_communions: -700,
            confirmations: -600,
            marriages: -110,
            schools: -6,
            students: -2_100,
        },
    },
    Diocese {
        id: "dlosangeles",
        name: "Archdiocese of Los Angeles",
        aliases: &[],
        kind: "archdiocese",
        country: "United States",
        rite: "Latin",
        church: "Latin Church",
        see_city: "Los Angeles",
        established: Some(1840),
        established_text: "1840 (as the Diocese of Both Californias; archdiocese since 1936)",
        cathedral: "Cathedral of Our Lady of the Angels",
        ordinary: "Archbishop José H. Gomez",
        base: Figures {
            catholics: 4_240_000,
            total_population: 11_520_000,
            parishes: 288,
            diocesan_priests: 590,
            religious_priests: 505,
            permanent_deacons: 385,
            male_religious: 610,
            female_religious: 1_720,
            seminarians: 92,
            infant_baptisms: 41_000,
            adult_baptisms: 2_600,
            first_communions: 36_500,
            confirmations: 25_800,
            marriages: 7_100,
            schools: 266,
            students: 76_500,
        },
        trend: Figures {
            catholics: -20_000,
            total_population: -30_000,
            parishes: 0,
            diocesan_priests: -8,
            religious_priests: -7,
            permanent_deacons: 4,
            male_religious: -8,
            female_religious: -45,
            seminarians: -2,
            infant_baptisms: -1_800,
            adult_baptisms: -40,
            first_communions: -1_200,
            confirmations: -800,
            marriages: -220,
            schools: -3,
            students: -1_800,
        },
    },
    Diocese {
        id: "dkrakow",
        name: "Archdiocese of Kraków",
        aliases: &["Cracow", "Krakau"],
        kind: "archdiocese",
        country: "Poland",
        rite: "Latin",
        church: "Latin Church",
        see_city: "Kraków",
        established: Some(1000),
        established_text: "1000 (archdiocese since 1925)",
        cathedral: "Wawel Cathedral",
        ordinary: "Archbishop Marek Jędraszewski",
        base: Figures {
            catholics: 1_512_000,
            total_population: 1_560_000,
            parishes: 448,
            diocesan_priests: 1_010,
            religious_priests: 820,
            permanent_deacons: 6,
            male_religious: 1_120,
            female_religious: 2_310,
            seminarians: 84,
            infant_baptisms: 14_300,
            adult_baptisms: 45,
            first_communions: 14_600,
            confirmations: 13_200,
            marriages: 5_900,
            schools: 72,
            students: 15_400,
        },
        trend: Figures {
            catholics: -4_000,
            total_population: 2_000,
            parishes: 1,
            diocesan_priests: -8,
            religious_priests: -10,
            permanent_deacons: 1,
            male_religious: -15,
            female_religious: -40,
            seminarians: -6,
            infant_baptisms: -550,
            adult_baptisms: 2,
            first_communions: -300,
            confirmations: -400,
            marriages: -200,
            schools: 1,
            students: 150,
        },
    },
    Diocese {
        id: "dmanila",
        name: "Archdiocese of Manila",
        aliases: &["Maynila"],
        kind: "archdiocese",
        country: "Philippines",
        rite: "Latin",
        church: "Latin Church",
        see_city: "Manila",
        established: Some(1579),
        established_text: "1579 (archdiocese since 1595)",
        cathedral: "Manila Cathedral",
        ordinary: "Cardinal Jose F. Advincula",
        base: Figures {
            catholics: 2_720_000,
            total_population: 3_260_000,
            parishes: 89,
            diocesan_priests: 205,
            religious_priests: 430,
            permanent_deacons: 4,
            male_religious: 820,
            female_religious: 1_540,
            seminarians: 148,
            infant_baptisms: 46_000,
            adult_baptisms: 820,
            first_communions: 25_500,
            confirmations: 20_200,
            marriages: 9_100,
            schools: 182,
            students: 121_000,
        },
        trend: Figures {
            catholics: 10_000,
            total_population: 20_000,
            parishes: 1,
            diocesan_priests: 3,
            religious_priests: -2,
            permanent_deacons: 0,
            male_religious: -5,
            female_religious: -10,
            seminarians: -2,
            infant_baptisms: -1_000,
            adult_baptisms: 10,
            first_communions: -300,
            confirmations: -200,
            marriages: -150,
            schools: 0,
            students: -800,
        },
    },
    Diocese {
        id: "dmilano",
        name: "Archdiocese of Milan",
        aliases: &["Milano", "Ambrosian archdiocese"],
        kind: "archdiocese",
        country: "Italy",
        rite: "Latin",
        church: "Latin Church",
        see_city: "Milan",
        established: None,
        established_text: "by the 4th century (Ambrose became bishop in 374)",
        cathedral: "Milan Cathedral (Duomo di Milano)",
        ordinary: "Archbishop Mario Delpini",
        base: Figures {
            catholics: 4_970_000,
            total_population: 5_480_000,
            parishes: 1_104,
            diocesan_priests: 1_900,
            religious_priests: 710,
            permanent_deacons: 152,
            male_religious: 1_290,
            female_religious: 5_450,
            seminarians: 118,
            infant_baptisms: 30_500,
            adult_baptisms: 310,
            first_communions: 38_200,
            confirmations: 35_400,
            marriages: 6_900,
            schools: 1_010,
            students: 152_000,
        },
        trend: Figures {
            catholics: -15_000,
            total_population: 5_000,
            parishes: -2,
            diocesan_priests: -25,
            religious_priests: -12,
            permanent_deacons: 3,
            male_religious: -20,
            female_religious: -130,
            seminarians: -4,
            infant_baptisms: -1_200,
            adult_baptisms: 5,
            first_communions: -900,
            confirmations: -800,
            marriages: -200,
            schools: -6,
            students: -1_500,
        },
    },
    Diocese {
        id: "dphiladelphiaukr",
        name: "Ukrainian Catholic Archeparchy of Philadelphia",
        aliases: &[
            "Philadelphia (Ukrainian)",
            "Ukrainian Archeparchy of Philadelphia",
        ],
        kind: "archeparchy",
        country: "United States",
        rite: "Byzantine",
        church: "Ukrainian Greek Catholic Church",
        see_city: "Philadelphia",
        established: Some(1913),
        established_text: "1913 (as an apostolic exarchate; archeparchy since 1958)",
        cathedral: "Cathedral of the Immaculate Conception, Philadelphia",
        ordinary: "Metropolitan Archbishop Borys Gudziak",
        base: Figures {
            catholics: 14_200,
            total_population: 45_600_000,
            parishes: 66,
            diocesan_priests: 58,
            religious_priests: 9,
            permanent_deacons: 16,
            male_religious: 12,
            female_religious: 38,
            seminarians: 7,
            infant_baptisms: 160,
            adult_baptisms: 12,
            first_communions: 25,
            confirmations: 172,
            marriages: 40,
            schools: 9,
            students: 1_600,
        },
        trend: Figures {
            catholics: -300,
            total_population: 100_000,
            parishes: -1,
            diocesan_priests: -1,
            religious_priests: 0,
            permanent_deacons: 0,
            male_religious: 0,
            female_religious: -2,
            seminarians: 0,
            infant_baptisms: -5,
            adult_baptisms: 0,
            first_communions: -1,
            confirmations: -5,
            marriages: -1,
            schools: 0,
            students: -50,
        },
    },
];

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
