//! Tests of `qa.rs` (a child module of it, so they reach its private items).

use super::excerpt::sentences;
use super::related::topic;
use super::*;
use crate::corpus;

/// The members the SDK's decoder checks in a citation.
use magisterium_core::results::CITATION_MEMBERS as MEMBERS;

/// Footnote numbers in order of appearance.
fn footnotes(markdown: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut rest = markdown;
    while let Some(start) = rest.find("[^") {
        let after = &rest[start + 2..];
        let end = after.find(']').unwrap();
        out.push(after[..end].parse().unwrap());
        rest = &after[end..];
    }
    out
}

fn check_shape(question: &str) -> Answer {
    let answer = compose_answer(question);
    let n = answer.citations.len();
    assert!(
        (2..=MAX_PARAGRAPHS).contains(&n),
        "{question}: {n} citations"
    );
    assert_eq!(
        footnotes(&answer.markdown),
        (1..=n).collect::<Vec<_>>(),
        "{}",
        answer.markdown
    );
    for (i, citation) in answer.citations.iter().enumerate() {
        let object = citation.as_object().unwrap();
        assert_eq!(object.len(), MEMBERS.len());
        for (key, ..) in MEMBERS {
            assert!(object.contains_key(key), "missing {key}");
        }
        assert_eq!(object["document_index"].as_u64(), Some(i as u64));
        let title = object["document_title"].as_str().unwrap();
        let doc = corpus::documents()
            .iter()
            .find(|d| d.title == title)
            .unwrap();
        assert_eq!(object["document_author"], doc.author);
        assert_eq!(object["document_year"], doc.year);
        assert_eq!(object["document_reference"], doc.reference);
        assert_eq!(object["source_url"], doc.source_url);
        let cited = object["cited_text"].as_str().unwrap();
        assert!(!cited.is_empty());
        assert!(doc.body.contains(cited.trim_end_matches('…')), "{cited}");
        match &object["cited_text_heading"] {
            Value::Null => {}
            Value::String(h) => assert!(doc.body.contains(h.as_str()) && !h.is_empty()),
            other => panic!("heading {other}"),
        }
    }
    // Each answer paragraph ends with its own marker.
    let paragraphs: Vec<&str> = answer
        .markdown
        .split("\n\n")
        .filter(|p| p.contains("[^"))
        .collect();
    assert_eq!(paragraphs.len(), n);
    for (i, p) in paragraphs.iter().enumerate() {
        assert!(p.ends_with(&format!("[^{}]", i + 1)), "{p}");
    }
    assert!(answer
        .markdown
        .starts_with("The closest matches in the offline corpus come from "));
    assert!(answer.markdown.ends_with(OFFLINE_NOTE));
    assert!(answer.related_questions.len() <= MAX_RELATED_QUESTIONS);
    assert!(!answer.related_questions.is_empty());
    for q in &answer.related_questions {
        assert!(q.starts_with("What ") && q.ends_with('?'), "{q}");
    }
    let mut unique = answer.related_questions.clone();
    unique.dedup();
    assert_eq!(unique.len(), answer.related_questions.len());
    answer
}

#[test]
fn answer_shape_for_typical_questions() {
    for question in [
        "What does Rerum Novarum teach about a just wage?",
        "What is the minimum age for marriage in canon law?",
        "Is cremation allowed?",
        "What does Laudato Si' say about climate change?",
        "Who can baptize?",
        "What is subsidiarity?",
        "What is the Eucharistic fast?",
        "How often must Catholics go to confession?",
        "Tell me about Humanae Vitae",
        "What did Vatican II teach about religious freedom?",
    ] {
        let answer = check_shape(question);
        println!(
            "--- {question}\n{}\nrelated: {:?}\n",
            answer.markdown, answer.related_questions
        );
    }
}

#[test]
fn answers_cite_the_document_asked_about() {
    let answer = compose_answer("What does Rerum Novarum teach about a just wage?");
    assert_eq!(
        answer.citations[0]["document_title"],
        "Rerum Novarum: On Capital and Labour"
    );
    assert_eq!(answer.citations[0]["cited_text_heading"], "Wages");
    assert!(answer
        .markdown
        .contains("From *Rerum Novarum* (Pope Leo XIII, 1891), section *Wages*: "));

    let answer = compose_answer("minimum age for marriage");
    let first = &answer.citations[0];
    assert!(first["document_title"]
        .as_str()
        .unwrap()
        .starts_with("Code of Canon Law"));
    assert!(first["cited_text"]
        .as_str()
        .unwrap()
        .starts_with("Canon 1083"));
    assert!(answer.markdown.contains("the *Code of Canon Law*"));
}

