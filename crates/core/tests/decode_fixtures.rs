//! Every response fixture in `tests/fixtures/responses/` decoded through the core, as the SDK does.

use crate::common;

use common::{fixture, fixture_json, parse_body};
use magisterium_core::coerce::Text;
use magisterium_core::results::{
    decode_sent_task, decode_skill_response, decode_task, SkillAnswer,
};
use magisterium_core::wire::RequestId;
use magisterium_core::{Error, ErrorKind, Skill};
use serde_json::Value;

fn id() -> RequestId {
    RequestId::from("req-1")
}

/// Decodes `responses/<name>` for `skill` with HTTP `status` and hands the outcome to `check`.
fn decode<R>(
    skill: Skill,
    name: &str,
    status: u16,
    check: impl FnOnce(Result<SkillAnswer<&Value>, Error>) -> R,
) -> R {
    let text = fixture(&format!("responses/{name}"));
    let body = parse_body(&text);
    check(decode_skill_response(
        skill,
        body.as_ref(),
        status,
        Some(&id()),
    ))
}

fn kind_of(skill: Skill, name: &str, status: u16) -> Error {
    decode(skill, name, status, |r| {
        r.err()
            .unwrap_or_else(|| panic!("{name}: expected an error"))
    })
}

fn s(v: &Text<&Value>) -> String {
    v.text().into_owned()
}

#[test]
fn qa_answer_with_citations_and_related_questions() {
    decode(Skill::CatholicQa, "qa_answer.json", 200, |r| {
        let SkillAnswer::Qa(qa) = r.unwrap() else {
            panic!("not qa")
        };
        assert!(s(&qa.answer).contains("[^1]"));
        assert_eq!(qa.citations.len(), 2);
        assert_eq!(qa.citations[1].node["document_index"], 1);
        assert_eq!(
            qa.related_questions.iter().map(s).collect::<Vec<_>>(),
            ["What is a just wage?", "What is subsidiarity?"]
        );
        assert_eq!(qa.task.state, "completed");
        assert_eq!(qa.task.id, "7f9d1c3e-5b2a-4c8e-9f1d-2a3b4c5d6e7f");
    });
    decode(Skill::CatholicQa, "qa_answer_no_sources.json", 200, |r| {
        let SkillAnswer::Qa(qa) = r.unwrap() else {
            panic!("not qa")
        };
        assert!(qa.citations.is_empty() && qa.related_questions.is_empty());
    });
}

#[test]
fn search_results_accept_number_ids_and_empty_lists() {
    decode(Skill::DocumentSearch, "search_results.json", 200, |r| {
        let SkillAnswer::Search(found) = r.unwrap() else {
            panic!()
        };
        let ids: Vec<_> = found.results.iter().map(|h| h.id.text()).collect();
        assert_eq!(ids, ["12345", "678"]);
        assert_eq!(found.results[0].title.text(), "Rerum Novarum");
    });
    decode(Skill::DocumentSearch, "search_empty.json", 200, |r| {
        let SkillAnswer::Search(found) = r.unwrap() else {
            panic!()
        };
        assert!(found.results.is_empty());
    });
}

#[test]
fn document_and_its_not_found_answer() {
    decode(Skill::DocumentFetch, "document.json", 200, |r| {
        let SkillAnswer::Document(Some(doc)) = r.unwrap() else {
            panic!()
        };
        assert_eq!(
            (doc.id.as_str(), doc.title.as_str(), doc.author.as_str()),
            ("12345", "Rerum Novarum", "Pope Leo XIII")
        );
        assert_eq!(doc.reference, "Encyclical, 15 May 1891");
        assert!(s(&doc.text).starts_with("# Rerum Novarum"));
    });
    decode(Skill::DocumentFetch, "document_not_found.json", 200, |r| {
        assert!(matches!(r.unwrap(), SkillAnswer::Document(None)));
    });
}

