//! The stand-in agent's document corpus: a small, fixed library of Magisterial documents, Catechism
//! sections, the Nicene Creed and the Code of Canon Law, served offline by `document_search`,
//! `document_fetch` and `catholic_qa`.
//!
//! Every body is an **original summary written for this crate** (a paraphrase organised under
//! Markdown headings), never the text of the document itself, and it contains no quotations. Titles,
//! authors, years and references are the real ones. The list is data, `corpus/documents.toml`
//! (made into a static table by the build script, build/corpus.rs), and the bodies live in
//! `corpus/*.md` beside this file, compiled in.
//!
//! Ids are stable five-digit numeric strings (`"10001"` to `"10034"`), in the style of the real
//! service's example ids. The Code of Canon Law (`"10034"`) is the deliberately large document (a
//! body of several hundred kilobytes) so that large `document_fetch` responses are exercised.
//!
//! **`source_url` values are stand-in values.** They follow the shape the real service emits,
//! `https://www.magisterium.com/docs/{uuid}/ref/{reference}`, but the UUIDs are deterministic fakes
//! (`5a3f0c2e-0000-4000-8000-0000000{id}`) and the reference is this corpus's own `reference`
//! field, percent-encoded. They do not resolve to anything on magisterium.com.

/// One document of the offline corpus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Document {
    /// Stable id, a five-digit numeric string such as `"10007"`.
    pub id: &'static str,
    /// Title, usually the Latin incipit followed by the English subtitle.
    pub title: &'static str,
    /// Pope, council or other author.
    pub author: &'static str,
    /// Year of promulgation or publication, as a string.
    pub year: &'static str,
    /// A plain reference (kind of document and date, or paragraph/canon range).
    pub reference: &'static str,
    /// Stand-in URL of the form `https://www.magisterium.com/docs/{uuid}/ref/{reference}`; the
    /// UUID is a deterministic fake.
    pub source_url: &'static str,
    /// Markdown body: an original summary, `#` title line then `##` sections of short paragraphs.
    pub body: &'static str,
}

