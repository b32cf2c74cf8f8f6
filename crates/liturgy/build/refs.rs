//! The machine form of a reference, written at build time beside the reference as the Lectionary
//! cites it: OSIS (the Open Scripture Information Standard's `Book.chapter.verse`), one list of
//! ranges per alternative, alternatives separated by `|`.
//!
//! `Is 7:10-14; 8:10` → `Isa.7.10-Isa.7.14,Isa.8.10`; `Mt 1:1-25 or 1:18-25` →
//! `Matt.1.1-Matt.1.25|Matt.1.18-Matt.1.25`; `Ps 42–43` → `Ps.42-Ps.43`; `Ps 23` → `Ps.23`. Parts
//! of verses (`4b`, `10ab`) are the whole verse; text in parentheses is a remark and is left out.
//! A reference this does not read fails the build with its line.

/// The Lectionary's abbreviation (USCCB) → the OSIS book.
const BOOKS: [(&str, &str); 74] = [
    ("Gn", "Gen"),
    ("Ex", "Exod"),
    ("Lv", "Lev"),
    ("Nm", "Num"),
    ("Dt", "Deut"),
    ("Jos", "Josh"),
    ("Jgs", "Judg"),
    ("Ru", "Ruth"),
    ("1 Sm", "1Sam"),
    ("2 Sm", "2Sam"),
    ("1 Kgs", "1Kgs"),
    ("2 Kgs", "2Kgs"),
    ("1 Chr", "1Chr"),
    ("2 Chr", "2Chr"),
    ("Ezr", "Ezra"),
    ("Neh", "Neh"),
    ("Tb", "Tob"),
    ("Jdt", "Jdt"),
    ("Est", "Esth"),
    ("1 Mc", "1Macc"),
    ("2 Mc", "2Macc"),
    ("Jb", "Job"),
    ("Ps", "Ps"),
    ("Prv", "Prov"),
    ("Eccl", "Eccl"),
    ("Sg", "Song"),
    ("Wis", "Wis"),
    ("Sir", "Sir"),
    ("Is", "Isa"),
    ("Jer", "Jer"),
    ("Lam", "Lam"),
    ("Bar", "Bar"),
    ("Ez", "Ezek"),
    ("Dn", "Dan"),
    ("Hos", "Hos"),
    ("Jl", "Joel"),
    ("Am", "Amos"),
    ("Ob", "Obad"),
    ("Jon", "Jonah"),
    ("Mi", "Mic"),
    ("Na", "Nah"),
    ("Hb", "Hab"),
    ("Zep", "Zeph"),
    ("Hg", "Hag"),
    ("Zec", "Zech"),
    ("Mal", "Mal"),
    ("Mt", "Matt"),
    ("Mk", "Mark"),
    ("Lk", "Luke"),
    ("Jn", "John"),
    ("Acts", "Acts"),
    ("Rom", "Rom"),
    ("1 Cor", "1Cor"),
    ("2 Cor", "2Cor"),
    ("Gal", "Gal"),
    ("Eph", "Eph"),
    ("Phil", "Phil"),
    ("Col", "Col"),
    ("1 Thes", "1Thess"),
    ("2 Thes", "2Thess"),
    ("1 Tm", "1Tim"),
    ("2 Tm", "2Tim"),
    ("Ti", "Titus"),
    ("Phlm", "Phlm"),
    ("Phmn", "Phlm"),
    ("Heb", "Heb"),
    ("Jas", "Jas"),
    ("1 Pt", "1Pet"),
    ("2 Pt", "2Pet"),
    ("1 Jn", "1John"),
    ("2 Jn", "2John"),
    ("3 Jn", "3John"),
    ("Jude", "Jude"),
    ("Rv", "Rev"),
];

/// The books of one chapter, cited by verse alone.
const ONE_CHAPTER: [&str; 5] = ["Obad", "Phlm", "2John", "3John", "Jude"];

/// The machine form of `text`, or why it cannot be read.
pub fn osis(text: &str) -> Result<String, String> {
    let plain = without_remarks(text);
    let mut book = "";
    let mut alternatives = Vec::new();
    for alternative in plain.split(" or ") {
        let mut ranges = Vec::new();
        let mut chapter = String::new();
        for part in alternative.split(';') {
            let part = part.trim();
            let rest = match BOOKS
                .iter()
                .find(|(abbr, _)| part.strip_prefix(abbr).is_some_and(|r| r.starts_with(' ')))
            {
                Some((abbr, id)) => {
                    book = id;
                    part.get(abbr.len()..).unwrap_or("").trim()
                }
                None => part,
            };
            if book.is_empty() {
                return Err(format!("{text:?}: no book"));
            }
            ranges.extend(
                part_ranges(book, rest, &mut chapter)
                    .ok_or_else(|| format!("{text:?}: cannot read {part:?}"))?,
            );
        }
        alternatives.push(ranges.join(","));
    }
    Ok(alternatives.join("|"))
}

/// `text` without what stands in parentheses.
fn without_remarks(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0u32;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The ranges of `rest` (`7:10-14`, `42–43`, `23`, `3:9-15, 32–4:4`, `4b, 5 and 6`) in `book`;
/// `chapter` is the chapter in force (a part may name none: `8:10` after `7:10-14` does).
fn part_ranges(book: &str, rest: &str, chapter: &mut String) -> Option<Vec<String>> {
    let mut rest = rest.replace(" and ", ", ").replace('+', ", ");
    if !rest.contains(':') && ONE_CHAPTER.contains(&book) {
        // A book of one chapter is cited by verse: `Phmn 9-10, 12-17`.
        rest = format!("1:{rest}");
    }
    if !rest.contains(':') {
        // Whole chapters: `23`, `42–43`.
        let (a, b) = split_range(&rest);
        let a = number(a)?;
        *chapter = a.clone();
        return Some(vec![match b {
            Some(b) => format!("{book}.{a}-{book}.{}", number(b)?),
            None => format!("{book}.{a}"),
        }]);
    }
    let (head, verses) = rest.split_once(':')?;
    *chapter = chapter_id(head.trim())?;
    let mut out = Vec::new();
    for item in verses.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let (a, b) = split_range(item);
        let start = format!("{book}.{chapter}.{}", number(a)?);
        let end = match b {
            None => None,
            Some(b) => Some(match b.split_once(':') {
                Some((c, v)) => {
                    *chapter = chapter_id(c.trim())?;
                    format!("{book}.{chapter}.{}", number(v)?)
                }
                None => format!("{book}.{chapter}.{}", number(b)?),
            }),
        };
        out.push(match end {
            Some(end) => format!("{start}-{end}"),
            None => start,
        });
    }
    Some(out)
}

/// `a-b` or `a–b` into its ends.
fn split_range(text: &str) -> (&str, Option<&str>) {
    match text.split_once(['-', '–']) {
        Some((a, b)) => (a.trim(), Some(b.trim())),
        None => (text.trim(), None),
    }
}

/// A verse or chapter number without its part letters (`4bcd` → `4`, `12ab[cd]` → `12`).
fn number(text: &str) -> Option<String> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    let letters = text.get(digits.len()..)?;
    (!digits.is_empty()
        && letters
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '[' || c == ']'))
    .then_some(digits)
}

/// A chapter: a number, or a letter for the Greek additions to Esther (`C`).
fn chapter_id(text: &str) -> Option<String> {
    match text {
        "A" | "B" | "C" | "D" | "E" | "F" => Some(text.to_owned()),
        _ => text.parse::<u32>().ok().map(|n| n.to_string()),
    }
}
