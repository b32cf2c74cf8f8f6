//! Celebration names in people's languages (`data/locales/<code>.toml`: Latin, Spanish, Italian,
//! French, German, Portuguese, Polish), English being the data's own titles and the fallback for an
//! id a locale does not name. Natively the names are compiled in as text, one a line, split the
//! first time a day is asked for in a locale; the JavaScript entry's wasm leaves them out, and a
//! locale's names arrive from its own file when asked for ([`add_locale`], `liturgicalLocale`).

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
    std::iter::once(ENGLISH).chain(
        LOCALE_CODES
            .iter()
            .enumerate()
            .map(|(i, &(code, language))| Locale {
                code,
                language,
                index: Some(i),
            }),
    )
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

/// Each locale's names, split into lines: natively on first use, in the JavaScript entry when its
/// file is added.
static LINES: [OnceLock<Vec<String>>; LOCALE_COUNT] = [const { OnceLock::new() }; LOCALE_COUNT];

/// The names of the locale at `index`, one per line of `LOCALE_IDS`; `None` while its file has not
/// been added (JavaScript entry).
fn lines(index: usize) -> Option<&'static [String]> {
    let cell = LINES.get(index)?;
    #[cfg(not(all(feature = "js", target_arch = "wasm32")))]
    if let Some(text) = LOCALE_NAMES.get(index) {
        return Some(cell.get_or_init(|| text.split('\n').map(str::to_owned).collect()));
    }
    cell.get().map(Vec::as_slice)
}

/// Adds the names of the locale `code` from its file's text (one a line, in the order of
/// `LOCALE_IDS`); adding a locale again changes nothing. An error names what is wrong.
pub fn add_locale(code: &str, text: &str) -> Result<(), String> {
    let index = LOCALE_CODES
        .iter()
        .position(|&(c, _)| c == code)
        .ok_or_else(|| format!("unknown locale {code:?}"))?;
    let names: Vec<String> = text.split('\n').map(str::to_owned).collect();
    if names.len() != ids().len() {
        return Err(format!(
            "the names of {code:?} have {} lines, not {} (a file of another version?)",
            names.len(),
            ids().len()
        ));
    }
    if let Some(cell) = LINES.get(index) {
        let _ = cell.set(names);
    }
    Ok(())
}

impl Locale {
    /// True when the locale's names are there: always natively and for English; in the
    /// JavaScript entry once its file was added.
    pub fn is_loaded(&self) -> bool {
        self.index.is_none_or(|i| lines(i).is_some())
    }

    /// The name of the celebration or day `id` in this language, if the locale has one.
    pub fn name(&self, id: &str) -> Option<&'static str> {
        let lines = lines(self.index?)?;
        let i = ids().binary_search(&id).ok()?;
        lines
            .get(i)
            .map(String::as_str)
            .filter(|name| !name.is_empty())
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
