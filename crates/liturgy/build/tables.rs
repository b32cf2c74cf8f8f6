//! The General Roman Calendar and the Lectionary (data/*.toml) as static tables.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use crate::data::{at, fail, parse, read, write, DataError};

#[path = "../src/ids.rs"]
#[allow(dead_code)]
pub mod ids;

const CALENDAR: &str = "data/general_roman_calendar.toml";

/// The `.toml` files of the folder `dir`, sorted (the build reruns when the folder changes).
pub fn toml_files(dir: &str) -> Vec<String> {
    println!("cargo::rerun-if-changed={dir}");
    let mut paths: Vec<String> = std::fs::read_dir(dir)
        .map(|dir| {
            dir.filter_map(|e| e.ok())
                .map(|e| e.path().display().to_string())
                .filter(|p| p.ends_with(".toml"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
}

/// Writes `general_roman_calendar.rs` into `out`, and the Lectionary (build/lectionary.rs).
pub fn generate(out: &str) {
    for path in [CALENDAR, "src/ids.rs"] {
        println!("cargo::rerun-if-changed={path}");
    }
    let calendar = read(CALENDAR);
    let (celebrations, rows, _ids) =
        calendar_rs(&calendar).unwrap_or_else(|e| fail(CALENDAR, &calendar, e));
    let (calendars, every_id) = crate::calendars::generate(&rows);
    write(out, "calendars.rs", &calendars);
    write(out, "locales.rs", &crate::locales::generate(&every_id));
    write(out, "general_roman_calendar.rs", &celebrations);
    let universal: Vec<Row> = rows.rows.iter().map(|(_, row)| row.clone()).collect();
    crate::lectionary::generate(out, &universal);
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CalendarFile {
    /// The days of obligation besides Sundays (can. 1246 §1), by celebration id.
    holy_days_of_obligation: Vec<String>,
    celebration: Vec<Spanned<Row>>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub id: String,
    pub date: Option<String>,
    pub easter: Option<i64>,
    /// `[month, n]`: the n-th Sunday of that month (n = 1–4), e.g. `[1, 3]`.
    #[serde(default)]
    pub sunday: Option<(u32, u32)>,
    pub rank: Rank,
    pub colour: Colour,
    #[serde(default)]
    pub lord: bool,
    pub title: String,
    /// Set on the rows of a national calendar (its own celebrations, and universal ones whose rank
    /// it changes): the Table of Liturgical Days ranks proper days apart (4, 8, 11).
    #[serde(skip)]
    pub proper: bool,
}

#[derive(Deserialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    Solemnity,
    Commemoration,
    Feast,
    Memorial,
    OptionalMemorial,
}

#[derive(Deserialize, Debug, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    White,
    Red,
    Violet,
    Green,
    Rose,
}

pub fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && !id.starts_with('_')
        && !id.ends_with('_')
}

/// `MM-DD` of a day that exists in a leap year.
pub fn month_day(text: &str) -> Option<(u32, u32)> {
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
        "Celebration {{ id: {:?}, title: {:?}, rank: Rank::{:?}, colour: Colour::{:?}, of_the_lord: {}, proper: {} }}",
        row.id, row.title, row.rank, row.colour, row.lord, row.proper
    )
}

thread_local! {
    /// Every distinct celebration of every calendar, written once as a static (`CEL_n` in the
    /// module `calendars`) that the tables point to: a national calendar shares the universal rows
    /// it keeps unchanged instead of copying them into the wasm.
    static POOL: RefCell<(Vec<String>, HashMap<String, usize>)> = RefCell::default();
}

/// A reference to the pooled static holding the celebration `code`.
fn pooled(code: String) -> String {
    POOL.with(|pool| {
        let (list, index) = &mut *pool.borrow_mut();
        let n = *index.entry(code.clone()).or_insert_with(|| {
            list.push(code);
            list.len() - 1
        });
        format!("&crate::calendars::CEL_{n}")
    })
}

/// The pooled celebrations as statics, for `calendars.rs`.
pub fn pool_rs() -> String {
    POOL.with(|pool| {
        let mut code = String::from(
            "// The celebrations the tables point to (one static each).
",
        );
        for (n, c) in pool.borrow().0.iter().enumerate() {
            let _ = writeln!(code, "pub(crate) static CEL_{n}: Celebration = {c};");
        }
        code
    })
}

/// The General Roman Calendar as `FIXED` (by date) and `FROM_EASTER`, its rows (for the national
/// calendars built on it) and the set of its ids.
fn calendar_rs(text: &str) -> Result<(String, Universal, HashSet<String>), DataError> {
    let file: CalendarFile = parse(text)?;
    let rows: Vec<Located> = file
        .celebration
        .iter()
        .map(|s| (s.span(), s.get_ref().clone()))
        .collect();
    let mut last = (0, 0);
    for (span, row) in &rows {
        if let Some(key) = row.date.as_deref().and_then(month_day) {
            if key < last {
                return Err(at(span.clone(), format!("{key:?} is out of date order")));
            }
            last = key;
        }
    }
    let ids = rows.iter().map(|(_, r)| r.id.clone()).collect();
    let mut code = String::from(
        "// Generated by crates/liturgy/build from data/general_roman_calendar.toml.\n\n",
    );
    let (tables, days) = tables_rs(&rows, "", None)?;
    code.push_str(&tables);
    let universal = Universal {
        rows,
        days,
        holy_days: file.holy_days_of_obligation,
    };
    Ok((code, universal, ids))
}

/// The General Roman Calendar as the national calendars start from it.
pub struct Universal {
    pub rows: Vec<Located>,
    /// Its days as written in `FIXED`, for the national calendars to keep only what differs.
    pub days: Days,
    pub holy_days: Vec<String>,
}

/// The celebrations of each fixed date, as references to pooled statics.
pub type Days = BTreeMap<(u32, u32), Vec<String>>;

/// A row with where it is in its file.
pub type Located = (std::ops::Range<usize>, Row);

/// Checks `rows` (one calendar, universal or national) and writes them as `{prefix}FIXED` (by
/// date, one entry per day that has any, in the order of the rows on each day) and
/// `{prefix}FROM_EASTER`.
pub fn tables_rs(
    rows: &[Located],
    prefix: &str,
    base: Option<&Days>,
) -> Result<(String, Days), DataError> {
    let mut ids = HashSet::new();
    let mut titles = HashSet::new();
    let mut fixed: BTreeMap<(u32, u32), Vec<&Row>> = BTreeMap::new();
    let mut movable = Vec::new();
    let mut sundays = Vec::new();
    for (span, row) in rows {
        let span = span.clone();
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
        match (&row.date, row.easter, row.sunday) {
            (Some(date), None, None) => {
                let key = month_day(date).ok_or_else(|| {
                    at(
                        span.clone(),
                        format!("date {date:?}: expected an existing \"MM-DD\""),
                    )
                })?;
                let day = fixed.entry(key).or_default();
                day.push(row);
                if day
                    .iter()
                    .filter(|r| r.rank != Rank::OptionalMemorial)
                    .count()
                    > 1
                {
                    return Err(at(
                        span,
                        format!("{date}: a day has at most one celebration above an optional memorial (lower or move the other one)"),
                    ));
                }
            }
            (None, Some(days), None) if (1..=100).contains(&days) => {
                movable.push(format!("({days}, {})", pooled(celebration(row))))
            }
            (None, None, Some((m, n))) if (1..=12).contains(&m) && (1..=4).contains(&n) => {
                sundays.push(format!("({m}, {n}, {})", pooled(celebration(row))))
            }
            _ => {
                return Err(at(
                    span,
                    "give one of `date = \"MM-DD\"`, `easter = N` (1–100 days after Easter) or `sunday = [month, n]` (its n-th Sunday, 1–4)",
                ))
            }
        }
    }
    let mut days = Days::new();
    for (key, list) in &fixed {
        // The obligatory celebration first, then the optional memorials in their order.
        let mut list = list.clone();
        list.sort_by_key(|r| r.rank == Rank::OptionalMemorial);
        days.insert(*key, list.iter().map(|r| pooled(celebration(r))).collect());
    }
    // A national calendar keeps only the days that differ from the universal one (an emptied day
    // too): the rest is looked up there.
    let mut emitted: Days = match base {
        None => days.clone(),
        Some(base) => {
            let mut delta: Days = days
                .iter()
                .filter(|(key, list)| base.get(key) != Some(list))
                .map(|(k, l)| (*k, l.clone()))
                .collect();
            for key in base.keys().filter(|k| !days.contains_key(k)) {
                delta.insert(*key, Vec::new());
            }
            delta
        }
    };
    let what = if base.is_some() {
        "that differ from the General Roman Calendar"
    } else {
        "that have any"
    };
    let mut code = format!("/// The fixed-date celebrations by (month, day), in date order, one entry per day {what}.\npub static {prefix}FIXED: &[(u32, u32, &[&Celebration])] = &[\n");
    for ((m, d), list) in std::mem::take(&mut emitted) {
        let _ = writeln!(code, "    ({m}, {d}, &[{}]),", list.join(", "));
    }
    let _ = write!(code, "];\n\n/// The fixed-date solemnities and commemorations (All Souls), whether or not they differ from the General Roman Calendar: the ones a transfer can move.\npub static {prefix}SOLEMNITIES: &[(u32, u32, &Celebration)] = &[\n");
    for ((m, d), list) in &fixed {
        for r in list
            .iter()
            .filter(|r| matches!(r.rank, Rank::Solemnity | Rank::Commemoration))
        {
            let _ = writeln!(code, "    ({m}, {d}, {}),", pooled(celebration(r)));
        }
    }
    let _ = write!(code, "];\n\n/// The celebrations that move with Easter: (days after Easter Sunday, celebration).\npub static {prefix}FROM_EASTER: &[(i64, &Celebration)] = &[\n");
    for line in movable {
        let _ = writeln!(code, "    {line},");
    }
    let _ = write!(code, "];\n\n/// The celebrations of the n-th Sunday of a month: (month, n, celebration).\npub static {prefix}NTH_SUNDAY: &[(u32, u32, &Celebration)] = &[\n");
    for line in sundays {
        let _ = writeln!(code, "    {line},");
    }
    code.push_str("];\n");
    Ok((code, days))
}
