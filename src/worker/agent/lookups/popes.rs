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

/// Newest first, so an ambiguous name (`Leo`, `John Paul`, `Benedict`) means the most recent pope.
pub(super) static POPES: &[Pope] = &[
    Pope {
        id: "leo-xiv",
        name: "Leo XIV",
        aliases: &["Robert Francis Prevost", "Robert Prevost", "Prevost"],
        ordinal: 267,
        start: "2025-05-08",
        end: None,
        end_reason: EndReason::Reigning,
        approximate: false,
        birth_name: "Robert Francis Prevost",
        born: Some("1955-09-14"),
        born_note: "",
        birthplace: "Chicago, Illinois, United States",
        died: None,
        sainthood: None,
    },
    Pope {
        id: "francis",
        name: "Francis",
        aliases: &["Jorge Mario Bergoglio", "Bergoglio"],
        ordinal: 266,
        start: "2013-03-13",
        end: Some("2025-04-21"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Jorge Mario Bergoglio",
        born: Some("1936-12-17"),
        born_note: "",
        birthplace: "Buenos Aires, Argentina",
        died: Some("2025-04-21"),
        sainthood: None,
    },
    Pope {
        id: "benedict-xvi",
        name: "Benedict XVI",
        aliases: &["Joseph Aloisius Ratzinger", "Joseph Ratzinger", "Ratzinger"],
        ordinal: 265,
        start: "2005-04-19",
        end: Some("2013-02-28"),
        end_reason: EndReason::Resignation,
        approximate: false,
        birth_name: "Joseph Aloisius Ratzinger",
        born: Some("1927-04-16"),
        born_note: "",
        birthplace: "Marktl am Inn, Bavaria, Germany",
        died: Some("2022-12-31"),
        sainthood: None,
    },
    Pope {
        id: "john-paul-ii",
        name: "John Paul II",
        aliases: &["Karol Józef Wojtyła", "Karol Wojtyła", "Wojtyła"],
        ordinal: 264,
        start: "1978-10-16",
        end: Some("2005-04-02"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Karol Józef Wojtyła",
        born: Some("1920-05-18"),
        born_note: "",
        birthplace: "Wadowice, Poland",
        died: Some("2005-04-02"),
        sainthood: Some("Saint"),
    },
    Pope {
        id: "john-paul-i",
        name: "John Paul I",
        aliases: &["Albino Luciani", "Luciani"],
        ordinal: 263,
        start: "1978-08-26",
        end: Some("1978-09-28"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Albino Luciani",
        born: Some("1912-10-17"),
        born_note: "",
        birthplace: "Forno di Canale (now Canale d'Agordo), Italy",
        died: Some("1978-09-28"),
        sainthood: Some("Blessed"),
    },
    Pope {
        id: "paul-vi",
        name: "Paul VI",
        aliases: &["Giovanni Battista Montini", "Montini"],
        ordinal: 262,
        start: "1963-06-21",
        end: Some("1978-08-06"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Giovanni Battista Enrico Antonio Maria Montini",
        born: Some("1897-09-26"),
        born_note: "",
        birthplace: "Concesio, Italy",
        died: Some("1978-08-06"),
        sainthood: Some("Saint"),
    },
    Pope {
        id: "john-xxiii",
        name: "John XXIII",
        aliases: &["Angelo Giuseppe Roncalli", "Roncalli"],
        ordinal: 261,
        start: "1958-10-28",
        end: Some("1963-06-03"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Angelo Giuseppe Roncalli",
        born: Some("1881-11-25"),
        born_note: "",
        birthplace: "Sotto il Monte, Italy",
        died: Some("1963-06-03"),
        sainthood: Some("Saint"),
    },
    Pope {
        id: "pius-xii",
        name: "Pius XII",
        aliases: &["Eugenio Pacelli", "Pacelli"],
        ordinal: 260,
        start: "1939-03-02",
        end: Some("1958-10-09"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Eugenio Maria Giuseppe Giovanni Pacelli",
        born: Some("1876-03-02"),
        born_note: "",
        birthplace: "Rome, Italy",
        died: Some("1958-10-09"),
        sainthood: Some("Venerable"),
    },
    Pope {
        id: "pius-xi",
        name: "Pius XI",
        aliases: &["Achille Ratti", "Ratti"],
        ordinal: 259,
        start: "1922-02-06",
        end: Some("1939-02-10"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Ambrogio Damiano Achille Ratti",
        born: Some("1857-05-31"),
        born_note: "",
        birthplace: "Desio, Italy",
        died: Some("1939-02-10"),
        sainthood: None,
    },
    Pope {
        id: "benedict-xv",
        name: "Benedict XV",
        aliases: &["Giacomo della Chiesa"],
        ordinal: 258,
        start: "1914-09-03",
        end: Some("1922-01-22"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Giacomo Paolo Giovanni Battista della Chiesa",
        born: Some("1854-11-21"),
        born_note: "",
        birthplace: "Genoa, Italy",
        died: Some("1922-01-22"),
        sainthood: None,
    },
    Pope {
        id: "pius-x",
        name: "Pius X",
        aliases: &["Giuseppe Sarto", "Sarto"],
        ordinal: 257,
        start: "1903-08-04",
        end: Some("1914-08-20"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Giuseppe Melchiorre Sarto",
        born: Some("1835-06-02"),
        born_note: "",
        birthplace: "Riese, Italy",
        died: Some("1914-08-20"),
        sainthood: Some("Saint"),
    },
    Pope {
        id: "leo-xiii",
        name: "Leo XIII",
        aliases: &["Vincenzo Gioacchino Pecci", "Gioacchino Pecci", "Pecci"],
        ordinal: 256,
        start: "1878-02-20",
        end: Some("1903-07-20"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Vincenzo Gioacchino Raffaele Luigi Pecci",
        born: Some("1810-03-02"),
        born_note: "",
        birthplace: "Carpineto Romano, Italy",
        died: Some("1903-07-20"),
        sainthood: None,
    },
    Pope {
        id: "pius-ix",
        name: "Pius IX",
        aliases: &[
            "Giovanni Maria Mastai-Ferretti",
            "Mastai-Ferretti",
            "Pio Nono",
        ],
        ordinal: 255,
        start: "1846-06-16",
        end: Some("1878-02-07"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Giovanni Maria Mastai-Ferretti",
        born: Some("1792-05-13"),
        born_note: "",
        birthplace: "Senigallia, Italy",
        died: Some("1878-02-07"),
        sainthood: Some("Blessed"),
    },
    Pope {
        id: "gregory-i",
        name: "Gregory I",
        aliases: &["Gregory the Great"],
        ordinal: 64,
        start: "0590-09-03",
        end: Some("0604-03-12"),
        end_reason: EndReason::Death,
        approximate: false,
        birth_name: "Gregory",
        born: None,
        born_note: "c. 540",
        birthplace: "Rome",
        died: Some("0604-03-12"),
        sainthood: Some("Saint"),
    },
    Pope {
        id: "peter",
        name: "Peter",
        aliases: &["Simon Peter", "Simon", "Peter the Apostle"],
        ordinal: 1,
        start: "0030",
        end: Some("0064"),
        end_reason: EndReason::Death,
        approximate: true,
        birth_name: "Simon",
        born: None,
        born_note: "date unknown",
        birthplace: "Bethsaida, Galilee",
        died: None,
        sainthood: Some("Saint"),
    },
];

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
