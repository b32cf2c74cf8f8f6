//! The proxy's own answers when it gives up on the upstream are exactly those of
//! `tests/fixtures/proxy/upstream_faults.json`: a JSON-RPC error whose `data` says whether the
//! request reached the upstream, so that a client never repeats a paid call the upstream may
//! have run (the core's tests run the SDK's call loop over the same answers).

use crate::common;

use common::fixture_json;
use common::proxy::{planned_search, settings};
use magisterium_core::serve::http::{self, WorkerResponse};
use magisterium_core::upstream::Reach;
use magisterium_worker::app::App;
use magisterium_worker::proxy::ForwardPlan;
use magisterium_worker::upstream::{finish_answer, UpstreamOutcome};
use serde_json::Value;

/// The proxy's answer in a case of the fixture: after the upstream's outcome it names, or its own
/// failure.
fn answer(plan: &ForwardPlan, case: &str) -> WorkerResponse {
    let upstream =
        |status: u16, body: &str, headers: Vec<(String, String)>| UpstreamOutcome::Answer {
            status,
            headers,
            body: body.as_bytes().to_vec(),
        };
    let outcome = match case {
        "internal error after the upstream" => return http::internal_error(Reach::Reached),
        "internal error before the upstream" => return http::internal_error(Reach::NotReached),
        "timeout" => UpstreamOutcome::Timeout,
        "no answer" => UpstreamOutcome::Unreachable,
        "not sent" => UpstreamOutcome::NotSent,
        "too large" => UpstreamOutcome::TooLarge,
        "redirect" => upstream(
            302,
            "",
            vec![("location".into(), "https://elsewhere.example".into())],
        ),
        "html 502" => upstream(502, "<html>Bad Gateway</html>", vec![]),
        "cut json 200" => upstream(200, r#"{"jsonrpc":"2.0","id":9,"result":{"#, vec![]),
        "not rpc 200" => upstream(200, r#"{"hello":"world"}"#, vec![]),
        other => panic!("no upstream outcome for the case {other:?}"),
    };
    let finished = finish_answer(plan, outcome);
    assert!(finished.upstream_body.is_none(), "{case}: the proxy's own");
    finished.response
}

#[test]
fn the_proxys_own_answers_say_whether_the_upstream_was_reached() {
    let s = settings(&[]);
    let plan = planned_search(&mut App::new(), &s);
    let table = fixture_json("proxy/upstream_faults.json");
    let answers = table["answers"].as_array().expect("answers");
    assert!(answers.len() >= 10);
    for want in answers {
        let case = want["case"].as_str().expect("case");
        let r = answer(&plan, case);
        let body: Value = serde_json::from_str(&r.body).expect("JSON");
        assert_eq!(
            (Value::from(r.status), body),
            (want["status"].clone(), want["body"].clone()),
            "{case}"
        );
    }
}
