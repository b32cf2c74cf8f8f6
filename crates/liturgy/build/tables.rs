//! The General Roman Calendar and the Lectionary (data/*.toml) as static tables.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use crate::data::{at, fail, parse, read, write, DataError};

#[path = "../src/ids.rs"]
#[allow(dead_code)]
mod ids;

const CALENDAR: &str = "data/general_roman_calendar.toml";
const LECTIONARY: &str = "data/lectionary.toml";

/// Writes `general_roman_calendar.rs` and `lectionary.rs` into `out`.
pub fn generate(out: &str) {
    for path in [CALENDAR, LECTIONARY, "src/ids.rs"] {
        println!("cargo::rerun-if-changed={path}");
    }
    let calendar = read(CALENDAR);
    let (celebrations, ids) =
        calendar_rs(&calendar).unwrap_or_else(|e| fail(CALENDAR, &calendar, e));
    let lectionary = read(LECTIONARY);
    let readings =
        lectionary_rs(&lectionary, &ids).unwrap_or_else(|e| fail(LECTIONARY, &lectionary, e));
    write(out, "general_roman_calendar.rs", &celebrations);
    write(out, "lectionary.rs", &readings);
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CalendarFile {
    celebration: Vec<Spanned<Row>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    id: String,
    date: Option<String>,
    easter: Option<i64>,
    rank: Rank,
    colour: Colour,
    #[serde(default)]
    lord: bool,
    title: String,
}

#[derive(Deserialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Rank {
    Solemnity,
    Commemoration,
    Feast,
    Memorial,
    OptionalMemorial,
}

#[derive(Deserialize, Debug, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Colour {
    White,
    Red,
    Violet,
    Green,
    Rose,
}

fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && !id.starts_with('_')
        && !id.ends_with('_')
}

/// `MM-DD` of a day that exists in a leap year.
fn month_day(text: &str) -> Option<(u32, u32)> {
    let (m, d) = text.split_once('-')?;
    if m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (m, d): (u32, u32) = (m.parse().ok()?, d.parse().ok()?);
    let days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    (d >= 1 && d <= *days.get(m.checked_sub(1)? as usize)?).then_some((m, d))
}

fn celebration(row: &Row) -> String {
    format!(
        "Celebration {{ id: {:?}, title: {:?}, rank: Rank::{:?}, colour: Colour::{:?}, of_the_lord: {} }}",
        row.id, row.title, row.rank, row.colour, row.lord
    )
}

