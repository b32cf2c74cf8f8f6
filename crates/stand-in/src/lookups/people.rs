//! `person_lookup`: clergy other than popes (cardinals, archbishops, bishops).
//!
//! Mostly historical office holders, whose facts no longer change.

use serde_json::Map;

use super::matching::{impl_entry, Entry};
use super::{date_text, opt_int, opt_str, LookupAnswer};

#[derive(Debug)]
pub(super) struct Person {
    pub(super) id: &'static str,
    pub(super) name: &'static str,
    pub(super) aliases: &'static [&'static str],
    /// Highest rank or title: `Cardinal`, `Archbishop`, `Bishop`.
    pub(super) title: &'static str,
    /// Principal office, with its years.
    pub(super) position: &'static str,
    /// Display name of the see of that office.
    pub(super) diocese: &'static str,
    /// Id of that see in the `diocese_lookup` table, when it is there.
    pub(super) diocese_id: Option<&'static str>,
    pub(super) born: &'static str,
    pub(super) birthplace: &'static str,
    pub(super) died: Option<&'static str>,
    pub(super) cardinal_since: Option<i32>,
    pub(super) religious_institute: Option<&'static str>,
}

impl_entry!(Person);

// The rows: data/people.toml, made into `PEOPLE` by the build script (build/lookups.rs).
include!(concat!(env!("OUT_DIR"), "/lookup_people.rs"));

/// The answer for one member of the clergy.
pub(super) fn answer(person: &Person) -> LookupAnswer {
    let mut summary = format!("## {} {}\n\n", person.title, person.name);
    summary.push_str(&format!("- **Position:** {}\n", person.position));
    summary.push_str(&format!(
        "- **Born:** {}, {}\n",
        date_text(person.born),
        person.birthplace
    ));
    if let Some(died) = person.died {
        summary.push_str(&format!("- **Died:** {}\n", date_text(died)));
    }
    if let Some(year) = person.cardinal_since {
        summary.push_str(&format!("- **Created cardinal:** {year}\n"));
    }
    if let Some(institute) = person.religious_institute {
        summary.push_str(&format!("- **Religious institute:** {institute}\n"));
    }

    let mut record = Map::new();
    record.insert("id".into(), person.id.into());
    record.insert("name".into(), person.name.into());
    record.insert("title".into(), person.title.into());
    record.insert("position".into(), person.position.into());
    record.insert("diocese".into(), person.diocese.into());
    record.insert("diocese_id".into(), opt_str(person.diocese_id));
    record.insert("born".into(), person.born.into());
    record.insert("birthplace".into(), person.birthplace.into());
    record.insert("died".into(), opt_str(person.died));
    record.insert("cardinal_since".into(), opt_int(person.cardinal_since));
    record.insert(
        "religious_institute".into(),
        opt_str(person.religious_institute),
    );
    LookupAnswer { summary, record }
}