#[test]
fn readings_and_saints_with_their_not_found_answers() {
    for (skill, found, missing) in [
        (
            Skill::LiturgicalReadings,
            "readings.json",
            "readings_not_found.json",
        ),
        (
            Skill::SaintsOfTheDay,
            "saints.json",
            "saints_not_found.json",
        ),
    ] {
        decode(skill, found, 200, |r| {
            let SkillAnswer::Text(Some(t)) = r.unwrap() else {
                panic!("{found}")
            };
            assert!(s(&t.text).contains("March 19"));
        });
        decode(skill, missing, 200, |r| {
            assert!(matches!(r.unwrap(), SkillAnswer::Text(None)), "{missing}")
        });
    }
    // A not-found text of another skill is an ordinary answer.
    decode(
        Skill::LiturgicalReadings,
        "saints_not_found.json",
        200,
        |r| {
            assert!(matches!(r.unwrap(), SkillAnswer::Text(Some(_))));
        },
    );
}

#[test]
fn lookups_give_text_data_and_typed_artifacts() {
    decode(Skill::PopeLookup, "lookup_pope.json", 200, |r| {
        let SkillAnswer::Lookup(res) = r.unwrap() else {
            panic!()
        };
        assert!(s(res.text.as_ref().unwrap()).contains("Leo XIV"));
        assert_eq!(res.data[0]["ordinal"], 267);
        assert_eq!(res.artifacts.len(), 1);
    });
    decode(
        Skill::DioceseStatisticsLookup,
        "lookup_statistics.json",
        200,
        |r| {
            let SkillAnswer::Lookup(res) = r.unwrap() else {
                panic!()
            };
            assert_eq!(res.data[0]["rows"][0]["year"].as_f64(), Some(2020.0));
        },
    );
    decode(Skill::SaintLookup, "lookup_not_found.json", 200, |r| {
        let SkillAnswer::Lookup(res) = r.unwrap() else {
            panic!()
        };
        assert_eq!(s(res.text.as_ref().unwrap()), "No results found.");
        assert!(res.data.is_empty());
    });
    decode(Skill::SaintLookup, "no_artifacts.json", 200, |r| {
        let SkillAnswer::Lookup(res) = r.unwrap() else {
            panic!()
        };
        assert!(res.text.is_none() && res.data.is_empty());
    });
}

#[test]
fn tolerated_quirks() {
    decode(Skill::CatholicQa, "unknown_part_kinds.json", 200, |r| {
        let SkillAnswer::Qa(qa) = r.unwrap() else {
            panic!()
        };
        assert_eq!(s(&qa.answer), "Answer after odd parts.");
    });
    decode(Skill::DocumentSearch, "unknown_fields.json", 200, |r| {
        assert!(r.is_ok())
    });
    decode(Skill::DocumentFetch, "extra_artifacts.json", 200, |r| {
        let SkillAnswer::Document(Some(doc)) = r.unwrap() else {
            panic!()
        };
        assert_eq!(s(&doc.text), "Body");
    });
    decode(Skill::CatholicQa, "floats_for_ints.json", 200, |r| {
        assert!(r.is_ok())
    });
    // Members that differ from the contract are coerced or left out (coerce::TABLE), never fatal.
    let typed = |skill, name: &str| {
        decode(skill, name, 200, |r| {
            serde_json::to_value(r.unwrap_or_else(|e| panic!("{name}: {e}"))).unwrap()
        })
    };
    let qa = typed(Skill::CatholicQa, "citation_wrong_type.json");
    assert_eq!(qa["citations"][0]["document_index"], 0);
    assert!(
        qa["citations"][1].get("document_index").is_none(),
        "\"one\" fits no reading"
    );
    assert_eq!(qa["citations"][1]["document_year"], "1891");
    let qa = typed(Skill::CatholicQa, "citation_not_object.json");
    assert_eq!(qa["citations"].as_array().unwrap().len(), 1);
    let found = typed(Skill::DocumentSearch, "search_hit_wrong_type.json");
    assert_eq!(found["results"][0]["url"], "5");
    let found = typed(Skill::DocumentSearch, "search_hit_not_object.json");
    assert_eq!(found["results"].as_array().unwrap().len(), 1);
    let doc = typed(Skill::DocumentFetch, "document_meta_missing.json");
    assert_eq!(
        (&doc["title"], &doc["author"], &doc["ref"]),
        (&"T".into(), &"".into(), &"".into())
    );
    let body = parse_body(&fixture("responses/numeric_id.json"));
    let r = decode_skill_response(
        Skill::DocumentSearch,
        body.as_ref(),
        200,
        Some(&RequestId::from(7)),
    );
    assert!(r.is_ok(), "7.0 answers id 7: {r:?}");
}

