//! Tests of `search.rs` (a child module of it, so they reach its private items).

use super::index::{index, Index};
use super::tokenizer::is_stop_word;
use super::*;

fn ids(hits: &[Hit]) -> Vec<&'static str> {
    hits.iter().map(|h| h.doc.id).collect()
}

#[test]
fn stop_words() {
    for word in ["the", "of", "what", "does", "about", "your"] {
        assert!(is_stop_word(word), "{word}");
    }
    for word in ["church", "law", "wage", "god", "faith"] {
        assert!(!is_stop_word(word), "{word}");
    }
}

#[test]
fn tokenizer_lowercases_splits_stems_and_drops_stop_words() {
    assert_eq!(tokenize("What are the Workers' WAGES?"), ["worker", "wage"]);
    assert_eq!(
        tokenize("families, bishops, status, process"),
        ["family", "bishop", "status", "process"]
    );
    assert_eq!(tokenize("Laudato Si' (2015)"), ["laudato", "si", "2015"]);
    assert_eq!(
        tokenize("Canon 1055 § 1 of the Code"),
        ["canon", "1055", "1", "code"]
    );
    assert_eq!(
        tokenize("Thérèse of Lisieux, Ñandú"),
        ["theres", "lisieux", "nandu"]
    );
    assert_eq!(
        tokenize("baptize baptised baptising Baptism"),
        ["baptis", "baptis", "baptis", "baptism"]
    );
    assert_eq!(
        tokenize("teaching taught creed need"),
        ["teach", "creed", "need"]
    );
    assert_eq!(tokenize("Μακάριοι οἱ πτωχοί"), ["μακάριοι", "οἱ", "πτωχοί"]);
    assert!(tokenize("").is_empty());
    assert!(tokenize("what is the and of to").is_empty());
    assert!(tokenize("?! -- ... a b c").is_empty());
}

#[test]
fn rerum_novarum_query_ranks_rerum_novarum_first() {
    let hits = search("Rerum Novarum workers wages", 10);
    assert_eq!(hits[0].doc.id, "10007", "{:?}", ids(&hits));
    assert!(hits.len() > 3);
    assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
}

#[test]
fn title_word_outranks_body_mentions() {
    // "liturgy" is in the title of Sacrosanctum Concilium and appears many times in the bodies
    // of the Catechism sections and the Code of Canon Law.
    let hits = search("liturgy", 10);
    assert_eq!(hits[0].doc.id, "10003", "{:?}", ids(&hits));
    let body_mentions = hits
        .iter()
        .filter(|h| !h.doc.title.to_lowercase().contains("liturgy"))
        .count();
    assert!(body_mentions >= 3, "{:?}", ids(&hits));
    // Same for a single-word title.
    assert_eq!(search("hope", 5)[0].doc.id, "10022");
    assert_eq!(search("fraternity", 5)[0].doc.id, "10028");
}

#[test]
fn idf_rewards_rare_terms() {
    let index = index();
    let df = |word: &str| {
        let id = index.terms[word];
        index.body_postings[id as usize].len()
    };
    // "church" is in nearly every document; "encyclical" in many; "sequestration" in one.
    assert!(df("church") > df("encyclical"));
    assert_eq!(df("sequestration"), 1);
    let n = corpus::documents().len() as f64;
    assert!(idf(n, 1.0) > idf(n, df("encyclical") as f64));
    assert!(idf(n, df("church") as f64) > 0.0, "idf stays positive");
    // A rare word decides the ranking even next to a common one.
    let hits = search("church sequestration", 3);
    assert_eq!(hits[0].doc.id, "10034");
    // A word absent from a document never scores it.
    assert!(search("sequestration", 10)
        .iter()
        .all(|h| h.doc.id == "10034"));
}

#[test]
fn empty_and_unknown_queries_give_nothing() {
    assert!(search("", 10).is_empty());
    assert!(search("   ", 10).is_empty());
    assert!(search("the of and what is", 10).is_empty());
    assert!(search("xylophone quasar zeppelin", 10).is_empty());
    assert!(search("Rerum Novarum", 0).is_empty());
    assert!(passages("", 5).is_empty());
    assert!(passages("of the", 5).is_empty());
    assert!(passages("xylophone", 5).is_empty());
}

