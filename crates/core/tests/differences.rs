//! `response_differences` (`responseDifferences` in the SDK) over the named drift fixtures: each
//! row of the coercion table (`coerce::TABLE`) noted with its path, an unknown member, a missing
//! documented member, nothing for an answer as documented, and the decoder's own error for an
//! answer it rejects.

use crate::common::drift::CASES;
use magisterium_core::coerce::Text;
use magisterium_core::results::{
    decode_skill_response, response_differences, Difference, DifferenceKind, SkillAnswer,
};
use magisterium_core::{ErrorKind, Skill};
use serde_json::Value;
use DifferenceKind::{Coerced, Missing, Unknown};

fn differences(skill: &str, name: &str) -> Vec<Difference> {
    let case = CASES
        .iter()
        .find(|c| c.skill == skill && c.name == name)
        .unwrap_or_else(|| panic!("no fixture {skill}/{name}"));
    let fixture = case.json();
    response_differences(skill, Some(&fixture["response"]))
        .unwrap_or_else(|e| panic!("{skill}/{name}: rejected: {}", e.message()))
}

/// Asserts that the differences of `skill`/`name` are exactly `want` (path, kind), in order, and
/// that each detail contains its word.
fn assert_differences(skill: &str, name: &str, want: &[(&str, DifferenceKind, &str)]) {
    let got = differences(skill, name);
    let paths: Vec<(&str, DifferenceKind)> =
        got.iter().map(|d| (d.path.as_str(), d.kind)).collect();
    let wanted: Vec<(&str, DifferenceKind)> = want.iter().map(|(p, k, _)| (*p, *k)).collect();
    assert_eq!(paths, wanted, "{skill}/{name}: {got:#?}");
    for (d, (_, _, word)) in got.iter().zip(want) {
        assert!(
            d.detail.contains(word),
            "{skill}/{name}: {d:?} lacks {word:?}"
        );
    }
}

const CITATION: &str = "result.artifacts[0].parts[1].data.citations[0]";

#[test]
fn row_1_a_number_read_as_its_decimal_string() {
    let at = format!("{CITATION}.document_year");
    assert_differences(
        "catholic_qa",
        "year_is_a_number",
        &[(&at, Coerced, "\"1992\"")],
    );
    assert_differences(
        "pope_lookup",
        "task_id_number",
        &[("result.id", Coerced, "\"4711\"")],
    );
}

#[test]
fn row_2_a_string_of_digits_read_as_a_number() {
    let at = format!("{CITATION}.document_index");
    assert_differences(
        "catholic_qa",
        "index_is_a_string",
        &[(&at, Coerced, "the number 0")],
    );
}

#[test]
fn row_3_an_optional_member_of_another_type_left_out() {
    let at = |m: &str| format!("{CITATION}.{m}");
    assert_differences(
        "catholic_qa",
        "citation_members_of_another_shape",
        &[
            (&at("score"), Unknown, "does not list"),
            (
                &at("document_title"),
                Coerced,
                "an object where a string is documented: left out",
            ),
        ],
    );
    let nulls = differences("catholic_qa", "citation_nulls");
    assert!(
        nulls
            .iter()
            .all(|d| d.kind == Coerced && d.detail.starts_with("null")),
        "{nulls:#?}"
    );
    assert!(
        nulls.iter().any(|d| d.path == at("cited_text")),
        "{nulls:#?}"
    );
}

#[test]
fn row_4_a_required_string_read_as_empty() {
    let hits = "result.artifacts[0].parts[0].data.results";
    assert_differences(
        "document_search",
        "title_null_url_missing",
        &[
            (
                &format!("{hits}[0].title"),
                Coerced,
                "null where a string is documented: read as \"\"",
            ),
            (&format!("{hits}[1].url"), Coerced, "missing: read as \"\""),
        ],
    );
    let meta = "result.artifacts[0].parts[1].data.ref";
    assert_differences(
        "document_fetch",
        "ref_missing",
        &[(meta, Coerced, "read as \"\"")],
    );
}

#[test]
fn row_5_a_list_member_that_fits_no_reading_left_out() {
    let data = |i: usize, rest: &str| format!("result.artifacts[0].parts[{i}].data.{rest}");
    assert_differences(
        "catholic_qa",
        "list_members_of_another_shape",
        &[
            (
                &data(1, "citations[0]"),
                Coerced,
                "a citation that is a string",
            ),
            (
                &data(2, "related_questions[0]"),
                Coerced,
                "a related question that is an object",
            ),
            (&data(2, "related_questions[2]"), Coerced, "\"7\""),
        ],
    );
    assert_differences(
        "document_search",
        "hits_of_another_shape",
        &[
            (
                &data(0, "results[0]"),
                Coerced,
                "a search hit that is a string",
            ),
            (&data(0, "results[1]"), Coerced, "no id"),
            (&data(0, "results[3]"), Coerced, "an id that is null"),
        ],
    );
    let part = "result.artifacts[0].parts[4]";
    assert_differences(
        "catholic_qa",
        "extra_parts",
        &[(part, Coerced, "kind \"image\"")],
    );
}

