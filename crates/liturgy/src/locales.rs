//! Celebration names in people's languages (`data/locales/<code>.toml`: Latin, Spanish, Italian,
//! French, German, Portuguese, Polish), English being the data's own titles and the fallback for an
//! id a locale does not name. Each locale is a static table sorted by id, read only when a day is
//! asked for in that locale.

use super::types::{Celebration, LiturgicalDay};

/// A locale's names: (id, name), sorted by id.
pub type Names = &'static [(&'static str, &'static str)];

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// A language the names can be asked in.
#[derive(Debug, Clone, Copy)]
pub struct Locale {
    /// The code `liturgicalDay` takes: `en`, `la`, `es`, `it`, `fr`, `de`, `pt`, `pl`.
    pub code: &'static str,
    /// The language's name in itself (`Français`).
    pub language: &'static str,
    names: Names,
}

/// English: the data's own titles.
pub const ENGLISH: Locale = Locale {
    code: "en",
    language: "English",
    names: &[],
};

/// Every locale, English first.
pub fn locales() -> impl Iterator<Item = Locale> {
    std::iter::once(ENGLISH).chain(LOCALES.iter().map(|&(code, language, names)| Locale {
        code,
        language,
        names,
    }))
}

/// The locale of a language tag: its primary language subtag, any case (`fr`, `fr-CA`, `pt-BR`,
/// `PL`); `None` for a language without names.
pub fn locale(tag: &str) -> Option<Locale> {
    let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
    locales().find(|l| l.code == primary)
}

impl Locale {
    /// The name of the celebration or day `id` in this language, if the locale has one.
    pub fn name(&self, id: &str) -> Option<&'static str> {
        let i = self.names.binary_search_by_key(&id, |&(k, _)| k).ok()?;
        self.names.get(i).map(|&(_, name)| name)
    }

    /// `day` with its names (celebration, day of the Proper of Time, optional memorials) in this
    /// language, English where the locale has no name.
    pub fn localize(&self, mut day: LiturgicalDay) -> LiturgicalDay {
        if self.names.is_empty() {
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