#[test]
fn json_rpc_errors_map_to_their_kinds() {
    let table = [
        (
            "error_unauthorized.json",
            401,
            ErrorKind::Unauthorized,
            Some(-32004),
        ),
        (
            "error_plan_required.json",
            200,
            ErrorKind::PlanRequired,
            Some(-32005),
        ),
        (
            "error_rate_limited.json",
            429,
            ErrorKind::RateLimited,
            Some(-32029),
        ),
        (
            "error_rate_limited_message_only.json",
            200,
            ErrorKind::RateLimited,
            Some(-32000),
        ),
        (
            "error_task_not_found.json",
            200,
            ErrorKind::TaskNotFound,
            Some(-32001),
        ),
        (
            "error_float_code.json",
            200,
            ErrorKind::TaskNotFound,
            Some(-32001),
        ),
        (
            "error_invalid_params.json",
            200,
            ErrorKind::InvalidParams,
            Some(-32602),
        ),
        (
            "error_method_not_found.json",
            200,
            ErrorKind::MethodNotFound,
            Some(-32601),
        ),
        (
            "error_internal.json",
            200,
            ErrorKind::RpcError,
            Some(-32603),
        ),
        (
            "error_internal.json",
            503,
            ErrorKind::RpcError,
            Some(-32603),
        ),
        (
            "error_parse_null_id.json",
            200,
            ErrorKind::RpcError,
            Some(-32700),
        ),
        ("error_no_id.json", 200, ErrorKind::RpcError, Some(-32600)),
    ];
    for (name, status, kind, code) in table {
        let e = kind_of(Skill::CatholicQa, name, status);
        assert_eq!(
            (e.kind(), e.code(), e.status()),
            (kind, code, Some(status)),
            "{name}"
        );
    }
}

#[test]
fn failed_tasks_reject_with_their_reason_and_id() {
    let e = kind_of(Skill::CatholicQa, "task_failed.json", 200);
    assert_eq!(e.kind(), ErrorKind::TaskFailed);
    assert!(
        e.message().contains("The model is overloaded."),
        "{}",
        e.message()
    );
    assert_eq!(e.task_id(), Some("7f9d1c3e-5b2a-4c8e-9f1d-2a3b4c5d6e7f"));
    assert_eq!(
        kind_of(Skill::DocumentSearch, "task_rejected.json", 200).kind(),
        ErrorKind::TaskFailed
    );
    assert_eq!(
        kind_of(Skill::DocumentSearch, "task_working.json", 200).kind(),
        ErrorKind::InvalidResponse
    );
    assert_eq!(
        kind_of(Skill::DocumentSearch, "task_unknown_state.json", 200).kind(),
        ErrorKind::InvalidResponse
    );
}

#[test]
fn bodies_that_are_not_answers_to_this_request() {
    use Skill::{CatholicQa, DocumentSearch, LiturgicalReadings};
    let cases = [
        (DocumentSearch, "wrong_id.json", "does not match"),
        (
            DocumentSearch,
            "both_result_and_error.json",
            "both result and error",
        ),
        (
            DocumentSearch,
            "neither_result_nor_error.json",
            "neither result nor error",
        ),
        (DocumentSearch, "jsonrpc_1_0.json", "jsonrpc is \"1.0\""),
        (
            DocumentSearch,
            "message_instead_of_task.json",
            "result.kind is \"message\"",
        ),
        (CatholicQa, "truncated.json", "not JSON"),
        (DocumentSearch, "trailing_junk.json", "not JSON"),
        (DocumentSearch, "deeply_nested.json", "not JSON"),
        (CatholicQa, "not_json.html", "not JSON"),
        (
            LiturgicalReadings,
            "text_part_not_string.json",
            "result.artifacts[0].parts: no text part (the liturgical_readings answer)",
        ),
        (
            DocumentSearch,
            "no_artifacts.json",
            "no artifact for document_search",
        ),
        (
            DocumentSearch,
            "result_array.json",
            "result: expected object, found array",
        ),
        (
            DocumentSearch,
            "status_missing.json",
            "result.status: missing",
        ),
    ];
    for (skill, name, needle) in cases {
        let e = kind_of(skill, name, 200);
        assert_eq!(e.kind(), ErrorKind::InvalidResponse, "{name}: {e}");
        assert!(e.message().contains(needle), "{name}: {}", e.message());
    }
}