#[test]
fn row_6_a_part_without_kind_read_by_its_member() {
    assert_differences(
        "document_fetch",
        "parts_without_kind",
        &[
            (
                "result.artifacts[0].parts[0].kind",
                Coerced,
                "read as \"text\"",
            ),
            (
                "result.artifacts[0].parts[1].kind",
                Coerced,
                "read as \"data\"",
            ),
        ],
    );
}

#[test]
fn row_7_a_renamed_artifact_read_as_the_skills() {
    assert_differences(
        "document_search",
        "renamed_artifact",
        &[(
            "result.artifacts[0]",
            Coerced,
            "named \"search_results_v2\", not \"search_results\"",
        )],
    );
}

#[test]
fn unknown_members_on_every_level() {
    assert_differences(
        "document_fetch",
        "extra_members",
        &[
            ("extra", Unknown, "does not list"),
            ("result.artifacts[0].version", Unknown, "does not list"),
            (
                "result.artifacts[0].parts[0].extra",
                Unknown,
                "does not list",
            ),
            (
                "result.artifacts[0].parts[1].extra",
                Unknown,
                "does not list",
            ),
        ],
    );
    assert_differences(
        "saint_lookup",
        "status_extra_members",
        &[
            ("result.status.progress", Unknown, "does not list"),
            ("result.status.reason", Unknown, "does not list"),
        ],
    );
}

#[test]
fn missing_documented_members() {
    let missing = differences("catholic_qa", "citation_members_missing");
    let author = format!("{CITATION}.document_author");
    assert!(
        missing
            .iter()
            .any(|d| d.path == author && d.kind == Missing),
        "{missing:#?}"
    );
    assert!(missing.iter().all(|d| d.kind == Missing), "{missing:#?}");
    assert_differences(
        "pope_lookup",
        "record_drift_no_text",
        &[("result.artifacts[0].parts", Missing, "no text part")],
    );
    assert_differences(
        "person_lookup",
        "no_context_artifact_id_or_name",
        &[
            ("result.contextId", Coerced, "missing: read as \"\""),
            ("result.artifacts[0].artifactId", Missing, "absent"),
            ("result.artifacts[0].name", Missing, "absent"),
            ("result.artifacts[0]", Coerced, "no name"),
        ],
    );
}

#[test]
fn an_answer_as_documented_has_none() {
    for case in CASES.iter().filter(|c| c.name == "base") {
        assert_differences(case.skill, "base", &[]);
    }
}

#[test]
fn a_rejected_answer_is_the_decoders_error() {
    let case = CASES
        .iter()
        .find(|c| c.skill == "document_fetch" && c.name == "reject_no_text_part")
        .unwrap();
    let fixture = case.json();
    let error = response_differences("document_fetch", Some(&fixture["response"])).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidResponse);
    assert!(
        error.message().contains("no text part"),
        "{}",
        error.message()
    );
}

/// Whether the typed answer holds anything the decoders coerced: a copied citation or artifact, a
/// number read as a string.
fn coerced_by_decoder(answer: &SkillAnswer<&Value>) -> bool {
    let text = |t: &Text<&Value>| matches!(t, Text::Coerced(_));
    match answer {
        SkillAnswer::Qa(qa) => {
            text(&qa.answer)
                || qa.citations.iter().any(|c| !c.changes.is_empty())
                || qa.related_questions.iter().any(text)
                || qa.task.raw["id"].is_number()
        }
        SkillAnswer::Search(s) => s
            .results
            .iter()
            .any(|h| text(&h.id) || text(&h.url) || text(&h.title)),
        SkillAnswer::Lookup(l) => {
            l.artifacts.iter().any(|a| !a.changes.is_empty()) || l.text.as_ref().is_some_and(text)
        }
        SkillAnswer::Document(Some(d)) => text(&d.text),
        SkillAnswer::Text(Some(t)) => text(&t.text),
        SkillAnswer::Document(None) | SkillAnswer::Text(None) => false,
    }
}

#[test]
fn wherever_the_decoders_coerced_the_walk_notes_a_difference() {
    let mut checked = 0;
    for case in CASES {
        let fixture = case.json();
        let skill = Skill::from_id(case.skill).unwrap();
        let Ok(answer) = decode_skill_response(skill, Some(&fixture["response"]), 200, None) else {
            continue;
        };
        if !coerced_by_decoder(&answer) {
            continue;
        }
        checked += 1;
        let notes = differences(case.skill, case.name);
        assert!(
            notes.iter().any(|d| d.kind != Unknown),
            "{}/{}: the decoders coerced, the walk noted {notes:#?}",
            case.skill,
            case.name
        );
    }
    assert!(checked >= 20, "only {checked} fixtures with a coercion");
}
