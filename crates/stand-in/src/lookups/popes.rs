//! `pope_lookup`: Bishops of Rome, from Peter to Leo XIV.

use serde_json::{Map, Value};

use super::matching::{impl_entry, Entry};
use super::{date_text, opt_str, ordinal_text, str_array, LookupAnswer};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum EndReason {
    Reigning,
    Death,
    Resignation,
}

#[derive(Debug)]
pub(super) struct Pope {
    pub(super) id: &'static str,
    /// Regnal name, without "Pope".
    pub(super) name: &'static str,
    pub(super) aliases: &'static [&'static str],
    /// Position in the list of popes (Peter = 1).
    pub(super) ordinal: u16,
    /// `YYYY-MM-DD` (zero-padded year); year-only `YYYY` when `approximate`.
    pub(super) start: &'static str,
    pub(super) end: Option<&'static str>,
    pub(super) end_reason: EndReason,
    /// True when the pontificate dates are traditional estimates (Peter only).
    pub(super) approximate: bool,
    pub(super) birth_name: &'static str,
    /// `YYYY-MM-DD` when known.
    pub(super) born: Option<&'static str>,
    /// Display form used when `born` is unknown (`c. 540`).
    pub(super) born_note: &'static str,
    pub(super) birthplace: &'static str,
    pub(super) died: Option<&'static str>,
    /// Saint, Blessed, Venerable, or `None`.
    pub(super) sainthood: Option<&'static str>,
}

impl_entry!(Pope);

// The rows: data/popes.toml, made into `POPES` by the build script (build/lookups.rs).
include!(concat!(env!("OUT_DIR"), "/lookup_popes.rs"));

/// The answer for one pope.
pub(super) fn answer(pope: &Pope) -> LookupAnswer {
    let mut summary = format!("## Pope {}\n\n", pope.name);
    summary.push_str(&format!(
        "- **Ordinal:** {} pope\n",
        ordinal_text(pope.ordinal)
    ));
    let pontificate = if pope.approximate {
        // Traditional dating: from about AD 30 to martyrdom in Rome in 64 or 67.
        "c. AD 30 – martyrdom in Rome, c. 64/67 (traditional dating)".to_owned()
    } else {
        let end = match (pope.end, pope.end_reason) {
            (None, _) | (_, EndReason::Reigning) => "present".to_owned(),
            (Some(end), EndReason::Resignation) => format!("{} (resigned)", date_text(end)),
            (Some(end), EndReason::Death) => date_text(end),
        };
        format!("{} – {end}", date_text(pope.start))
    };
    summary.push_str(&format!("- **Pontificate:** {pontificate}\n"));
    let born = pope
        .born
        .map_or_else(|| pope.born_note.to_owned(), date_text);
    summary.push_str(&format!(
        "- **Born:** {}, {born}, {}\n",
        pope.birth_name, pope.birthplace
    ));
    if let Some(died) = pope.died {
        summary.push_str(&format!("- **Died:** {}\n", date_text(died)));
    }
    if let Some(sainthood) = pope.sainthood {
        summary.push_str(&format!("- **Cause:** {sainthood}\n"));
    }

    let mut span = Map::new();
    span.insert("start".into(), pope.start.into());
    span.insert("end".into(), opt_str(pope.end));
    span.insert("approximate".into(), pope.approximate.into());
    span.insert(
        "end_reason".into(),
        match pope.end_reason {
            EndReason::Reigning => Value::Null,
            EndReason::Death => "death".into(),
            EndReason::Resignation => "resignation".into(),
        },
    );

    let mut record = Map::new();
    record.insert("id".into(), pope.id.into());
    record.insert("name".into(), pope.name.into());
    record.insert("ordinal".into(), pope.ordinal.into());
    record.insert("pontificate".into(), Value::Object(span));
    record.insert(
        "reigning".into(),
        (pope.end_reason == EndReason::Reigning).into(),
    );
    record.insert("birth_name".into(), pope.birth_name.into());
    record.insert("born".into(), opt_str(pope.born));
    record.insert("birthplace".into(), pope.birthplace.into());
    record.insert("died".into(), opt_str(pope.died));
    record.insert("sainthood".into(), opt_str(pope.sainthood));
    record.insert("aliases".into(), str_array(pope.aliases));
    LookupAnswer { summary, record }
}