impl Document {
    /// The short name used in prose: the title before its first `": "`, without a trailing
    /// parenthetical (`"Rerum Novarum"`, `"Code of Canon Law"`, `"The Nicene Creed"`).
    pub fn short_title(&self) -> &'static str {
        let head = match self.title.split_once(": ") {
            Some((head, _)) => head,
            None => self.title,
        };
        match head.rsplit_once(" (") {
            Some((base, rest)) if rest.ends_with(')') => base.trim_end(),
            _ => head,
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/corpus.rs"));

/// All documents of the corpus, in id order.
pub fn documents() -> &'static [Document] {
    &DOCUMENTS
}

/// The document with exactly this id (surrounding whitespace in `id` is ignored), if any.
pub fn find(id: &str) -> Option<&'static Document> {
    let id = id.trim();
    DOCUMENTS.iter().find(|doc| doc.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const URL_PREFIX: &str = "https://www.magisterium.com/docs/";

    fn percent_encode(s: &str) -> String {
        let mut out = String::new();
        for byte in s.bytes() {
            if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
                out.push(char::from(byte));
            } else {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
        out
    }

    #[test]
    fn at_least_25_documents_with_unique_numeric_ids() {
        let docs = documents();
        assert!(docs.len() >= 25, "only {} documents", docs.len());
        let ids: HashSet<&str> = docs.iter().map(|d| d.id).collect();
        assert_eq!(ids.len(), docs.len(), "duplicate ids");
        for doc in docs {
            assert_eq!(doc.id.len(), 5, "{}", doc.id);
            assert!(doc.id.bytes().all(|b| b.is_ascii_digit()), "{}", doc.id);
        }
        let mut sorted: Vec<&str> = docs.iter().map(|d| d.id).collect();
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            docs.iter().map(|d| d.id).collect::<Vec<_>>(),
            "not in id order"
        );
    }

    #[test]
    fn every_field_is_non_empty_and_trimmed() {
        for doc in documents() {
            for (name, value) in [
                ("id", doc.id),
                ("title", doc.title),
                ("author", doc.author),
                ("year", doc.year),
                ("reference", doc.reference),
                ("source_url", doc.source_url),
                ("body", doc.body),
            ] {
                assert!(!value.trim().is_empty(), "{} has empty {name}", doc.id);
                if name != "body" {
                    assert_eq!(value, value.trim(), "{} {name} not trimmed", doc.id);
                }
            }
            assert!((3..=4).contains(&doc.year.len()), "{}", doc.id);
            assert!(doc.year.bytes().all(|b| b.is_ascii_digit()), "{}", doc.id);
        }
    }

    #[test]
    fn source_urls_have_the_service_shape() {
        for doc in documents() {
            let expected = format!(
                "{URL_PREFIX}5a3f0c2e-0000-4000-8000-0000000{}/ref/{}",
                doc.id,
                percent_encode(doc.reference)
            );
            assert_eq!(doc.source_url, expected, "{}", doc.id);
        }
    }

    #[test]
    fn bodies_are_markdown_with_title_and_sections() {
        for doc in documents() {
            assert!(
                doc.body.starts_with("# "),
                "{} body must start with a # title",
                doc.id
            );
            let sections = doc.body.lines().filter(|l| l.starts_with("## ")).count();
            assert!(sections >= 3, "{} has only {sections} sections", doc.id);
            assert!(!doc.body.contains('\r'), "{} has CR characters", doc.id);
            let words = doc.body.split_whitespace().count();
            assert!(words >= 300, "{} has only {words} words", doc.id);
        }
    }

    #[test]
    fn one_body_is_at_least_300_kb_and_the_corpus_stays_small() {
        let largest = documents().iter().max_by_key(|d| d.body.len()).unwrap();
        assert!(
            largest.body.len() >= 300 * 1024,
            "largest body is {} bytes",
            largest.body.len()
        );
        assert_eq!(largest.id, "10034");
        let total: usize = documents().iter().map(|d| d.body.len()).sum();
        assert!(total < 1_200_000, "corpus is {total} bytes");
        println!(
            "largest body: {} ({} bytes); corpus total {total} bytes",
            largest.id,
            largest.body.len()
        );
    }

    #[test]
    fn bodies_contain_no_quotation_marks() {
        // Heuristic for the no-invented-quotations rule: the summaries paraphrase, so they need no
        // double quotation marks at all (straight, curly or guillemets).
        for doc in documents() {
            for mark in ['"', '\u{201C}', '\u{201D}', '\u{00AB}', '\u{00BB}'] {
                assert!(!doc.body.contains(mark), "{} contains {mark:?}", doc.id);
            }
            assert!(!doc.title.contains('"'), "{}", doc.id);
        }
    }

    #[test]
    fn no_filler_or_repeated_paragraphs() {
        let mut seen = HashSet::new();
        for doc in documents() {
            let lower = doc.body.to_lowercase();
            assert!(!lower.contains("lorem ipsum"), "{}", doc.id);
            for para in doc
                .body
                .split("\n\n")
                .map(str::trim)
                .filter(|p| p.len() > 120)
            {
                assert!(
                    seen.insert(para),
                    "{} repeats a paragraph: {}",
                    doc.id,
                    &para[..80]
                );
            }
        }
    }

    #[test]
    fn every_body_says_it_is_a_summary() {
        for doc in documents() {
            let head: String = doc
                .body
                .chars()
                .take(600)
                .collect::<String>()
                .to_lowercase();
            assert!(
                head.contains("summary") || head.contains("guide"),
                "{}",
                doc.id
            );
            assert!(head.contains("magisterium-a2a"), "{}", doc.id);
        }
    }

    #[test]
    fn find_is_exact_and_trims_input() {
        assert_eq!(find("10007").unwrap().short_title(), "Rerum Novarum");
        assert_eq!(find("  10007\n").unwrap().id, "10007");
        assert!(find("1000").is_none());
        assert!(find("100070").is_none());
        assert!(find("").is_none());
        assert!(find("rerum-novarum").is_none());
        for doc in documents() {
            assert_eq!(find(doc.id), Some(doc));
        }
    }

    #[test]
    fn short_titles() {
        assert_eq!(find("10026").unwrap().short_title(), "Laudato Si'");
        assert_eq!(find("10034").unwrap().short_title(), "Code of Canon Law");
        assert_eq!(find("10030").unwrap().short_title(), "The Nicene Creed");
        assert_eq!(
            find("10031").unwrap().short_title(),
            "Catechism of the Catholic Church"
        );
    }

    #[test]
    fn known_facts_are_recorded() {
        let rn = find("10007").unwrap();
        assert_eq!((rn.author, rn.year), ("Pope Leo XIII", "1891"));
        let lg = find("10001").unwrap();
        assert_eq!((lg.author, lg.year), ("Second Vatican Council", "1964"));
        assert!(lg.reference.contains("21 November 1964"));
        let sc = find("10003").unwrap();
        assert!(sc.reference.contains("4 December 1963"));
        let ls = find("10026").unwrap();
        assert_eq!((ls.author, ls.year), ("Pope Francis", "2015"));
    }
}
