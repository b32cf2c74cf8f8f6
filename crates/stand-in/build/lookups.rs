//! The stand-in's lookup records (src/lookups/data/*.toml) as static tables: each
//! file's rows become struct literals of the table's type, checked field by field against the
//! table's schema below.

use std::collections::HashSet;
use std::fmt::Write as _;

use toml::{Spanned, Table, Value};

use crate::data::{at, convert, parse, DataError};

/// How a field is written in the data and in Rust.
#[derive(Clone, Copy)]
enum Kind {
    /// A string: `"…"`.
    Str,
    /// An optional string: omitted, or `"…"`.
    OptStr,
    /// A list of strings: `["…", …]`.
    Strs,
    /// An integer.
    Int,
    /// An optional integer.
    OptInt,
    /// `true` or `false`.
    Bool,
    /// An optional `"MM-DD"`, as `Some((month, day))`.
    OptMonthDay,
    /// One of the listed words, as the Rust path beside it.
    Enum(&'static [(&'static str, &'static str)]),
    /// A table of the 16 statistics of a diocese, as `Figures { … }`.
    Figures,
}

use Kind::*;

struct Schema {
    file: &'static str,
    /// The name of each row: `[[saint]]`.
    row: &'static str,
    /// `pub(super) static SAINTS: &[Saint]`.
    name: &'static str,
    type_name: &'static str,
    fields: &'static [(&'static str, Kind)],
}

const FIGURES: [&str; 16] = [
    "catholics",
    "total_population",
    "parishes",
    "diocesan_priests",
    "religious_priests",
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
];

const TABLES: [Schema; 4] = [
    Schema {
        file: "saints",
        row: "saint",
        name: "SAINTS",
        type_name: "Saint",
        fields: &[
            ("id", Str),
            ("name", Str),
            ("aliases", Strs),
            (
                "status",
                Enum(&[
                    ("saint", "Status::Saint"),
                    ("blessed", "Status::Blessed"),
                    ("venerable", "Status::Venerable"),
                    ("servant_of_god", "Status::ServantOfGod"),
                ]),
            ),
            ("feast", OptMonthDay),
            ("birth_year", OptInt),
            ("death_year", OptInt),
            ("lived", Str),
            ("status_since", OptInt),
            ("patronages", Strs),
            ("description", Str),
        ],
    },
    Schema {
        file: "popes",
        row: "pope",
        name: "POPES",
        type_name: "Pope",
        fields: &[
            ("id", Str),
            ("name", Str),
            ("aliases", Strs),
            ("ordinal", Int),
            ("start", Str),
            ("end", OptStr),
            (
                "end_reason",
                Enum(&[
                    ("reigning", "EndReason::Reigning"),
                    ("death", "EndReason::Death"),
                    ("resignation", "EndReason::Resignation"),
                ]),
            ),
            ("approximate", Bool),
            ("birth_name", Str),
            ("born", OptStr),
            ("born_note", Str),
            ("birthplace", Str),
            ("died", OptStr),
            ("sainthood", OptStr),
        ],
    },
    Schema {
        file: "people",
        row: "person",
        name: "PEOPLE",
        type_name: "Person",
        fields: &[
            ("id", Str),
            ("name", Str),
            ("aliases", Strs),
            ("title", Str),
            ("position", Str),
            ("diocese", Str),
            ("diocese_id", OptStr),
            ("born", Str),
            ("birthplace", Str),
            ("died", OptStr),
            ("cardinal_since", OptInt),
            ("religious_institute", OptStr),
        ],
    },
    Schema {
        file: "dioceses",
        row: "diocese",
        name: "DIOCESES",
        type_name: "Diocese",
        fields: &[
            ("id", Str),
            ("name", Str),
            ("aliases", Strs),
            ("kind", Str),
            ("country", Str),
            ("rite", Str),
            ("church", Str),
            ("see_city", Str),
            ("established", OptInt),
            ("established_text", Str),
            ("cathedral", Str),
            ("ordinary", Str),
            ("base", Figures),
            ("trend", Figures),
        ],
    },
];

/// Writes `lookup_<file>.rs` into `out` for every table.
pub fn generate(out: &str) {
    for schema in &TABLES {
        let path = format!("src/lookups/data/{}.toml", schema.file);
        let name = format!("lookup_{}.rs", schema.file);
        convert(out, &path, &name, |text| table_rs(schema, text));
    }
}

