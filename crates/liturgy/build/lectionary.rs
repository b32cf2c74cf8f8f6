//! The Lectionary (data/lectionary.toml and data/lectionary/*.toml) as one text table,
//! `lectionary.txt` in OUT_DIR, checking every row: the native crate includes it, the JavaScript
//! entry ships it as a separate file that `loadLectionary()` hands to the wasm (src/lectionary/).
//!
//! One line a set of readings, sorted by key, fields separated by tabs:
//! `key  cycle  flags  number  first  psalm  second  gospel  note` and the machine form (OSIS,
//! build/refs.rs) of `first  psalm  second  gospel`, where `cycle` is empty (every year),
//! `A`/`B`/`C` or `I`/`II`, and `flags` is empty, `v` (the Easter Vigil) or `m` (another Mass of
//! the day, from masses.toml).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use crate::data::{at, fail, parse, read, write, DataError};
use crate::tables::{ids, Rank, Row};

const SUNDAYS: &str = "data/lectionary.toml";
const WEEKDAYS: &str = "data/lectionary/weekdays.toml";
const SAINTS: &str = "data/lectionary/saints.toml";
const MASSES: &str = "data/lectionary/masses.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    /// The Lectionary number (USCCB), where the file gives it.
    number: Option<u32>,
    #[serde(default)]
    vigil: bool,
    all: Option<Readings>,
    #[serde(rename = "A")]
    a: Option<Readings>,
    #[serde(rename = "B")]
    b: Option<Readings>,
    #[serde(rename = "C")]
    c: Option<Readings>,
    #[serde(rename = "I")]
    one: Option<Readings>,
    #[serde(rename = "II")]
    two: Option<Readings>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Readings {
    /// The Lectionary number of this cycle's set, where it differs by cycle (Sundays).
    number: Option<u32>,
    first: String,
    psalm: String,
    second: Option<String>,
    gospel: String,
    note: Option<String>,
}

type File = BTreeMap<Spanned<String>, Spanned<Entry>>;

/// Writes `lectionary.txt` into `out`; `rows` are the General Roman Calendar's celebrations.
pub fn generate(out: &str, rows: &[Row]) {
    for path in [SUNDAYS, WEEKDAYS, SAINTS, MASSES] {
        println!("cargo::rerun-if-changed={path}");
    }
    let titles: HashMap<&str, (&str, Rank)> = rows
        .iter()
        .map(|r| (r.id.as_str(), (r.title.as_str(), r.rank)))
        .collect();
    let mut lines: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut seen = HashSet::new();
    for path in [SUNDAYS, WEEKDAYS, SAINTS] {
        let text = read(path);
        let file: File = parse(&text).unwrap_or_else(|e| fail(path, &text, e));
        for (key, entry) in &file {
            let id = key.get_ref();
            let known = match path {
                WEEKDAYS => ids::is_proper_of_time_id(id),
                SAINTS => titles.contains_key(id.as_str()),
                _ => titles.contains_key(id.as_str()) || ids::is_proper_of_time_id(id),
            };
            if !known {
                let e = at(key.span(), format!("[{id}] is not a day this file may name (general_roman_calendar.toml or the Proper of Time)"));
                fail(path, &text, e);
            }
            if !seen.insert(id.clone()) {
                fail(
                    path,
                    &text,
                    at(key.span(), format!("[{id}] is given twice")),
                );
            }
            let flags = if entry.get_ref().vigil { "v" } else { "" };
            // A memorial's readings are an option beside the weekday's: named by its title.
            let title = titles
                .get(id.as_str())
                .filter(|(_, rank)| matches!(rank, Rank::Memorial | Rank::OptionalMemorial))
                .map(|(title, _)| *title);
            let set = sets(id, entry.get_ref(), flags, title)
                .unwrap_or_else(|m| fail(path, &text, at(entry.span(), m)));
            lines.entry(id.clone()).or_default().extend(set);
        }
    }
    let text = read(MASSES);
    let masses: BTreeMap<Spanned<String>, Vec<Spanned<Entry>>> =
        parse(&text).unwrap_or_else(|e| fail(MASSES, &text, e));
    for (key, entries) in &masses {
        let id = key.get_ref();
        if !lines.contains_key(id) {
            fail(
                MASSES,
                &text,
                at(
                    key.span(),
                    format!("[[{id}]]: the day's own Mass is in no other file of the Lectionary"),
                ),
            );
        }
        for entry in entries {
            let set = sets(id, entry.get_ref(), "m", None)
                .unwrap_or_else(|m| fail(MASSES, &text, at(entry.span(), m)));
            if entry
                .get_ref()
                .all
                .as_ref()
                .and_then(|r| r.note.as_ref())
                .is_none()
            {
                fail(
                    MASSES,
                    &text,
                    at(
                        entry.span(),
                        format!("[[{id}]]: another Mass needs a `note` naming it"),
                    ),
                );
            }
            lines.entry(id.clone()).or_default().extend(set);
        }
    }
    for row in rows {
        let principal = matches!(
            row.rank,
            Rank::Solemnity | Rank::Feast | Rank::Commemoration
        );
        if principal && !lines.contains_key(&row.id) {
            let message = format!("the {:?} [{}] has no readings", row.rank, row.id);
            fail(SUNDAYS, "", DataError(message, None));
        }
    }
    let mut table = String::new();
    for set in lines.values() {
        for line in set {
            table.push_str(line);
            table.push('\n');
        }
    }
    write(out, "lectionary.txt", &table);
}

/// The lines of one entry: one per cycle (or one for every year).
fn sets(id: &str, e: &Entry, flags: &str, note: Option<&str>) -> Result<Vec<String>, String> {
    let cycles: Vec<(&str, &Readings)> = match (&e.all, &e.a, &e.b, &e.c, &e.one, &e.two) {
        (Some(all), None, None, None, None, None) => vec![("", all)],
        (None, Some(a), Some(b), Some(c), None, None) => vec![("A", a), ("B", b), ("C", c)],
        (None, None, None, None, Some(one), Some(two)) => vec![("I", one), ("II", two)],
        _ => {
            return Err(format!(
                "[{id}] needs either `all`, or `A`, `B` and `C`, or `I` and `II`"
            ))
        }
    };
    let mut out = Vec::new();
    for (cycle, r) in cycles {
        let number = r
            .number
            .or(e.number)
            .map(|n| n.to_string())
            .unwrap_or_default();
        let note = r
            .note
            .clone()
            .or(note.map(str::to_owned))
            .unwrap_or_default();
        let second = r.second.clone().unwrap_or_default();
        let fields = [&r.first, &r.psalm, &second, &r.gospel, &note];
        let bad = |t: &String| t.contains(['\n', '\t']) || t.trim() != t;
        let required = [&r.first, &r.psalm, &r.gospel];
        if fields.iter().any(|t| bad(t))
            || required.iter().any(|t| t.is_empty())
            || r.second.as_ref().is_some_and(|s| s.is_empty())
        {
            return Err(format!(
                "[{id}]: every reference is one non-empty line without tabs or outer spaces"
            ));
        }
        let mut line = format!("{id}\t{cycle}\t{flags}\t{number}");
        for f in fields {
            let _ = write!(line, "\t{f}");
        }
        for f in [&r.first, &r.psalm, &second, &r.gospel] {
            let machine = match f.is_empty() {
                true => String::new(),
                false => crate::refs::osis(f).map_err(|e| format!("[{id}]: {e}"))?,
            };
            let _ = write!(line, "\t{machine}");
        }
        out.push(line);
    }
    Ok(out)
}