/// The General Roman Calendar as `FIXED` (by date) and `FROM_EASTER`, and the set of its ids.
fn calendar_rs(text: &str) -> Result<(String, HashSet<String>), DataError> {
    let file: CalendarFile = parse(text)?;
    let mut ids = HashSet::new();
    let mut titles = HashSet::new();
    let mut fixed: Vec<((u32, u32), Vec<String>)> = Vec::new();
    let mut movable = Vec::new();
    for spanned in &file.celebration {
        let (span, row) = (spanned.span(), spanned.get_ref());
        if !is_id(&row.id) {
            return Err(at(
                span,
                format!("id {:?}: lower-case letters, digits and _ only", row.id),
            ));
        }
        if !ids.insert(row.id.clone()) {
            return Err(at(span, format!("id {:?} is used twice", row.id)));
        }
        if row.title.trim().is_empty() || row.title.contains(['|', '\n']) {
            return Err(at(
                span,
                "a title is one line of text without `|` (it goes into a Markdown table)",
            ));
        }
        if !titles.insert(row.title.clone()) {
            return Err(at(span, format!("title {:?} is used twice", row.title)));
        }
        if row.lord && row.rank != Rank::Feast {
            return Err(at(span, "`lord = true` is for feasts only"));
        }
        match (&row.date, row.easter) {
            (Some(date), None) => {
                let key = month_day(date).ok_or_else(|| {
                    at(
                        span.clone(),
                        format!("date {date:?}: expected an existing \"MM-DD\""),
                    )
                })?;
                match fixed.last_mut() {
                    Some((last, list)) if *last == key => list.push(celebration(row)),
                    Some((last, _)) if *last > key => {
                        return Err(at(span, format!("{date} is out of date order")))
                    }
                    _ => fixed.push((key, vec![celebration(row)])),
                }
            }
            (None, Some(days)) if (1..=100).contains(&days) => {
                movable.push(format!("({days}, {})", celebration(row)))
            }
            _ => {
                return Err(at(
                    span,
                    "give either `date = \"MM-DD\"` or `easter = N` (1–100 days after Easter)",
                ))
            }
        }
    }
    for spanned in &file.celebration {
        let row = spanned.get_ref();
        let Some(key) = row.date.as_deref().and_then(month_day) else {
            continue;
        };
        let above_optional = file
            .celebration
            .iter()
            .filter(|o| o.get_ref().date.as_deref().and_then(month_day) == Some(key))
            .filter(|o| o.get_ref().rank != Rank::OptionalMemorial)
            .count();
        if above_optional > 1 {
            return Err(at(
                spanned.span(),
                "a day has at most one celebration above an optional memorial",
            ));
        }
    }
    let mut code = String::from(
        "// Generated by crates/liturgy/build from data/general_roman_calendar.toml.\n\n",
    );
    code.push_str("/// The fixed-date celebrations by (month, day), in date order, one entry per day that has any.\npub static FIXED: &[(u32, u32, &[Celebration])] = &[\n");
    for ((m, d), list) in &fixed {
        let _ = writeln!(code, "    ({m}, {d}, &[{}]),", list.join(", "));
    }
    code.push_str("];\n\n/// The obligatory memorials that move with Easter: (days after Easter Sunday, celebration).\npub static FROM_EASTER: &[(i64, Celebration)] = &[\n");
    for line in movable {
        let _ = writeln!(code, "    {line},");
    }
    code.push_str("];\n");
    Ok((code, ids))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    #[serde(default)]
    vigil: bool,
    all: Option<Readings>,
    #[serde(rename = "A")]
    a: Option<Readings>,
    #[serde(rename = "B")]
    b: Option<Readings>,
    #[serde(rename = "C")]
    c: Option<Readings>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Readings {
    first: String,
    psalm: String,
    second: Option<String>,
    gospel: String,
    note: Option<String>,
}

fn readings_rs(r: &Readings, vigil: bool) -> String {
    format!(
        "Readings {{ first: {:?}, psalm: {:?}, second: {:?}, gospel: {:?}, note: {:?}, vigil: {vigil} }}",
        r.first, r.psalm, r.second, r.gospel, r.note
    )
}

/// The Lectionary as `LECTIONARY`, sorted by id for a binary search; every key is an id of the
/// calendar or of the Proper of Time.
fn lectionary_rs(text: &str, calendar_ids: &HashSet<String>) -> Result<String, DataError> {
    let file: BTreeMap<Spanned<String>, Spanned<Entry>> = parse(text)?;
    let mut code =
        String::from("// Generated by crates/liturgy/build from data/lectionary.toml.\n\n");
    code.push_str("/// Readings by celebration id (sorted), for Sunday cycles A, B and C.\npub static LECTIONARY: &[(&str, [Readings; 3])] = &[\n");
    for (key, entry) in &file {
        let (id, span) = (key.get_ref(), key.span());
        if !calendar_ids.contains(id) && !ids::is_proper_of_time_id(id) {
            return Err(at(span, format!("[{id}] is neither a celebration of general_roman_calendar.toml nor a day of the Proper of Time")));
        }
        let e = entry.get_ref();
        let cycles = match (&e.all, &e.a, &e.b, &e.c) {
            (Some(all), None, None, None) => [all, all, all],
            (None, Some(a), Some(b), Some(c)) => [a, b, c],
            _ => {
                return Err(at(
                    entry.span(),
                    format!("[{id}] needs either `all` or all of `A`, `B` and `C`"),
                ))
            }
        };
        for r in cycles {
            let texts = [
                Some(&r.first),
                Some(&r.psalm),
                r.second.as_ref(),
                Some(&r.gospel),
                r.note.as_ref(),
            ];
            if texts
                .into_iter()
                .flatten()
                .any(|t| t.trim().is_empty() || t.contains('\n'))
            {
                return Err(at(
                    entry.span(),
                    format!("[{id}]: every reference is one non-empty line"),
                ));
            }
        }
        let sets: Vec<String> = cycles.iter().map(|r| readings_rs(r, e.vigil)).collect();
        let _ = writeln!(code, "    ({id:?}, [{}]),", sets.join(", "));
    }
    code.push_str("];\n");
    Ok(code)
}
