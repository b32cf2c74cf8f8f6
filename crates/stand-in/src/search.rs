//! BM25 retrieval over the stand-in corpus, at two grains:
//!
//! - [`search`] ranks whole documents (for `document_search`). Each document has two fields, the
//!   body (plus author and reference) and the title; a document's score is its body BM25 plus
//!   [`TITLE_WEIGHT`] times its title BM25, both with the same document-level idf, so a word in a
//!   title outranks mentions in bodies while words common to the whole corpus stay weak.
//! - [`passages`] ranks paragraphs (for `catholic_qa`). A passage is one paragraph of a body
//!   together with the heading of its section. Query words are split into *name* words, found in
//!   some document's name (the title before its subtitle: `rerum`, `novarum`, `catechism`), and
//!   *content* words (everything else, subtitles included: `wage`, `liturgy`, `freedom`). A
//!   passage qualifies by containing a content word (or, for a question made only of names, a
//!   name word); its score is its BM25 over content words, plus a damped BM25 over name words
//!   ([`TITLE_TERM_DAMPING`]), plus its document's title BM25 ([`PASSAGE_TITLE_WEIGHT`]) scaled by
//!   the squared share of the query's title words that the title contains. Asking about
//!   *Rerum Novarum* thus favours that encyclical's paragraphs without letting every paragraph
//!   that merely names it win.
//!
//! BM25 uses `k1 = 1.2`, `b = 0.75` and the non-negative idf `ln(1 + (N - df + 0.5) / (df + 0.5))`.
//! The tokenizer lowercases, folds common Latin accents, splits on anything that is not
//! alphanumeric (Unicode-aware), drops single letters and a short English stop-word list, and
//! applies a light suffix stemmer (`wages` → `wage`, `families` → `family`, `teaching` → `teach`,
//! `baptize` and `baptised` → `baptis`).
//!
//! The index is built once, lazily, on the first query (`OnceLock`), which matters because a
//! Cloudflare Worker builds it on its first request. The tokenizer works on bytes with an ASCII
//! fast path and stop words sit in a hash set, so that a size-optimised build stays cheap:
//! measured natively on a loaded 2-core machine, a full build (≈0.8 MB of text, ≈1,300 passages)
//! takes about 10 ms of CPU at `opt-level = 3` and about 20 ms at `opt-level = "z"`.

use std::cmp::Ordering;

use crate::corpus::{self, Document};

mod blocks;
mod fnv;
mod index;
mod tokenizer;

use index::{index_and_terms, Field};
pub use tokenizer::tokenize;

/// BM25 term-frequency saturation.
pub const K1: f64 = 1.2;
/// BM25 length normalisation.
pub const B: f64 = 0.75;
/// Weight of the title field relative to the body field in [`search`].
pub const TITLE_WEIGHT: f64 = 3.0;
/// Weight of a document's title score added to its matching passages in [`passages`].
pub const PASSAGE_TITLE_WEIGHT: f64 = 2.0;
/// In [`passages`], weight of the passage-level BM25 of query words that belong to some
/// document's name (such as `rerum`, `novarum`): those words mostly select a document, which the
/// title bonus already rewards, so a paragraph that merely names the document does not outrank
/// one that answers the question.
pub const TITLE_TERM_DAMPING: f64 = 0.25;

/// A ranked document.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// The document.
    pub doc: &'static Document,
    /// Its BM25 score (always positive).
    pub score: f64,
}

/// A ranked paragraph of a document.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Passage {
    /// The document the paragraph belongs to.
    pub doc: &'static Document,
    /// Heading of the paragraph's section, without the `#` marks; `""` before the first section.
    pub heading: &'static str,
    /// The paragraph (a slice of the document body, trimmed, italic markers removed).
    pub text: &'static str,
    /// Its score (always positive).
    pub score: f64,
}

