//! Excerpts for answer paragraphs and citations: whole sentences around the one that best matches
//! the question, cut at a word boundary when a single sentence is too long.

use crate::search;

/// An extract of `text` around the sentence that shares most words with the question (`words`,
/// as produced by [`search::tokenize`]; the first sentence on ties or without overlap): whole
/// sentences, at most `max_sentences` of them and `max_chars` characters, extended forwards and
/// then backwards from the best one. `…` marks an extract that starts inside the paragraph, and
/// a single sentence longer than the limit is cut at a word boundary with `…`.
pub(super) fn excerpt(
    text: &str,
    words: &[String],
    max_chars: usize,
    max_sentences: usize,
) -> String {
    let text = text.trim();
    if text.chars().count() <= max_chars && max_sentences == usize::MAX {
        return text.to_owned();
    }
    let sentences = sentences(text);
    let overlap = |s: &Sentence| {
        let tokens = search::tokenize(s.text);
        words.iter().filter(|w| tokens.contains(w)).count()
    };
    let mut best = 0;
    let mut best_overlap = 0;
    for (i, sentence) in sentences.iter().enumerate() {
        let o = overlap(sentence);
        if o > best_overlap {
            best = i;
            best_overlap = o;
        }
    }
    let Some(first) = sentences.get(best) else {
        return text.to_owned();
    };
    if first.chars > max_chars {
        return cut(first.text, max_chars, best > 0);
    }
    let (mut lo, mut hi, mut chars) = (best, best, first.chars);
    while hi - lo + 1 < max_sentences {
        if let Some(next) = sentences
            .get(hi + 1)
            .filter(|n| chars + 1 + n.chars <= max_chars)
        {
            hi += 1;
            chars += 1 + next.chars;
        } else if let Some(prev) = lo
            .checked_sub(1)
            .and_then(|i| sentences.get(i))
            .filter(|p| chars + 1 + p.chars <= max_chars)
        {
            lo -= 1;
            chars += 1 + prev.chars;
        } else {
            break;
        }
    }
    let (Some(start), Some(end)) = (sentences.get(lo), sentences.get(hi)) else {
        return text.to_owned();
    };
    let body = text.get(start.start..end.end).unwrap_or(text);
    if lo > 0 {
        format!("… {body}")
    } else {
        body.to_owned()
    }
}

/// `text` cut to at most `max_chars` characters at a word boundary, ending with `…` (and
/// starting with one when `mid` says it begins inside a paragraph).
fn cut(text: &str, max_chars: usize, mid: bool) -> String {
    let end = text
        .char_indices()
        .nth(max_chars)
        .map_or(text.len(), |(byte, _)| byte);
    let head = text.get(..end).unwrap_or(text);
    let head = match head.rfind(' ') {
        Some(space) if space > 0 => head.get(..space).unwrap_or(head),
        _ => head,
    };
    let head = head.trim_end_matches([',', ';', ':', ' ']);
    if mid {
        format!("… {head}…")
    } else {
        format!("{head}…")
    }
}

/// One sentence of a paragraph: byte range, text and length in characters.
#[derive(Debug, Clone, Copy)]
pub(super) struct Sentence<'a> {
    start: usize,
    end: usize,
    pub(super) text: &'a str,
    pub(super) chars: usize,
}

/// Splits `text` into sentences at the ends found by [`sentence_ends`].
pub(super) fn sentences(text: &str) -> Vec<Sentence<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut start_chars = 0;
    for (end, end_chars) in sentence_ends(text) {
        let raw = text.get(start..end).unwrap_or("");
        let lead = raw.len() - raw.trim_start().len();
        let piece = raw.trim();
        if !piece.is_empty() {
            out.push(Sentence {
                start: start + lead,
                end,
                text: piece,
                chars: end_chars - start_chars - raw.get(..lead).map_or(0, |l| l.chars().count()),
            });
        }
        start = end;
        start_chars = end_chars;
    }
    if let Some(rest) = text.get(start..).filter(|r| !r.trim().is_empty()) {
        let lead = rest.len() - rest.trim_start().len();
        let piece = rest.trim();
        out.push(Sentence {
            start: start + lead,
            end: start + lead + piece.len(),
            text: piece,
            chars: piece.chars().count(),
        });
    }
    out
}

/// `(byte end, char count)` of each sentence end in `text`: a `.`, `?` or `!` followed by a space
/// and an uppercase letter (so `cc. 1083` and `c. 97` do not end a sentence), or the end of text.
fn sentence_ends(text: &str) -> Vec<(usize, usize)> {
    let mut ends = Vec::new();
    for (count, (byte, c)) in text.char_indices().enumerate() {
        if !matches!(c, '.' | '?' | '!') {
            continue;
        }
        let after = byte + c.len_utf8();
        let rest = text.get(after..).unwrap_or("");
        let mut next = rest.chars();
        let boundary = match (next.next(), next.next()) {
            (None, _) => true,
            (Some(' '), Some(n)) => n.is_uppercase(),
            _ => false,
        };
        if boundary {
            ends.push((after, count + 1));
        }
    }
    ends
}
