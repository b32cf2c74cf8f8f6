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
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::OnceLock;

use crate::worker::agent::corpus::{self, Document};

mod blocks;
mod tokenizer;

use blocks::{blocks, Block};

use tokenizer::for_each_token;
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

#[derive(Debug, Clone, Copy)]
enum Field {
    Body,
    Title,
}

#[derive(Debug)]
struct PassageEntry {
    doc: u32,
    heading: &'static str,
    text: &'static str,
    /// Tokens in heading + text.
    len: u32,
}

/// Term id → postings `(owner, term frequency)`, sorted by owner.
type Postings = Vec<Vec<(u32, u32)>>;

/// FNV-1a: much cheaper than the default SipHash for short keys. Only corpus words are ever
/// inserted (queries just look words up), so hash flooding is not a concern.
#[derive(Debug, Default, Clone, Copy)]
struct FnvBuildHasher;

#[derive(Debug)]
struct FnvHasher(u64);

impl BuildHasher for FnvBuildHasher {
    type Hasher = FnvHasher;
    fn build_hasher(&self) -> FnvHasher {
        FnvHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for FnvHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[derive(Debug, Default)]
struct Index {
    terms: HashMap<String, u32, FnvBuildHasher>,
    /// Per term id: whether it occurs in some document's name, the part of its title before
    /// `": "` (`rerum`, `novarum`, `catechism`), as opposed to a subtitle (`liturgy`, `freedom`).
    name_terms: Vec<bool>,
    body_postings: Postings,
    title_postings: Postings,
    passage_postings: Postings,
    body_len: Vec<u32>,
    title_len: Vec<u32>,
    avg_body_len: f64,
    avg_title_len: f64,
    passages: Vec<PassageEntry>,
    avg_passage_len: f64,
}

/// The index and the indexed terms of `query`; `None` when nothing can match (`limit` 0, or no
/// indexed term in the query).
fn index_and_terms(query: &str, limit: usize) -> Option<(&'static Index, Vec<u32>)> {
    if limit == 0 {
        return None;
    }
    let index = index();
    let terms = index.query_terms(query);
    (!terms.is_empty()).then_some((index, terms))
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| Index::build(corpus::documents()))
}

impl Index {
    fn build(docs: &'static [Document]) -> Index {
        let mut index = Index::default();
        let mut title = Counter::default();
        let mut body = Counter::default();
        let mut passage = Counter::default();
        let mut ids: Vec<u32> = Vec::new();
        let mut heading_ids: Vec<u32> = Vec::new();
        for (di, doc) in docs.iter().enumerate() {
            let di = di as u32;

            ids.clear();
            index.intern_tokens(doc.title, &mut ids);
            title.add_all(&ids);
            index
                .title_len
                .push(title.flush(di, &mut index.title_postings));
            ids.clear();
            let name = doc
                .title
                .split_once(": ")
                .map_or(doc.title, |(name, _)| name);
            index.intern_tokens(name, &mut ids);
            for &id in &ids {
                if let Some(flag) = index.name_terms.get_mut(id as usize) {
                    *flag = true;
                }
            }

            ids.clear();
            index.intern_tokens(doc.author, &mut ids);
            index.intern_tokens(doc.reference, &mut ids);
            body.add_all(&ids);
            heading_ids.clear();
            let mut heading = "";
            let mut first = true;
            blocks(doc.body, |block| match block {
                Block::Heading { level, text } => {
                    heading_ids.clear();
                    index.intern_tokens(text, &mut heading_ids);
                    body.add_all(&heading_ids);
                    // The opening `# Title` line names the document, not a section.
                    if first && level == 1 {
                        heading_ids.clear();
                        heading = "";
                    } else {
                        heading = text;
                    }
                    first = false;
                }
                Block::Paragraph(text) => {
                    first = false;
                    ids.clear();
                    index.intern_tokens(text, &mut ids);
                    body.add_all(&ids);
                    passage.add_all(&heading_ids);
                    passage.add_all(&ids);
                    let pi = index.passages.len() as u32;
                    let len = passage.flush(pi, &mut index.passage_postings);
                    index.passages.push(PassageEntry {
                        doc: di,
                        heading,
                        text,
                        len,
                    });
                }
            });
            index
                .body_len
                .push(body.flush(di, &mut index.body_postings));
        }
        index.avg_body_len = mean(&index.body_len);
        index.avg_title_len = mean(&index.title_len);
        let passage_lens: Vec<u32> = index.passages.iter().map(|p| p.len).collect();
        index.avg_passage_len = mean(&passage_lens);
        index
    }