/// Ranks documents for `query`, best first (ties by id), at most `limit` of them.
///
/// A query with no indexed term (empty, stop words only, or words absent from the corpus) gives
/// an empty vector.
pub fn search(query: &str, limit: usize) -> Vec<Hit> {
    let Some((index, terms)) = index_and_terms(query, limit) else {
        return Vec::new();
    };
    let docs = corpus::documents();
    let body = index.doc_field_scores(&terms, Field::Body);
    let title = index.doc_field_scores(&terms, Field::Title);
    let mut hits: Vec<Hit> = docs
        .iter()
        .zip(body.iter().zip(title.iter()))
        .map(|(doc, (b, t))| Hit {
            doc,
            score: b + TITLE_WEIGHT * t,
        })
        .filter(|hit| hit.score > 0.0)
        .collect();
    hits.sort_by(|a, b| by_score_then(a.score, b.score).then_with(|| a.doc.id.cmp(b.doc.id)));
    hits.truncate(limit);
    hits
}

/// Ranks paragraphs for `query`, best first (ties by document id, then order in the document), at
/// most `limit` of them. Empty when no paragraph matches any query term.
pub fn passages(query: &str, limit: usize) -> Vec<Passage> {
    let Some((index, terms)) = index_and_terms(query, limit) else {
        return Vec::new();
    };
    // Content terms decide which paragraphs qualify; name terms (words of some document's name)
    // only add a damped score of their own plus the title bonus of the paragraph's document.
    let has_content_terms = terms.iter().any(|&t| !index.is_name_term(t));
    let mut content = vec![0.0_f64; index.passages.len()];
    let mut titled = vec![0.0_f64; index.passages.len()];
    let n = index.passages.len() as f64;
    for &term in &terms {
        let Some(postings) = index.passage_postings.get(term as usize) else {
            continue;
        };
        let idf = idf(n, postings.len() as f64);
        let target = if index.is_name_term(term) {
            &mut titled
        } else {
            &mut content
        };
        for &(p, tf) in postings {
            let (Some(entry), Some(score)) =
                (index.passages.get(p as usize), target.get_mut(p as usize))
            else {
                continue;
            };
            *score += bm25(
                f64::from(tf),
                f64::from(entry.len),
                index.avg_passage_len,
                idf,
            );
        }
    }
    let title = index.doc_field_scores(&terms, Field::Title);
    let coverage = index.title_coverage(&terms);
    let docs = corpus::documents();
    let mut ranked: Vec<(usize, Passage)> = index
        .passages
        .iter()
        .zip(content.iter().zip(titled.iter()))
        .enumerate()
        .filter_map(|(i, (entry, (&content, &titled)))| {
            let d = entry.doc as usize;
            let bonus =
                title.get(d).copied().unwrap_or(0.0) * coverage.get(d).copied().unwrap_or(0.0);
            // With content terms, a paragraph must contain one of them; a question made only of
            // names ("Tell me about Humanae Vitae") takes the paragraphs that use those names.
            let qualifies = if has_content_terms {
                content > 0.0
            } else {
                titled > 0.0
            };
            if !qualifies {
                return None;
            }
            let doc = docs.get(entry.doc as usize)?;
            let score = content + TITLE_TERM_DAMPING * titled + PASSAGE_TITLE_WEIGHT * bonus;
            Some((
                i,
                Passage {
                    doc,
                    heading: entry.heading,
                    text: entry.text,
                    score,
                },
            ))
        })
        .collect();
    ranked.sort_by(|(ia, a), (ib, b)| {
        by_score_then(a.score, b.score)
            .then_with(|| a.doc.id.cmp(b.doc.id))
            .then_with(|| ia.cmp(ib))
    });
    ranked.truncate(limit);
    ranked.into_iter().map(|(_, passage)| passage).collect()
}

/// Descending by score; NaN never occurs (scores are sums of finite positive terms).
fn by_score_then(a: f64, b: f64) -> Ordering {
    b.total_cmp(&a)
}

fn idf(n: f64, df: f64) -> f64 {
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

fn bm25(tf: f64, len: f64, avg_len: f64, idf: f64) -> f64 {
    let norm = if avg_len > 0.0 { len / avg_len } else { 1.0 };
    idf * tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * norm))
}

#[cfg(test)]
#[path = "tests/search.rs"]
mod tests;