#[test]
fn limit_and_tie_order_are_respected() {
    let all = search("church", 100);
    assert!(all.len() >= 25);
    assert_eq!(search("church", 4), all[..4].to_vec());
    for w in all.windows(2) {
        assert!(w[0].score > w[1].score || (w[0].score == w[1].score && w[0].doc.id < w[1].doc.id));
    }
}

#[test]
fn searches_reach_the_code_of_canon_law_and_catechism() {
    assert_eq!(
        search("canon law matrimonial consent impediments", 3)[0]
            .doc
            .id,
        "10034"
    );
    assert_eq!(
        search("catechism confirmation chrism", 3)[0].doc.id,
        "10031"
    );
    assert_eq!(search("Nicene creed consubstantial", 3)[0].doc.id, "10030");
    assert_eq!(
        search("climate change ecological conversion", 3)[0].doc.id,
        "10026"
    );
}

#[test]
fn passages_are_paragraphs_with_their_section_heading() {
    let ps = passages("minimum age for marriage", 5);
    assert!(!ps.is_empty());
    let top = ps[0];
    assert_eq!(top.doc.id, "10034", "{top:?}");
    assert!(top.text.contains("1083"), "{}", top.text);
    assert!(
        top.heading.contains("Specific diriment impediments"),
        "{}",
        top.heading
    );
    assert!(top.doc.body.contains(top.text));
    for p in &ps {
        assert!(!p.text.is_empty());
        assert!(!p.text.contains("\n\n"));
        assert!(!p.text.starts_with('#'));
        assert!(p.score > 0.0);
    }
    assert!(ps.windows(2).all(|w| w[0].score >= w[1].score));
}

#[test]
fn passages_prefer_the_document_named_in_the_question() {
    let ps = passages("What does Rerum Novarum teach about a just wage?", 5);
    assert_eq!(ps[0].doc.id, "10007", "{:?}", ps[0]);
    assert_eq!(ps[0].heading, "Wages");
    let ps = passages("What does Laudato Si' say about water?", 3);
    assert_eq!(ps[0].doc.id, "10026");
}

#[test]
fn opening_note_has_no_heading_and_no_italic_markers() {
    let index = index();
    let first = index.passages.iter().find(|p| p.doc == 6).unwrap();
    assert_eq!(first.heading, "");
    assert!(
        first.text.starts_with("Encyclical letter of Pope Leo XIII"),
        "{}",
        first.text
    );
    assert!(!first.text.ends_with('*'));
}

#[test]
fn every_paragraph_of_every_body_is_indexed() {
    let index = index();
    let docs = corpus::documents();
    for (di, doc) in docs.iter().enumerate() {
        let expected = doc
            .body
            .split("\n\n")
            .map(str::trim)
            .filter(|b| !b.is_empty() && !b.starts_with('#'))
            .count();
        let got = index
            .passages
            .iter()
            .filter(|p| p.doc as usize == di)
            .count();
        assert_eq!(got, expected, "{}", doc.id);
    }
}

/// On-CPU time of this thread in milliseconds (Linux only), to separate the index's own cost
/// from waiting on a busy machine.
fn thread_cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

#[test]
#[allow(clippy::disallowed_methods)]
fn index_build_time() {
    // Timing is reported, not asserted: it depends on the machine and its load.
    let mut wall = Vec::new();
    let mut cpu = Vec::new();
    let mut built = None;
    for _ in 0..5 {
        let cpu_start = thread_cpu_ms();
        let start = std::time::Instant::now();
        built = Some(Index::build(corpus::documents()));
        wall.push(start.elapsed().as_secs_f64() * 1000.0);
        if let (Some(a), Some(b)) = (cpu_start, thread_cpu_ms()) {
            cpu.push(b - a);
        }
    }
    let built = built.unwrap();
    let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "index build ({} profile): first {:.1} ms wall, best {:.1} ms wall, best {:.1} ms on-CPU; \
         {} documents, {} passages, {} terms",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        wall[0],
        min(&wall),
        min(&cpu),
        built.body_len.len(),
        built.passages.len(),
        built.terms.len(),
    );
    assert_eq!(built.body_len.len(), corpus::documents().len());
}
