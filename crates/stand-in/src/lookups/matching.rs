//! Query matching shared by the five lookup tables: id first, then forgiving name matching.
//!
//! See the module docs of `lookups` for the rules; this file implements them.

use super::{LookupQuery, MAX_QUERY_BYTES};

/// Single tokens dropped wherever they appear (titles and honorifics).
const HONORIFICS: &[&str] = &[
    "saint",
    "saints",
    "st",
    "sts",
    "ste",
    "blessed",
    "bl",
    "venerable",
    "ven",
    "pope",
    "bishop",
    "archbishop",
    "cardinal",
    "monsignor",
    "msgr",
    "mgr",
    "reverend",
    "rev",
    "most",
    "his",
    "holiness",
];

/// Words naming a see; dropped together with a following `of`.
const SEE_WORDS: &[&str] = &["archdiocese", "diocese", "archeparchy", "eparchy", "see"];

/// A row of a lookup table: a canonical id plus the names it answers to.
pub(super) trait Entry {
    /// The canonical id (compared case-insensitively, verbatim).
    fn id(&self) -> &'static str;
    /// The display name.
    fn name(&self) -> &'static str;
    /// Other names it answers to (birth names, other spellings).
    fn aliases(&self) -> &'static [&'static str];
}

/// `impl Entry` for table structs with `id`, `name` and `aliases` fields (`Entry` in scope).
macro_rules! impl_entry {
    ($table:ty) => {
        impl Entry for $table {
            fn id(&self) -> &'static str {
                self.id
            }
            fn name(&self) -> &'static str {
                self.name
            }
            fn aliases(&self) -> &'static [&'static str] {
                self.aliases
            }
        }
    };
}
pub(super) use impl_entry;

/// Finds the entry for `query` in `table` (see the `lookups` module docs for the rules).
pub(super) fn find<T: Entry>(table: &'static [T], query: LookupQuery<'_>) -> Option<&'static T> {
    let (raw, by_id_only) = match query {
        LookupQuery::Text(text) => (text.trim(), false),
        LookupQuery::Id(id) => (id.trim(), true),
    };
    if raw.is_empty() || raw.len() > MAX_QUERY_BYTES {
        return None;
    }
    if let Some(hit) = table.iter().find(|e| e.id().eq_ignore_ascii_case(raw)) {
        return Some(hit);
    }
    if by_id_only {
        return None;
    }
    let wanted = normalize(raw);
    if wanted.is_empty() {
        return None;
    }
    let mut best: Option<(u8, &'static T)> = None;
    for entry in table {
        let score = std::iter::once(entry.name())
            .chain(entry.aliases().iter().copied())
            .map(|key| score(&wanted, &normalize(key)))
            .max()
            .unwrap_or(0);
        // Strictly greater: on a tie the entry listed first keeps its place.
        if score > 0 && best.is_none_or(|(top, _)| score > top) {
            best = Some((score, entry));
        }
    }
    best.map(|(_, entry)| entry)
}

/// 4 = same words; 3 = the query is the start of the name (its last word may be cut, ≥ 3 letters);
/// 2 = every query word is a word of the name (or, from 4 letters, the start of one); 0 = no match,
/// and 0 for anything but an exact match when every query word is shorter than 3 letters.
pub(super) fn score(query: &[String], key: &[String]) -> u8 {
    if query.is_empty() || key.is_empty() {
        return 0;
    }
    if query == key {
        return 4;
    }
    // Only short words (`x`, `ii`, `of`): too little to go on for anything but an exact match.
    if query.iter().all(|q| q.chars().count() < 3) {
        return 0;
    }
    if is_prefix(query, key) {
        return 3;
    }
    let contained = query.iter().all(|q| {
        key.iter()
            .any(|k| k == q || (q.chars().count() >= 4 && k.starts_with(q.as_str())))
    });
    if contained {
        2
    } else {
        0
    }
}

fn is_prefix(query: &[String], key: &[String]) -> bool {
    if query.len() > key.len() {
        return false;
    }
    let last = query.len().saturating_sub(1);
    query.iter().zip(key).enumerate().all(|(i, (q, k))| {
        q == k || (i == last && q.chars().count() >= 3 && k.starts_with(q.as_str()))
    })
}