#[test]
fn related_questions_come_from_titles_and_headings() {
    let answer = compose_answer("minimum age for marriage");
    assert!(
        answer
            .related_questions
            .iter()
            .any(|q| q.starts_with("What does the Code of Canon Law teach about ")),
        "{:?}",
        answer.related_questions
    );
    assert_eq!(
        topic("Book IV, Part I, Title VII, Chapter IV: Matrimonial consent (cc. 1095-1107)")
            .as_deref(),
        Some("matrimonial consent")
    );
    assert_eq!(
        topic("Chapter 3: The human roots of the ecological crisis").as_deref(),
        Some("the human roots of the ecological crisis")
    );
    assert_eq!(topic("Wages").as_deref(), Some("wages"));
    assert_eq!(
        topic("The Church and the last things").as_deref(),
        Some("the Church and the last things")
    );
    assert_eq!(
        topic("Baptism in the economy of salvation (CCC 1217-1228)").as_deref(),
        Some("Baptism in the economy of salvation")
    );
    assert_eq!(
        topic("The fifth commandment: respect for human life (CCC 2258-2283)").as_deref(),
        Some("the fifth commandment, respect for human life")
    );
    assert_eq!(topic("Overview"), None);
    assert_eq!(topic("Chapter 1: We have believed in love"), None);
    assert_eq!(topic(""), None);
}

#[test]
fn no_hit_answer() {
    for question in ["", "   ", "xylophone quasar zeppelin", "what is the of and"] {
        let answer = compose_answer(question);
        assert_eq!(answer.markdown, NO_HIT_MARKDOWN);
        assert!(answer.citations.is_empty());
        assert!(answer.related_questions.is_empty());
        assert!(!answer.markdown.contains("[^"));
    }
    assert!(NO_HIT_MARKDOWN.contains("offline corpus"));
    assert!(NO_HIT_MARKDOWN.contains("not from Magisterium AI"));
}

#[test]
fn answers_are_deterministic() {
    for question in ["What is the Eucharistic fast?", "church", "Laudato Si'"] {
        assert_eq!(compose_answer(question), compose_answer(question));
    }
}

#[test]
fn long_and_odd_questions_are_handled() {
    let long = "What does the Church teach about marriage and the family? ".repeat(70);
    assert!(long.len() > 4000);
    let answer = compose_answer(&long);
    assert!(!answer.citations.is_empty());
    let odd = compose_answer("[^1] **bold** `code` <script> Ω Laudato Si' ecology");
    assert!(!odd.citations.is_empty());
    assert_eq!(
        footnotes(&odd.markdown),
        (1..=odd.citations.len()).collect::<Vec<_>>()
    );
}

#[test]
fn excerpts_keep_whole_sentences_around_the_question() {
    let none: Vec<String> = Vec::new();
    let text =
        "First sentence here. Second one follows, citing cc. 1083-1094 in passing. Third. Fourth.";
    assert_eq!(
        excerpt(text, &none, 480, 2),
        "First sentence here. Second one follows, citing cc. 1083-1094 in passing."
    );
    assert_eq!(excerpt(text, &none, 25, 3), "First sentence here.");
    assert_eq!(excerpt(text, &none, 2000, usize::MAX), text);
    assert_eq!(
        excerpt(
            "One very long sentence without any stop at all",
            &none,
            20,
            3
        ),
        "One very long…"
    );
    assert_eq!(
        excerpt("Ünïcödé têxt ẞ. Next sentence.", &none, 16, 1),
        "Ünïcödé têxt ẞ."
    );
    // The sentence matching the question is chosen, then the window grows forwards, then back.
    let words = search::tokenize("cremation");
    let text = "Alpha beta gamma. Delta epsilon. Cremation is permitted here. Zeta eta.";
    assert_eq!(
        excerpt(text, &words, 480, 1),
        "… Cremation is permitted here."
    );
    assert_eq!(
        excerpt(text, &words, 480, 2),
        "… Cremation is permitted here. Zeta eta."
    );
    assert_eq!(
        excerpt(text, &words, 480, 3),
        "… Delta epsilon. Cremation is permitted here. Zeta eta."
    );
    assert_eq!(excerpt(text, &words, 480, 4), text);
    assert_eq!(excerpt(text, &words, 12, 3), "… Cremation…");
}

#[test]
fn sentences_split_on_real_sentence_ends_only() {
    let s = sentences("Canon 97 fixes it at c. 18 years. Then cc. 98-99 follow! Is that all? yes.");
    let texts: Vec<&str> = s.iter().map(|s| s.text).collect();
    assert_eq!(
        texts,
        [
            "Canon 97 fixes it at c. 18 years.",
            "Then cc. 98-99 follow!",
            "Is that all? yes."
        ]
    );
    for sentence in &s {
        assert_eq!(sentence.chars, sentence.text.chars().count());
    }
}

#[test]
fn display_names_take_articles() {
    let name = |id: &str| display_name(corpus::find(id).unwrap(), false);
    assert_eq!(name("10007"), "Rerum Novarum");
    assert_eq!(name("10034"), "the Code of Canon Law");
    assert_eq!(name("10030"), "the Nicene Creed");
    assert_eq!(name("10033"), "the Catechism of the Catholic Church");
    assert_eq!(
        display_name(corpus::find("10026").unwrap(), true),
        "*Laudato Si'*"
    );
}