#[test]
fn http_errors_without_json_rpc_bodies() {
    let e = kind_of(Skill::CatholicQa, "not_json.html", 502);
    assert_eq!(
        (e.kind(), e.status(), e.code()),
        (ErrorKind::HttpError, Some(502), None)
    );
    assert_eq!(
        kind_of(Skill::CatholicQa, "not_json.html", 401).kind(),
        ErrorKind::Unauthorized
    );
    assert_eq!(
        kind_of(Skill::CatholicQa, "not_json.html", 429).kind(),
        ErrorKind::RateLimited
    );
    // A success body under an error status is still an HTTP error.
    assert_eq!(
        kind_of(Skill::DocumentSearch, "search_empty.json", 500).kind(),
        ErrorKind::HttpError
    );
}

#[test]
fn protocol_level_task_decoders() {
    let body = parse_body(&fixture("responses/task_failed.json"));
    assert!(
        decode_task(body.as_ref(), 200, Some(&id())).is_ok(),
        "tasks/get returns failed tasks as they are"
    );
    let e = decode_sent_task(body.as_ref(), 200, Some(&id())).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TaskFailed);
    let body = parse_body(&fixture("responses/message_instead_of_task.json"));
    assert_eq!(
        decode_task(body.as_ref(), 200, Some(&id()))
            .unwrap_err()
            .kind(),
        ErrorKind::InvalidResponse
    );
    let body = parse_body(&fixture("responses/qa_answer.json"));
    let task = decode_sent_task(body.as_ref(), 200, Some(&id())).unwrap();
    assert_eq!(task["kind"], "task");
}

/// The typed results serialise (serde) to exactly the shapes of their TypeScript types: the browser
/// build turns them into JavaScript objects with this serialisation and nothing else.
#[test]
fn typed_results_serialise_to_their_typescript_shapes() {
    let shape = |skill, name| {
        decode(skill, name, 200, |r| {
            serde_json::to_value(r.unwrap()).unwrap()
        })
    };
    let received = fixture_json("responses/qa_answer.json");
    let task = serde_json::json!({
        "id": "7f9d1c3e-5b2a-4c8e-9f1d-2a3b4c5d6e7f",
        "contextId": "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f",
        "state": "completed",
        "raw": received["result"],
    });
    let qa = shape(Skill::CatholicQa, "qa_answer.json");
    // serde_json's maps are sorted: the member names, alphabetically.
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        keys(&qa),
        ["answer", "citations", "relatedQuestions", "task"]
    );
    assert_eq!(qa["task"], task);
    let found = shape(Skill::DocumentSearch, "search_results.json");
    assert_eq!(
        found["results"][1]["id"], "678",
        "an integer id becomes its decimal string"
    );
    assert_eq!(keys(&found["results"][0]), ["id", "title", "url"]);
    let doc = shape(Skill::DocumentFetch, "document.json");
    assert_eq!(keys(&doc), ["author", "id", "ref", "task", "text", "title"]);
    assert_eq!(
        shape(Skill::DocumentFetch, "document_not_found.json"),
        Value::Null
    );
    let lookup = shape(Skill::PopeLookup, "lookup_pope.json");
    assert!(lookup["text"].is_string());
    assert!(lookup["artifacts"].is_array());
    let text = shape(Skill::LiturgicalReadings, "readings.json");
    assert_eq!(keys(&text), ["task", "text"]);
}
