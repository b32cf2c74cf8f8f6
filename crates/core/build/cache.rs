//! The answer cache's policy a person edits (`data/cache.toml`), checked row by row and turned
//! into a static table in OUT_DIR (`cache_policy.rs`), so a bad row fails the build with its line.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

/// The service's skills (`Skill::ALL`), with the keys each one's input allows.
const SKILLS: [(&str, &str, &[&str]); 10] = [
    ("catholic_qa", "CatholicQa", &["query"]),
    ("document_search", "DocumentSearch", &["query"]),
    ("document_fetch", "DocumentFetch", &["id"]),
    ("liturgical_readings", "LiturgicalReadings", &["date"]),
    ("saints_of_the_day", "SaintsOfTheDay", &["date"]),
    ("saint_lookup", "SaintLookup", &["query"]),
    ("person_lookup", "PersonLookup", &["query"]),
    ("pope_lookup", "PopeLookup", &["query"]),
    ("diocese_lookup", "DioceseLookup", &["query"]),
    (
        "diocese_statistics_lookup",
        "DioceseStatisticsLookup",
        &["query"],
    ),
];

/// A year: the longest lifetime a row may set (the Cache API keeps nothing longer anyway).
const MAX_SECONDS: u64 = 365 * 86_400;

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    key: String,
    fresh_seconds: u64,
    stale_seconds: u64,
}

/// A data error: the message and where (a byte offset into the file), when known.
struct DataError(String, Option<usize>);

fn to_rust(text: &str) -> Result<String, DataError> {
    let rows: BTreeMap<String, Row> = toml::from_str(text)
        .map_err(|e| DataError(e.message().to_owned(), e.span().map(|s| s.start)))?;
    let mut code = String::from(
        "/// The table of `data/cache.toml`, one rule per skill.\npub static RULES: [Rule; 10] = [\n",
    );
    for (id, variant, keys) in SKILLS {
        let row = rows
            .get(id)
            .ok_or_else(|| DataError(format!("no row for skill `{id}`"), None))?;
        let here = |message: String| {
            DataError(format!("[{id}]: {message}"), text.find(&format!("[{id}]")))
        };
        if !keys.contains(&row.key.as_str()) {
            return Err(here(format!(
                "key `{}`: this skill's key is one of {keys:?}",
                row.key
            )));
        }
        if row.fresh_seconds > MAX_SECONDS || row.stale_seconds > MAX_SECONDS {
            return Err(here(format!("a lifetime over a year ({MAX_SECONDS} s)")));
        }
        let key = match row.key.as_str() {
            "date" => "Date",
            "id" => "Id",
            _ => "Query",
        };
        writeln!(
            code,
            "    Rule {{ skill: Skill::{variant}, key: KeyKind::{key}, fresh_secs: {}, stale_secs: {} }},",
            row.fresh_seconds, row.stale_seconds
        )
        .expect("a String takes any write");
    }
    if let Some(unknown) = rows
        .keys()
        .find(|id| !SKILLS.iter().any(|(s, _, _)| s == id))
    {
        return Err(DataError(
            format!("[{unknown}]: no such skill"),
            text.find(&format!("[{unknown}]")),
        ));
    }
    code.push_str("];\n");
    Ok(code)
}

/// Checks `data/cache.toml` and writes `cache_policy.rs` into `out`; a bad row fails the build
/// with `path:line: message` (as the file's other failures do).
pub fn write(out: &Path) {
    let path = "data/cache.toml";
    println!("cargo:rerun-if-changed={path}");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    match to_rust(&text) {
        Ok(code) => {
            let file = out.join("cache_policy.rs");
            std::fs::write(&file, code).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        }
        Err(DataError(message, offset)) => {
            let line = offset.map(|o| text.get(..o).map_or(0, |t| t.matches('\n').count()) + 1);
            match line {
                Some(line) => panic!("{path}:{line}: {message}"),
                None => panic!("{path}: {message}"),
            }
        }
    }
}