/// Lower-cases, folds accents, turns punctuation into spaces, drops apostrophes, titles and see words,
/// and writes Arabic numbers 1–3999 as Roman numerals (`Leo 14` = `Leo XIV`).
pub(super) fn normalize(text: &str) -> Vec<String> {
    let mut folded = String::with_capacity(text.len());
    for upper in text.chars() {
        for c in upper.to_lowercase() {
            if is_combining_mark(c) || matches!(c, '\'' | '\u{2019}' | '\u{02bc}' | '`') {
                continue;
            }
            if let Some(ascii) = fold_accent(c) {
                folded.push_str(ascii);
            } else if c.is_alphanumeric() {
                folded.push(c);
            } else {
                folded.push(' ');
            }
        }
    }
    let words: Vec<&str> = folded.split_whitespace().collect();
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while let Some(&word) = words.get(i) {
        let next = words.get(i + 1).copied();
        let after = words.get(i + 2).copied();
        if word == "servant" && next == Some("of") && after == Some("god") {
            i += 3;
        } else if word == "roman" && next == Some("catholic") {
            i += 2;
        } else if word == "catholic" && next.is_some_and(|n| SEE_WORDS.contains(&n)) {
            i += 1;
        } else if SEE_WORDS.contains(&word) {
            i += if next == Some("of") { 2 } else { 1 };
        } else if HONORIFICS.contains(&word) {
            i += 1;
        } else {
            out.push(roman_numeral(word).unwrap_or_else(|| word.to_owned()));
            i += 1;
        }
    }
    out
}

fn is_combining_mark(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036f}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}')
}

/// ASCII for the lower-case Latin letters with diacritics that occur in Catholic names.
fn fold_accent(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => "o",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        'ß' => "ss",
        'æ' => "ae",
        'œ' => "oe",
        'þ' => "th",
        _ => return None,
    })
}

/// `"14"` → `"xiv"`; `None` unless the word is a plain number from 1 to 3999.
fn roman_numeral(word: &str) -> Option<String> {
    if word.is_empty() || word.len() > 4 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut n: u16 = word.parse().ok()?;
    if !(1..=3999).contains(&n) {
        return None;
    }
    const STEPS: [(u16, &str); 13] = [
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ];
    let mut out = String::new();
    for (value, letters) in STEPS {
        while n >= value {
            out.push_str(letters);
            n -= value;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn normalize_folds_and_strips() {
        assert_eq!(
            normalize("St. Thérèse of Lisieux"),
            words("therese of lisieux")
        );
        assert_eq!(normalize("Pope Leo XIV"), words("leo xiv"));
        assert_eq!(normalize("Leo 14"), words("leo xiv"));
        assert_eq!(normalize("Archdiocese of Chicago"), words("chicago"));
        assert_eq!(
            normalize("Roman Catholic Archdiocese of Kraków"),
            words("krakow")
        );
        assert_eq!(
            normalize("Servant of God Dorothy Day"),
            words("dorothy day")
        );
        assert_eq!(normalize("John O'Connor"), words("john oconnor"));
        assert_eq!(normalize("Karol Wojtyła"), words("karol wojtyla"));
        // Decomposed accents (NFD) fold the same way as composed ones.
        assert_eq!(normalize("The\u{0301}re\u{0300}se"), words("therese"));
        assert_eq!(
            normalize("Ukrainian Catholic Archeparchy of Philadelphia"),
            words("ukrainian philadelphia")
        );
        assert!(normalize("Saint").is_empty());
        assert!(normalize(" ,;:!? ").is_empty());
    }

    #[test]
    fn roman_numerals() {
        assert_eq!(roman_numeral("1").as_deref(), Some("i"));
        assert_eq!(roman_numeral("23").as_deref(), Some("xxiii"));
        assert_eq!(roman_numeral("267").as_deref(), Some("cclxvii"));
        assert_eq!(roman_numeral("3999").as_deref(), Some("mmmcmxcix"));
        assert_eq!(roman_numeral("0"), None);
        assert_eq!(roman_numeral("4000"), None);
        assert_eq!(roman_numeral("99999"), None);
        assert_eq!(roman_numeral("x1"), None);
    }

    #[test]
    fn scores() {
        let key = words("therese of lisieux");
        assert_eq!(score(&words("therese of lisieux"), &key), 4);
        assert_eq!(score(&words("therese"), &key), 3);
        assert_eq!(score(&words("ther"), &key), 3);
        assert_eq!(score(&words("th"), &key), 0);
        assert_eq!(score(&words("lisieux"), &key), 2);
        assert_eq!(score(&words("lisi"), &key), 2);
        assert_eq!(score(&words("therese avila"), &key), 0);
        assert_eq!(score(&[], &key), 0);
        assert_eq!(score(&words("x"), &words("pius x")), 0);
        assert_eq!(score(&words("of"), &key), 0);
        assert_eq!(score(&words("x"), &words("x")), 4);
    }
}
