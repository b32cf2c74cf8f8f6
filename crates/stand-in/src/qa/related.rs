//! Related questions: follow-ups built from the titles and section headings of the retrieved
//! passages.

use super::{display_name, MAX_RELATED_QUESTIONS, RELATIVE_FLOOR};
use crate::search::Passage;

/// Follow-up questions from the retrieved passages' documents and headings, skipping the section
/// that was answered first, without duplicates, at most [`MAX_RELATED_QUESTIONS`].
pub(super) fn related_questions(candidates: &[Passage], selected: &[Passage]) -> Vec<String> {
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
pub(super) fn topic(heading: &str) -> Option<String> {
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

// The heading words: data/heading_words.toml, made into `STRUCTURAL`, `GENERIC`, `NOT_A_TOPIC` and
// `KEEP_CAPITAL` by the build script (build/heading_words.rs).
include!(concat!(env!("OUT_DIR"), "/heading_words.rs"));