    /// Appends the term ids of `text` to `out`, adding unseen terms to the dictionary.
    fn intern_tokens(&mut self, text: &str, out: &mut Vec<u32>) {
        for_each_token(text, |token| {
            let id = match self.terms.get(token) {
                Some(&id) => id,
                None => {
                    let id = self.terms.len() as u32;
                    self.terms.insert(token.to_owned(), id);
                    self.body_postings.push(Vec::new());
                    self.title_postings.push(Vec::new());
                    self.passage_postings.push(Vec::new());
                    self.name_terms.push(false);
                    id
                }
            };
            out.push(id);
        });
    }

    /// Distinct known term ids of a query, in ascending order.
    fn query_terms(&self, query: &str) -> Vec<u32> {
        let mut ids = Vec::new();
        for_each_token(query, |token| {
            if let Some(&id) = self.terms.get(token) {
                ids.push(id);
            }
        });
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// Whether the term belongs to some document's name (see `name_terms`).
    fn is_name_term(&self, term: u32) -> bool {
        self.name_terms.get(term as usize).copied().unwrap_or(false)
    }

    /// Per document, the share of the query's title words (words found in any title) that its
    /// own title contains, squared: a title matching `humanae vitae` in full beats one matching
    /// only `humanae`. 0 where the query has no title word.
    fn title_coverage(&self, terms: &[u32]) -> Vec<f64> {
        let mut hits = vec![0_u32; self.title_len.len()];
        let mut asked = 0_u32;
        for &term in terms {
            let Some(list) = self.title_postings.get(term as usize) else {
                continue;
            };
            if list.is_empty() {
                continue;
            }
            asked += 1;
            for &(d, _) in list {
                if let Some(hit) = hits.get_mut(d as usize) {
                    *hit += 1;
                }
            }
        }
        hits.iter()
            .map(|&h| {
                if asked == 0 {
                    0.0
                } else {
                    (f64::from(h) / f64::from(asked)).powi(2)
                }
            })
            .collect()
    }

    /// Document-level idf of a term, shared by both fields (as in BM25F): a word common across
    /// the corpus stays weak even when it appears in a few titles. The body field contains each
    /// document's `#` title line, so its document frequency counts title occurrences too.
    fn doc_idf(&self, term: u32) -> f64 {
        let df = self.body_postings.get(term as usize).map_or(0, Vec::len);
        idf(self.body_len.len() as f64, df as f64)
    }

    /// BM25 of every document (by corpus position) in one field.
    fn doc_field_scores(&self, terms: &[u32], field: Field) -> Vec<f64> {
        let (postings, lens, avg) = match field {
            Field::Body => (&self.body_postings, &self.body_len, self.avg_body_len),
            Field::Title => (&self.title_postings, &self.title_len, self.avg_title_len),
        };
        let mut scores = vec![0.0_f64; lens.len()];
        for &term in terms {
            let Some(list) = postings.get(term as usize) else {
                continue;
            };
            if list.is_empty() {
                continue;
            }
            let idf = self.doc_idf(term);
            for &(d, tf) in list {
                let (Some(&len), Some(score)) = (lens.get(d as usize), scores.get_mut(d as usize))
                else {
                    continue;
                };
                *score += bm25(f64::from(tf), f64::from(len), avg, idf);
            }
        }
        scores
    }
}

/// Term counts of one field of one owner (document or passage), flushed into postings. Dense
/// counts indexed by term id plus the list of touched ids: no sorting, no hashing.
#[derive(Debug, Default)]
struct Counter {
    counts: Vec<u32>,
    touched: Vec<u32>,
    total: u32,
}

impl Counter {
    fn add_all(&mut self, ids: &[u32]) {
        for &id in ids {
            let slot = id as usize;
            if slot >= self.counts.len() {
                self.counts.resize(slot + 1, 0);
            }
            if let Some(count) = self.counts.get_mut(slot) {
                if *count == 0 {
                    self.touched.push(id);
                }
                *count += 1;
            }
        }
        self.total += ids.len() as u32;
    }

    /// Appends `(owner, count)` to the postings of every counted term, resets, and returns the
    /// number of tokens counted.
    fn flush(&mut self, owner: u32, postings: &mut Postings) -> u32 {
        for &id in &self.touched {
            if let Some(count) = self.counts.get_mut(id as usize) {
                if let Some(list) = postings.get_mut(id as usize) {
                    list.push((owner, *count));
                }
                *count = 0;
            }
        }
        self.touched.clear();
        std::mem::take(&mut self.total)
    }
}

fn mean(values: &[u32]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.iter().map(|&v| f64::from(v)).sum::<f64>() / values.len() as f64
}

#[cfg(test)]
#[path = "tests/search.rs"]
mod tests;
