//! Tests of the records and summaries each lookup answers with (a child module of `lookups.rs`).

use super::tests::{all_ids, text};
use super::*;
use std::collections::HashSet;

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
