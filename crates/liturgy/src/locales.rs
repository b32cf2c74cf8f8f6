//! Celebration names in people's languages (`data/locales/<code>.toml`: Latin, Spanish, Italian,
//! French, German, Portuguese, Polish), English being the data's own titles and the fallback for an
//! id a locale does not name. The names are compiled in as text, one a line, and a locale's lines
//! are split the first time a day is asked for in it (nothing is decoded for a locale never asked
//! for).

use std::sync::OnceLock;

use super::types::{Celebration, LiturgicalDay};

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// A language the names can be asked in.
#[derive(Debug, Clone, Copy)]
pub struct Locale {
    /// The code `liturgicalDay` takes: `en`, `la`, `es`, `it`, `fr`, `de`, `pt`, `pl`.
    pub code: &'static str,
    /// The language's name in itself (`Français`).
    pub language: &'static str,
    /// Its place in `LOCALES`; `None` for English.
    index: Option<usize>,
}

/// English: the data's own titles.
pub const ENGLISH: Locale = Locale {
    code: "en",
    language: "English",
    index: None,
};

/// Every locale, English first.
pub fn locales() -> impl Iterator<Item = Locale> {
    std::iter::once(ENGLISH).chain(LOCALES.iter().enumerate().map(|(i, &(code, language, _))| {
        Locale {
            code,
            language,
            index: Some(i),
        }
    }))
}

/// The locale of a language tag: its primary language subtag, any case (`fr`, `fr-CA`, `pt-BR`,
/// `PL`); `None` for a language without names.
pub fn locale(tag: &str) -> Option<Locale> {
    let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
    locales().find(|l| l.code == primary)
}

/// `LOCALE_IDS` split into lines (once).
fn ids() -> &'static [&'static str] {
    static IDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    IDS.get_or_init(|| LOCALE_IDS.split('\n').collect())
}

/// The names of the locale at `index`, split into lines the first time it is asked for.
fn lines(index: usize) -> Option<&'static [&'static str]> {
    static LINES: [OnceLock<Vec<&'static str>>; LOCALE_COUNT] =
        [const { OnceLock::new() }; LOCALE_COUNT];
    let (_, _, text) = LOCALES.get(index)?;
    Some(LINES.get(index)?.get_or_init(|| text.split('\n').collect()))
}

impl Locale {
    /// The name of the celebration or day `id` in this language, if the locale has one.
    pub fn name(&self, id: &str) -> Option<&'static str> {
        let lines = lines(self.index?)?;
        let i = ids().binary_search(&id).ok()?;
        lines.get(i).copied().filter(|name| !name.is_empty())
    }

    /// `day` with its names (celebration, day of the Proper of Time, optional memorials) in this
    /// language, English where the locale has no name.
    pub fn localize(&self, mut day: LiturgicalDay) -> LiturgicalDay {
        if self.index.is_none() {
            return day;
        }
        if let Some(name) = self.name(&day.id) {
            day.name = name.to_owned();
        }
        if let Some(name) = self.name(&day.season_day_id) {
            day.season_day = name.to_owned();
        }
        for c in &mut day.optional_memorials {
            *c = self.celebration(*c);
        }
        day
    }

    /// `c` with its title in this language.
    pub fn celebration(&self, c: Celebration) -> Celebration {
        Celebration {
            title: self.name(c.id).unwrap_or(c.title),
            ..c
        }
    }
}
