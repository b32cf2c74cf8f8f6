//! The drift fixtures (`tests/fixtures/drift/`) in headless Chromium, over `JSON.parse`'s values:
//! each answer is read by `decodeResponse` and by the skill's client method (over an injected
//! `fetch` answering with the fixture), and both must give what the fixture says, exactly as the
//! native core does (`crates/core/tests/drift.rs`, the same files and the same comparison).

use js_sys::{Function, Object, JSON};
use magisterium_a2a::{decode_response, MagisteriumClient};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

use crate::drift_cases::{Case, Outcome, CASES};
use crate::support::{get, obj, text};

/// A result or rejection of the SDK, as the shared comparison takes it.
fn outcome(result: Result<JsValue, JsValue>) -> Outcome {
    match result {
        Ok(v) => {
            let json = JSON::stringify(&v).unwrap().as_string().unwrap();
            Outcome::Value(serde_json::from_str(&json).unwrap())
        }
        Err(e) => Outcome::Error {
            kind: text(&e, "kind"),
            message: text(&e, "message"),
        },
    }
}

/// The skill's own client method, over a `fetch` that answers with `body`.
async fn call_method(case: &Case, body: &str) -> Result<JsValue, JsValue> {
    let make = Function::new_with_args(
        "body",
        "return () => new Response(body, { headers: { 'content-type': 'application/json' } });",
    );
    let fetch = make.call1(&JsValue::UNDEFINED, &body.into()).unwrap();
    let client = MagisteriumClient::new(Some(
        obj(&[
            ("endpoint", "https://agent.test/api/v1/a2a".into()),
            ("maxRetries", 0.into()),
            ("fetch", fetch),
        ])
        .unchecked_into(),
    ))
    .unwrap();
    // The request id is the message id, so the answer's "req-1" is this request's.
    let opts = || Some(obj(&[("messageId", "req-1".into())]).unchecked_into());
    let date = || JsValue::from("2026-03-19");
    let arg = || JsValue::from("x");
    match case.skill {
        "catholic_qa" => client.catholic_qa(arg(), opts()).await,
        "document_search" => client.document_search(arg(), opts()).await,
        "document_fetch" => client.document_fetch(arg(), opts()).await,
        "liturgical_readings" => client.liturgical_readings(date(), opts()).await,
        "saints_of_the_day" => client.saints_of_the_day(date(), opts()).await,
        "saint_lookup" => client.saint_lookup(arg(), opts()).await,
        "person_lookup" => client.person_lookup(arg(), opts()).await,
        "pope_lookup" => client.pope_lookup(arg(), opts()).await,
        "diocese_lookup" => client.diocese_lookup(arg(), opts()).await,
        "diocese_statistics_lookup" => client.diocese_statistics_lookup(arg(), opts()).await,
        other => panic!("no method for {other}"),
    }
}

#[wasm_bindgen_test]
async fn every_drift_fixture_reads_as_natively_through_decode_response_and_the_client() {
    let mut failures = Vec::new();
    for case in CASES {
        let body = case.response_text();
        // decodeResponse reads a body out of context: it has no request id to check.
        if case.name != "reject_wrong_id" {
            let decoded = decode_response(case.skill, &body).map(JsValue::from);
            failures.extend(
                case.check(outcome(decoded))
                    .err()
                    .map(|e| format!("decodeResponse {e}")),
            );
        }
        let called = call_method(case, &body).await;
        failures.extend(
            case.check(outcome(called))
                .err()
                .map(|e| format!("client {e}")),
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What `decodeResponse` makes of a fixture's answer, as the JavaScript value a caller gets.
fn decoded(skill: &str, name: &str) -> JsValue {
    let case = CASES
        .iter()
        .find(|c| c.skill == skill && c.name == name)
        .unwrap();
    decode_response(skill, &case.response_text())
        .unwrap()
        .into()
}

fn at(v: &JsValue, path: &[&str]) -> JsValue {
    path.iter().fold(v.clone(), |v, key| get(&v, key))
}

/// Where the task's raw artifact holds a Q&A answer's first citation.
const RAW_CITATION: &[&str] = &[
    "task",
    "raw",
    "artifacts",
    "0",
    "parts",
    "1",
    "data",
    "citations",
    "0",
];

#[wasm_bindgen_test]
fn typed_results_hold_the_objects_json_parse_made() {
    let qa = decoded("catholic_qa", "base");
    assert!(
        Object::is(&at(&qa, &["citations", "0"]), &at(&qa, RAW_CITATION)),
        "the citation itself"
    );
    let lookup = decoded("pope_lookup", "base");
    // A new list (an artifact that fits no reading would be left out), of the objects received.
    assert!(Object::is(
        &at(&lookup, &["artifacts", "0"]),
        &at(&lookup, &["task", "raw", "artifacts", "0"])
    ));
    assert!(Object::is(
        &at(&lookup, &["data", "0"]),
        &at(
            &lookup,
            &["task", "raw", "artifacts", "0", "parts", "1", "data"]
        )
    ));
    // A coerced citation is a copy; the one received is left as it came.
    let qa = decoded("catholic_qa", "year_is_a_number");
    assert_eq!(
        at(&qa, &["citations", "0", "document_year"])
            .as_string()
            .as_deref(),
        Some("1992")
    );
    assert_eq!(
        get(&at(&qa, RAW_CITATION), "document_year").as_f64(),
        Some(1992.0)
    );
}
