//! `saint_lookup`: saints, blesseds, venerables and servants of God.

use serde_json::Map;

use super::matching::{impl_entry, Entry};
use super::{month_day_text, opt_int, opt_str, str_array, LookupAnswer};

/// Stage of a cause, as the record's `status` string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Status {
    Saint,
    Blessed,
    Venerable,
    ServantOfGod,
}

impl Status {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Status::Saint => "Saint",
            Status::Blessed => "Blessed",
            Status::Venerable => "Venerable",
            Status::ServantOfGod => "Servant of God",
        }
    }

    /// The word for the year in `status_since`.
    fn since_label(self) -> &'static str {
        match self {
            Status::Saint => "Canonised",
            Status::Blessed => "Beatified",
            Status::Venerable => "Declared Venerable",
            Status::ServantOfGod => "Cause opened",
        }
    }
}

#[derive(Debug)]
pub(super) struct Saint {
    pub(super) id: &'static str,
    pub(super) name: &'static str,
    pub(super) aliases: &'static [&'static str],
    pub(super) status: Status,
    /// (month, day) of the memorial in the General Roman Calendar or the proper calendar of the cause;
    /// `None` for venerables and servants of God, who have no liturgical day.
    pub(super) feast: Option<(u8, u8)>,
    pub(super) birth_year: Option<i32>,
    pub(super) death_year: Option<i32>,
    /// Display form of the life span, with `c.` where the years are approximate.
    pub(super) lived: &'static str,
    /// Year the current status was reached (canonisation, beatification, decree, opening of the cause);
    /// `None` for saints from before formal canonisation.
    pub(super) status_since: Option<i32>,
    pub(super) patronages: &'static [&'static str],
    pub(super) description: &'static str,
}

impl_entry!(Saint);

// The rows: data/saints.toml, made into `SAINTS` by the build script (build/lookups.rs).
include!(concat!(env!("OUT_DIR"), "/lookup_saints.rs"));

/// The answer for one saint.
pub(super) fn answer(saint: &Saint) -> LookupAnswer {
    let feast_text = saint.feast.and_then(|(m, d)| month_day_text(m, d));
    let mut summary = format!("## {} {}\n\n", saint.status.as_str(), saint.name);
    summary.push_str(&format!("- **Status:** {}", saint.status.as_str()));
    if let Some(year) = saint.status_since {
        summary.push_str(&format!(" ({} {year})", saint.status.since_label()));
    }
    summary.push('\n');
    match &feast_text {
        Some(text) => summary.push_str(&format!("- **Feast day:** {text}\n")),
        None => summary
            .push_str("- **Feast day:** none (no liturgical memorial before beatification)\n"),
    }
    summary.push_str(&format!("- **Lived:** {}\n", saint.lived));
    if !saint.patronages.is_empty() {
        summary.push_str(&format!(
            "- **Patron of:** {}\n",
            saint.patronages.join(", ")
        ));
    }
    summary.push_str(&format!("\n{}\n", saint.description));

    let mut record = Map::new();
    record.insert("id".into(), saint.id.into());
    record.insert("name".into(), saint.name.into());
    record.insert("status".into(), saint.status.as_str().into());
    record.insert(
        "feast_day".into(),
        opt_str(saint.feast.map(|(m, d)| format!("{m:02}-{d:02}"))),
    );
    record.insert("feast_day_text".into(), opt_str(feast_text));
    record.insert("birth_year".into(), opt_int(saint.birth_year));
    record.insert("death_year".into(), opt_int(saint.death_year));
    record.insert("lived".into(), saint.lived.into());
    record.insert("status_since".into(), opt_int(saint.status_since));
    record.insert("patronages".into(), str_array(saint.patronages));
    record.insert("description".into(), saint.description.into());
    record.insert("aliases".into(), str_array(saint.aliases));
    LookupAnswer { summary, record }
}
