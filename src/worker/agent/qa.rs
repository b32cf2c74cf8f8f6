//! The stand-in agent's `catholic_qa` answer composer: extractive, offline and deterministic.
//!
//! [`compose_answer`] retrieves the best paragraphs of the corpus with
//! [`search::passages`](crate::worker::agent::search::passages) and lays them out as Markdown: a
//! one-sentence lead naming the documents used, then two to four short paragraphs, each a trimmed
//! passage introduced by its document and section and closed by its footnote marker `[^n]`, then
//! a closing note saying that the answer comes from the offline stand-in agent, not from
//! Magisterium AI. Footnote definitions are not written into the text: as with the real service,
//! the sources travel in the `citations` data part, `[^n]` pointing at `citations[n - 1]`.
//!
//! Citations have exactly the contract's shape: `cited_text`, `cited_text_heading` (string or
//! null), `document_title`, `document_index` (0-based position in the list), `document_author`,
//! `document_year`, `document_reference`, `source_url`. Related questions (at most three) are
//! built from the titles and section headings of the retrieved passages.

use serde_json::{Map, Value};

use crate::worker::agent::corpus::Document;
use crate::worker::agent::search::{self, Passage};

/// Most paragraphs (and so citations) in one answer.
pub const MAX_PARAGRAPHS: usize = 4;
/// Most related questions returned.
pub const MAX_RELATED_QUESTIONS: usize = 3;
/// Passages retrieved before selection.
const CANDIDATES: usize = 12;
/// A passage scoring below this fraction of the best one is not used (beyond the first two).
const RELATIVE_FLOOR: f64 = 0.5;
/// Most paragraphs taken from the same document.
const PER_DOCUMENT: usize = 2;
/// Length cap of the excerpt shown in an answer paragraph, in characters.
const EXCERPT_CHARS: usize = 480;
/// Length cap of `cited_text`, in characters.
const CITED_TEXT_CHARS: usize = 1200;

/// Closing note appended to every answer.
pub const OFFLINE_NOTE: &str =
    "*This answer was composed offline by the stand-in agent built into \
magisterium-a2a, from a small corpus of summaries written for testing. It is not an answer from \
Magisterium AI, and the passages above paraphrase the documents cited rather than quote them.*";

/// Answer given when no passage matches the question.
pub const NO_HIT_MARKDOWN: &str = "I could not find anything on this in the offline corpus. The \
stand-in agent built into magisterium-a2a holds only a few dozen summarised documents (Second \
Vatican Council documents, papal encyclicals and exhortations, parts of the Catechism, the Nicene \
Creed and the Code of Canon Law), so try other keywords, or ask the real Magisterium AI \
service.\n\n---\n\n*This answer comes from the offline stand-in agent built into magisterium-a2a, \
not from Magisterium AI.*";

/// A composed answer: the Markdown text and the contents of the two optional data parts.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// Markdown answer with `[^n]` footnote markers.
    pub markdown: String,
    /// One citation object per footnote, in footnote order (empty when nothing was found).
    pub citations: Vec<Value>,
    /// At most [`MAX_RELATED_QUESTIONS`] follow-up questions (empty when nothing was found).
    pub related_questions: Vec<String>,
}

/// Composes the offline answer to `question`. Deterministic: the same question always gives the
/// same answer.
pub fn compose_answer(question: &str) -> Answer {
    let candidates = search::passages(question, CANDIDATES);
    let selected = select(&candidates);
    if selected.is_empty() {
        return Answer {
            markdown: NO_HIT_MARKDOWN.to_owned(),
            citations: Vec::new(),
            related_questions: Vec::new(),
        };
    }

    let words = search::tokenize(question);
    let mut markdown = lead(&selected);
    let mut citations = Vec::with_capacity(selected.len());
    for (index, passage) in selected.iter().enumerate() {
        markdown.push_str("\n\n");
        markdown.push_str(&paragraph(passage, index + 1, &words));
        citations.push(citation(passage, index, &words));
    }
    markdown.push_str("\n\n---\n\n");
    markdown.push_str(OFFLINE_NOTE);

    Answer {
        markdown,
        citations,
        related_questions: related_questions(&candidates, &selected),
    }
}

