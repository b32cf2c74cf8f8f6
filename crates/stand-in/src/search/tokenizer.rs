//! The tokenizer of the stand-in's search (see the module docs of [`super`]): lowercasing, accent
//! folding, stop words, single letters dropped, a light suffix stemmer.

use std::collections::HashSet;
use std::sync::OnceLock;

use super::fnv::FnvBuildHasher;

/// The normalised tokens of `text`, in order, as the index sees them (lowercased, accents folded,
/// stop words and single letters dropped, light suffix stemming).
pub fn tokenize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_token(text, |token| out.push(token.to_owned()));
    out
}

/// Words that carry no retrieval signal in English questions and summaries.
const STOP_WORDS: &[&str] = &[
    "about", "after", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been",
    "being", "but", "by", "can", "could", "did", "do", "does", "doing", "for", "from", "go", "had",
    "has", "have", "he", "her", "him", "his", "how", "if", "in", "into", "is", "it", "its", "me",
    "more", "must", "my", "no", "nor", "not", "of", "on", "or", "other", "our", "please", "said",
    "say", "says", "she", "should", "so", "some", "such", "taught", "teach", "teaches", "tell",
    "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
    "through", "to", "too", "us", "very", "was", "we", "were", "what", "when", "where", "which",
    "while", "who", "whom", "why", "will", "with", "would", "you", "your",
];

/// Whether `word` is a stop word: a hash-set lookup built once, cheap in every build profile
/// (a long `match` or a binary search over strings is slow when optimising for size).
pub(super) fn is_stop_word(word: &str) -> bool {
    static SET: OnceLock<HashSet<&'static str, FnvBuildHasher>> = OnceLock::new();
    SET.get_or_init(|| STOP_WORDS.iter().copied().collect())
        .contains(word)
}

/// Calls `f` with each normalised token of `text` (see [`tokenize`]).
///
/// Works on bytes with an ASCII fast path (nearly all of the corpus is ASCII) so that index
/// construction stays cheap even in size-optimised (`opt-level = "z"`) builds, where iterator and
/// closure layers are not inlined.
pub(super) fn for_each_token(text: &str, mut f: impl FnMut(&str)) {
    let mut buf = String::with_capacity(32);
    for (i, &byte) in text.as_bytes().iter().enumerate() {
        if byte < 0x80 {
            if byte.is_ascii_alphanumeric() {
                buf.push(char::from(byte.to_ascii_lowercase()));
            } else if !buf.is_empty() {
                emit(&mut buf, &mut f);
            }
        } else if byte >= 0xC0 {
            // Leading byte of a multi-byte character; continuation bytes are skipped.
            let c = text
                .get(i..)
                .and_then(|rest| rest.chars().next())
                .unwrap_or(' ');
            if c.is_alphanumeric() {
                buf.extend(c.to_lowercase().map(fold));
            } else if !buf.is_empty() {
                emit(&mut buf, &mut f);
            }
        }
    }
    if !buf.is_empty() {
        emit(&mut buf, &mut f);
    }
}

/// Filters, stems and hands on one raw token, then clears the buffer.
fn emit(buf: &mut String, f: &mut impl FnMut(&str)) {
    let single_letter = if buf.len() == 1 {
        !buf.as_bytes().first().is_some_and(u8::is_ascii_digit)
    } else {
        buf.len() <= 4 && buf.chars().count() == 1 && !buf.starts_with(char::is_numeric)
    };
    if !single_letter && !is_stop_word(buf) {
        stem(buf);
        f(buf);
    }
    buf.clear();
}

/// Folds common accented Latin letters to their base letter.
fn fold(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'ç' => 'c',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ñ' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ý' | 'ÿ' => 'y',
        other => other,
    }
}

/// Light suffix stemmer (every rule touches ASCII letters only, so truncation stays on char
/// boundaries):
///
/// 1. American `-iz-` becomes British `-is-` (`baptize` → `baptise`), the corpus's spelling;
/// 2. plurals: `-ies` → `-y`, `-sses` → `-ss`, a final `s` dropped except after `s`, `u` or `i`
///    (`process`, `status`, `genesis` stay whole);
/// 3. `-ing` and `-ed` dropped when at least four letters remain (`teaching` → `teach`);
/// 4. a final `e` dropped from words of five letters or more (`baptise`, `baptised`,
///    `baptising` all become `baptis`).
fn stem(word: &mut String) {
    if word.as_bytes().windows(2).any(|pair| pair == b"iz") {
        *word = word.replace("iz", "is");
    }
    let len = word.len();
    if len > 4 && word.ends_with("ies") {
        word.truncate(len - 3);
        word.push('y');
    } else if word.ends_with("sses") {
        word.truncate(len - 2);
    } else if len > 3
        && word.ends_with('s')
        && !(word.ends_with("ss") || word.ends_with("us") || word.ends_with("is"))
    {
        word.truncate(len - 1);
    }
    let len = word.len();
    if len >= 7 && word.ends_with("ing") {
        word.truncate(len - 3);
    } else if len >= 6 && word.ends_with("ed") && !word.ends_with("eed") {
        word.truncate(len - 2);
    }
    let len = word.len();
    if len >= 5 && word.ends_with('e') {
        word.truncate(len - 1);
    }
}
