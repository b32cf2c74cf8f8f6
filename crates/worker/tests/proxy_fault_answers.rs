//! The proxy's own answers when it gives up on the upstream are exactly those of
//! `tests/fixtures/proxy/upstream_faults.json`: a JSON-RPC error whose `data` says whether the
//! request reached the upstream, so that a client never repeats a paid call the upstream may
//! have run (the core's tests run the SDK's call loop over the same answers).

use crate::common;

use common::fixture_json;
use common::proxy::{planned_search, settings};
use magisterium_worker::app::App;
use magisterium_worker::upstream::{finish_answer, UpstreamOutcome};
use serde_json::Value;

/// The upstream's outcome a case of the fixture names.
fn outcome(case: &str) -> UpstreamOutcome {
    let answer =
        |status: u16, body: &str, headers: Vec<(String, String)>| UpstreamOutcome::Answer {
            status,
            headers,
            body: body.as_bytes().to_vec(),
        };
    match case {
        "timeout" => UpstreamOutcome::Timeout,
        "no answer" => UpstreamOutcome::Unreachable,
        "too large" => UpstreamOutcome::TooLarge,
        "redirect" => answer(
            302,
            "",
            vec![("location".into(), "https://elsewhere.example".into())],
        ),
        "html 502" => answer(502, "<html>Bad Gateway</html>", vec![]),
        "cut json 200" => answer(200, r#"{"jsonrpc":"2.0","id":9,"result":{"#, vec![]),
        "not rpc 200" => answer(200, r#"{"hello":"world"}"#, vec![]),
        other => panic!("no upstream outcome for the case {other:?}"),
    }
}

#[test]
fn the_proxys_own_answers_say_whether_the_upstream_was_reached() {
    let s = settings(&[]);
    let plan = planned_search(&mut App::new(), &s);
    let table = fixture_json("proxy/upstream_faults.json");
    let answers = table["answers"].as_array().expect("answers");
    assert!(answers.len() >= 7);
    for want in answers {
        let case = want["case"].as_str().expect("case");
        let finished = finish_answer(&plan, outcome(case));
        assert!(finished.upstream_body.is_none(), "{case}: the proxy's own");
        let r = finished.response;
        let body: Value = serde_json::from_str(&r.body).expect("JSON");
        assert_eq!(
            (Value::from(r.status), body),
            (want["status"].clone(), want["body"].clone()),
            "{case}"
        );
    }
}