fn table_rs(schema: &Schema, text: &str) -> Result<String, DataError> {
    let file: std::collections::BTreeMap<String, Vec<Spanned<Table>>> = parse(text)?;
    let rows = match file.get(schema.row) {
        Some(rows) if file.len() == 1 => rows,
        _ => {
            return Err(DataError(
                format!("expected only [[{}]] rows", schema.row),
                None,
            ))
        }
    };
    let mut code = format!(
        "// Generated by crates/stand-in/build/lookups.rs from src/lookups/data/{}.toml.\n\npub(super) static {}: &[{}] = &[\n",
        schema.file, schema.name, schema.type_name
    );
    let mut ids = HashSet::new();
    for row in rows {
        let (span, table) = (row.span(), row.get_ref());
        if let Some(unknown) = table
            .keys()
            .find(|k| !schema.fields.iter().any(|(f, _)| f == k))
        {
            return Err(at(span, format!("unknown field `{unknown}`")));
        }
        let mut fields = Vec::new();
        for (name, kind) in schema.fields {
            let value = field(table.get(*name), *kind)
                .map_err(|m| at(span.clone(), format!("`{name}`: {m}")))?;
            fields.push(format!("{name}: {value}"));
        }
        let id = table.get("id").and_then(Value::as_str).unwrap_or_default();
        if id.is_empty() || !ids.insert(id.to_owned()) {
            return Err(at(span, format!("id {id:?} is empty or used twice")));
        }
        let _ = writeln!(
            code,
            "    {} {{ {} }},",
            schema.type_name,
            fields.join(", ")
        );
    }
    code.push_str("];\n");
    Ok(code)
}

/// The Rust literal of one field.
fn field(value: Option<&Value>, kind: Kind) -> Result<String, String> {
    let text = |v: &Value| {
        v.as_str()
            .map(|s| format!("{s:?}"))
            .ok_or("expected a string")
    };
    Ok(match (kind, value) {
        (OptStr | OptInt | OptMonthDay, None) => "None".to_owned(),
        (_, None) => return Err("missing".to_owned()),
        (Str, Some(v)) => text(v)?,
        (OptStr, Some(v)) => format!("Some({})", text(v)?),
        (Strs, Some(v)) => {
            let items = v.as_array().ok_or("expected a list of strings")?;
            let items: Result<Vec<String>, _> = items.iter().map(text).collect();
            format!("&[{}]", items?.join(", "))
        }
        (Int, Some(v)) => v.as_integer().ok_or("expected an integer")?.to_string(),
        (OptInt, Some(v)) => format!("Some({})", v.as_integer().ok_or("expected an integer")?),
        (Bool, Some(v)) => v.as_bool().ok_or("expected true or false")?.to_string(),
        (OptMonthDay, Some(v)) => {
            let (m, d) = v
                .as_str()
                .and_then(|s| s.split_once('-'))
                .and_then(|(m, d)| Some((m.parse::<u8>().ok()?, d.parse::<u8>().ok()?)))
                .filter(|(m, d)| (1..=12).contains(m) && (1..=31).contains(d))
                .ok_or("expected \"MM-DD\"")?;
            format!("Some(({m}, {d}))")
        }
        (Enum(words), Some(v)) => {
            let word = v.as_str().ok_or("expected a string")?;
            let path = words.iter().find(|(w, _)| *w == word).map(|(_, p)| *p);
            let allowed: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
            path.ok_or_else(|| format!("{word:?} is not one of {}", allowed.join(", ")))?
                .to_owned()
        }
        (Figures, Some(v)) => {
            let table = v
                .as_table()
                .ok_or("expected a table of the 16 statistics")?;
            if table.len() != FIGURES.len() || !FIGURES.iter().all(|k| table.contains_key(*k)) {
                return Err(format!("expected exactly {}", FIGURES.join(", ")));
            }
            let values: Result<Vec<String>, String> = FIGURES
                .iter()
                .map(|k| {
                    Ok(format!(
                        "{k}: {}",
                        table
                            .get(*k)
                            .and_then(Value::as_integer)
                            .ok_or(format!("{k}: expected an integer"))?
                    ))
                })
                .collect();
            format!("Figures {{ {} }}", values?.join(", "))
        }
    })
}
