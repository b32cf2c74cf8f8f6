//! The inverted index over the corpus: its term dictionary, postings per field (document bodies,
//! titles, passages) and lengths, built once on the first query.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::blocks::{blocks, Block};
use super::fnv::FnvBuildHasher;
use super::tokenizer::for_each_token;
use super::{bm25, idf};
use crate::corpus::{self, Document};

#[derive(Debug, Clone, Copy)]
pub(super) enum Field {
    Body,
    Title,
}

#[derive(Debug)]
pub(super) struct PassageEntry {
    pub(super) doc: u32,
    pub(super) heading: &'static str,
    pub(super) text: &'static str,
    /// Tokens in heading + text.
    pub(super) len: u32,
}

/// Term id → postings `(owner, term frequency)`, sorted by owner.
type Postings = Vec<Vec<(u32, u32)>>;

#[derive(Debug, Default)]
pub(super) struct Index {
    pub(super) terms: HashMap<String, u32, FnvBuildHasher>,
    /// Per term id: whether it occurs in some document's name, the part of its title before
    /// `": "` (`rerum`, `novarum`, `catechism`), as opposed to a subtitle (`liturgy`, `freedom`).
    name_terms: Vec<bool>,
    pub(super) body_postings: Postings,
    title_postings: Postings,
    pub(super) passage_postings: Postings,
    pub(super) body_len: Vec<u32>,
    title_len: Vec<u32>,
    avg_body_len: f64,
    avg_title_len: f64,
    pub(super) passages: Vec<PassageEntry>,
    pub(super) avg_passage_len: f64,
}

/// The index and the indexed terms of `query`; `None` when nothing can match (`limit` 0, or no
/// indexed term in the query).
pub(super) fn index_and_terms(query: &str, limit: usize) -> Option<(&'static Index, Vec<u32>)> {
    if limit == 0 {
        return None;
    }
    let index = index();
    let terms = index.query_terms(query);
    (!terms.is_empty()).then_some((index, terms))
}

pub(super) fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| Index::build(corpus::documents()))
}

impl Index {
    pub(super) fn build(docs: &'static [Document]) -> Index {
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
    pub(super) fn is_name_term(&self, term: u32) -> bool {
        self.name_terms.get(term as usize).copied().unwrap_or(false)
    }

    /// Per document, the share of the query's title words (words found in any title) that its
    /// own title contains, squared: a title matching `humanae vitae` in full beats one matching
    /// only `humanae`. 0 where the query has no title word.
    pub(super) fn title_coverage(&self, terms: &[u32]) -> Vec<f64> {
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
    pub(super) fn doc_field_scores(&self, terms: &[u32], field: Field) -> Vec<f64> {
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