/// Picks the passages to use: best first, at most [`PER_DOCUMENT`] per document, no duplicates,
/// none far below the best; at least two when two exist, preferring the best document's own
/// paragraphs for the second.
fn select(candidates: &[Passage]) -> Vec<Passage> {
    let Some(top) = candidates.first() else {
        return Vec::new();
    };
    let floor = top.score * RELATIVE_FLOOR;
    let usable = |chosen: &[Passage], p: &Passage| {
        !chosen.iter().any(|q| q.text == p.text)
            && chosen.iter().filter(|q| q.doc.id == p.doc.id).count() < PER_DOCUMENT
    };
    let mut chosen: Vec<Passage> = Vec::new();
    for passage in candidates {
        if chosen.len() >= MAX_PARAGRAPHS || passage.score < floor {
            break;
        }
        if usable(&chosen, passage) {
            chosen.push(*passage);
        }
    }
    if chosen.len() < 2 {
        let second = candidates
            .iter()
            .find(|p| p.doc.id == top.doc.id && usable(&chosen, p))
            .or_else(|| candidates.iter().find(|p| usable(&chosen, p)));
        if let Some(second) = second {
            chosen.push(*second);
        }
    }
    chosen
}

/// `"The closest matches in the offline corpus come from *A* and the *B*."`
fn lead(selected: &[Passage]) -> String {
    let mut names: Vec<String> = Vec::new();
    for passage in selected {
        let name = display_name(passage.doc, true);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    format!(
        "The closest matches in the offline corpus come from {}.",
        join_names(&names)
    )
}

fn join_names(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `"From *Rerum Novarum* (Pope Leo XIII, 1891), section *Wages*: excerpt[^1]"`
fn paragraph(passage: &Passage, footnote: usize, words: &[String]) -> String {
    let doc = passage.doc;
    let mut out = format!(
        "From {} ({}, {})",
        display_name(doc, true),
        doc.author,
        doc.year
    );
    if !passage.heading.is_empty() {
        out.push_str(", section *");
        out.push_str(passage.heading);
        out.push('*');
    }
    out.push_str(": ");
    out.push_str(&excerpt(passage.text, words, EXCERPT_CHARS, 3));
    out.push_str(&format!("[^{footnote}]"));
    out
}

/// The citation object for `passage` at 0-based position `index`.
fn citation(passage: &Passage, index: usize, words: &[String]) -> Value {
    let doc = passage.doc;
    let heading = if passage.heading.is_empty() {
        Value::Null
    } else {
        Value::String(passage.heading.to_owned())
    };
    let mut map = Map::new();
    let cited = excerpt(passage.text, words, CITED_TEXT_CHARS, usize::MAX);
    map.insert("cited_text".into(), Value::String(cited));
    map.insert("cited_text_heading".into(), heading);
    map.insert("document_title".into(), Value::String(doc.title.to_owned()));
    map.insert("document_index".into(), Value::from(index as u64));
    map.insert(
        "document_author".into(),
        Value::String(doc.author.to_owned()),
    );
    map.insert("document_year".into(), Value::String(doc.year.to_owned()));
    map.insert(
        "document_reference".into(),
        Value::String(doc.reference.to_owned()),
    );
    map.insert(
        "source_url".into(),
        Value::String(doc.source_url.to_owned()),
    );
    Value::Object(map)
}

/// The document's name for running text, with an article where English needs one:
/// `*Rerum Novarum*`, `the *Code of Canon Law*`, `the *Nicene Creed*` (italics optional).
fn display_name(doc: &Document, italic: bool) -> String {
    let short = doc.short_title();
    let (article, name) = if let Some(rest) = short.strip_prefix("The ") {
        ("the ", rest)
    } else if short.starts_with("Code of") || short.starts_with("Catechism of") {
        ("the ", short)
    } else {
        ("", short)
    };
    if italic {
        format!("{article}*{name}*")
    } else {
        format!("{article}{name}")
    }
}

/// An extract of `text` around the sentence that shares most words with the question (`words`,
/// as produced by [`search::tokenize`]; the first sentence on ties or without overlap): whole
/// sentences, at most `max_sentences` of them and `max_chars` characters, extended forwards and
/// then backwards from the best one. `…` marks an extract that starts inside the paragraph, and
/// a single sentence longer than the limit is cut at a word boundary with `…`.
fn excerpt(text: &str, words: &[String], max_chars: usize, max_sentences: usize) -> String {
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
struct Sentence<'a> {
    start: usize,
    end: usize,
    text: &'a str,
    chars: usize,
}

/// Splits `text` into sentences at the ends found by [`sentence_ends`].
fn sentences(text: &str) -> Vec<Sentence<'_>> {
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

/// Follow-up questions from the retrieved passages' documents and headings, skipping the section
/// that was answered first, without duplicates, at most [`MAX_RELATED_QUESTIONS`].
fn related_questions(candidates: &[Passage], selected: &[Passage]) -> Vec<String> {
    let answered = selected.first().map(|p| (p.doc.id, p.heading));
    let floor = candidates.first().map_or(0.0, |p| p.score * RELATIVE_FLOOR);
    let mut out: Vec<String> = Vec::new();
    // First sections of well-matching passages, then sections of the others, then whole documents.
    for (topical, strong) in [(true, true), (true, false), (false, false)] {
        for passage in candidates {
            if out.len() >= MAX_RELATED_QUESTIONS {
                break;
            }
            if Some((passage.doc.id, passage.heading)) == answered
                || topic(passage.heading).is_some() != topical
                || (strong && passage.score < floor)
            {
                continue;
            }
            let question = question_for(passage);
            if !out.contains(&question) {
                out.push(question);
            }
        }
    }
    if out.is_empty() {
        if let Some(first) = selected.first() {
            out.push(question_for(first));
        }
    }
    out
}

/// `"What does Laudato Si' teach about integral ecology?"`, or a question about the document as
/// a whole when the heading does not read as a topic.
fn question_for(passage: &Passage) -> String {
    let name = display_name(passage.doc, false);
    match topic(passage.heading) {
        Some(topic) => format!("What does {name} teach about {topic}?"),
        None => format!("What are the main themes of {name}?"),
    }
}

/// The subject of a section heading, ready for the middle of a sentence: structural prefixes
/// (`Book IV, Part I, ...:`, `Chapter 3:`) and trailing references (`(cc. 1083-1094)`) removed,
/// first letter lowercased unless it starts a proper noun. `None` for generic or non-topical
/// headings (`Overview`, `In brief`, `Chapter 1: We have believed in love`).
fn topic(heading: &str) -> Option<String> {
    let mut topic = heading.trim();
    if let Some((prefix, rest)) = topic.rsplit_once(": ") {
        let first = prefix.split([' ', ',']).next().unwrap_or("");
        if STRUCTURAL.contains(&first) {
            topic = rest;
        }
    }
    if let Some((base, rest)) = topic.rsplit_once(" (") {
        if rest.ends_with(')') {
            topic = base;
        }
    }
    let topic = topic.trim().trim_end_matches(['.', '?', '!', ':']);
    if topic.is_empty() || topic.contains('?') {
        return None;
    }
    // "The fifth commandment: respect for human life" reads as "…, respect for human life".
    let topic = topic.replace(": ", ", ");
    let topic = topic.as_str();
    let first_word = topic.split([' ', ',']).next().unwrap_or("");
    let lowered = first_word.to_lowercase();
    if GENERIC.contains(&topic.to_lowercase().as_str()) || NOT_A_TOPIC.contains(&lowered.as_str()) {
        return None;
    }
    let mut chars = first_word.chars();
    let keep = KEEP_CAPITAL.contains(&first_word)
        || chars.next().is_none()
        || chars.any(char::is_uppercase);
    if keep {
        return Some(topic.to_owned());
    }
    let mut out = String::with_capacity(topic.len());
    let mut rest = topic.chars();
    if let Some(first) = rest.next() {
        out.extend(first.to_lowercase());
    }
    out.extend(rest);
    Some(out)
}

/// First words of headings that only locate a section (`Book IV, Part I:` …).
const STRUCTURAL: &[&str] = &[
    "Book",
    "Part",
    "Parts",
    "Section",
    "Title",
    "Titles",
    "Chapter",
    "Chapters",
    "Article",
    "Introduction",
    "Preface",
    "Conclusion",
];

/// Headings that name no topic.
const GENERIC: &[&str] = &[
    "overview",
    "in brief",
    "introduction",
    "conclusion",
    "general canons",
    "introductory canons",
    "introductory canon",
    "preliminary canons",
    "general",
];

/// First words that make a heading a sentence or quotation-like phrase rather than a topic.
const NOT_A_TOPIC: &[&str] = &[
    "we", "i", "you", "he", "she", "they", "it", "this", "unless", "lest", "teacher", "who",
    "what", "do", "does", "is", "love",
];

/// First words kept capitalised in the middle of a question.
const KEEP_CAPITAL: &[&str] = &[
    "Advent",
    "Anointing",
    "Apostolic",
    "Baptism",
    "Bible",
    "Blessed",
    "Buddhism",
    "Catechism",
    "Catholic",
    "Christ",
    "Christian",
    "Church",
    "Code",
    "Confirmation",
    "Council",
    "Creator",
    "Creed",
    "Decalogue",
    "Easter",
    "Eastern",
    "Eucharist",
    "Father",
    "God",
    "Gospel",
    "Gospels",
    "Hinduism",
    "Holy",
    "Islam",
    "Israel",
    "Jesus",
    "Jewish",
    "Jews",
    "Judaism",
    "Latin",
    "Lent",
    "Lord",
    "Magisterium",
    "Mary",
    "Matrimony",
    "Muslims",
    "Nicene",
    "Orders",
    "Penance",
    "Pope",
    "Rerum",
    "Roman",
    "Saint",
    "Scripture",
    "Spirit",
    "Sunday",
    "Synod",
    "Trinity",
    "Vatican",
    "Viaticum",
    "Virgin",
];

#[cfg(test)]
#[path = "tests/qa.rs"]
mod tests;
