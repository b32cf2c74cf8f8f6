//! The stand-in agent's `catholic_qa` answer composer: extractive, offline and deterministic.
//!
//! [`compose_answer`] retrieves the best paragraphs of the corpus with
//! [`search::passages`](crate::search::passages) and lays them out as Markdown: a
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

use crate::corpus::Document;
use crate::search::{self, Passage};

mod excerpt;
mod related;

use excerpt::excerpt;
use related::related_questions;

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

#[cfg(test)]
#[path = "tests/qa.rs"]
mod tests;
