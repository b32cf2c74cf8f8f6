//! The SDK in headless Chromium against the fault-injecting fixture server
//! (`tests/servers/fault-server.mjs`, URL in `MAGISTERIUM_FAULT_URL` at build time): every skill
//! method's typed result, and the protocol-level methods (`send`, tasks, the agent card).

use js_sys::Array;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

use crate::support;
use support::fault_client::{call, client_at, count, expect_error};
use support::{fault_url, get, text};

#[wasm_bindgen_test]
async fn every_skill_method_resolves_to_its_typed_result() {
    let qa = call(client_at("/ok/qa_answer", &[]).catholic_qa("What is work?".into(), None))
        .await
        .unwrap();
    assert!(text(&qa, "answer").contains("[^1]"));
    assert_eq!(Array::from(&get(&qa, "citations")).length(), 2);
    assert_eq!(Array::from(&get(&qa, "relatedQuestions")).length(), 2);
    assert_eq!(text(&get(&qa, "task"), "state"), "completed");

    let found = call(client_at("/ok/search_results", &[]).document_search("wages".into(), None))
        .await
        .unwrap();
    let hits = Array::from(&get(&found, "results"));
    assert_eq!(text(&hits.get(0), "id"), "12345");
    // The fixture's second id is the JSON integer 678: the typed result gives its decimal string.
    assert_eq!(text(&hits.get(1), "id"), "678");

    let doc = call(client_at("/ok/document", &[]).document_fetch("12345".into(), None))
        .await
        .unwrap();
    assert_eq!(text(&doc, "ref"), "Encyclical, 15 May 1891");
    assert!(text(&doc, "text").starts_with("# Rerum Novarum"));

    let none = call(client_at("/ok/document_not_found", &[]).document_fetch("nope".into(), None))
        .await
        .unwrap();
    assert!(none.is_null());

    let readings = call(client_at("/ok/readings", &[]).liturgical_readings(
        js_sys::Date::new(&"2026-03-19T12:00:00".into()).into(),
        None,
    ))
    .await
    .unwrap();
    assert!(text(&readings, "text").contains("March 19"));
    let none =
        call(client_at("/ok/readings_not_found", &[]).liturgical_readings("someday".into(), None))
            .await
            .unwrap();
    assert!(none.is_null());

    let saints = call(client_at("/ok/saints", &[]).saints_of_the_day("2026-03-19".into(), None))
        .await
        .unwrap();
    assert!(text(&saints, "text").contains("Saint Joseph"));
    let none =
        call(client_at("/ok/saints_not_found", &[]).saints_of_the_day("March 40".into(), None))
            .await
            .unwrap();
    assert!(none.is_null());

    for (c, method) in [
        (client_at("/ok/lookup_pope", &[]), "pope"),
        (client_at("/ok/lookup_pope", &[]), "saint"),
        (client_at("/ok/lookup_pope", &[]), "person"),
        (client_at("/ok/lookup_pope", &[]), "diocese"),
        (client_at("/ok/lookup_pope", &[]), "stats"),
    ] {
        let r = match method {
            "pope" => c.pope_lookup("Leo XIV".into(), None).await,
            "saint" => c.saint_lookup("Leo XIV".into(), None).await,
            "person" => c.person_lookup("Leo XIV".into(), None).await,
            "diocese" => c.diocese_lookup("Leo XIV".into(), None).await,
            _ => c.diocese_statistics_lookup("Leo XIV".into(), None).await,
        }
        .unwrap();
        assert!(text(&r, "text").contains("Leo XIV"), "{method}");
        assert_eq!(
            get(&Array::from(&get(&r, "data")).get(0), "ordinal").as_f64(),
            Some(267.0)
        );
        assert_eq!(Array::from(&get(&r, "artifacts")).length(), 1);
    }
}

#[wasm_bindgen_test]
async fn protocol_level_methods() {
    let c = client_at("/ok/qa_answer", &[]);
    let task = call(c.send(
        "catholic_qa".into(),
        JsValue::from("hi").unchecked_into(),
        None,
    ))
    .await
    .unwrap();
    assert_eq!(text(&task, "kind"), "task");
    // send resolves a Task that is still running, so the caller can poll or cancel it.
    let running = call(client_at("/ok/task_working", &[]).send(
        "some_future_skill".into(),
        JsValue::from("hi").unchecked_into(),
        None,
    ))
    .await
    .unwrap();
    assert_eq!(text(&get(&running, "status"), "state"), "working");
    let task = call(c.get_task("7f9d1c3e".into(), None)).await.unwrap();
    assert_eq!(text(&get(&task, "status"), "state"), "completed");
    let e = expect_error(
        call(client_at("/ok/error_invalid_params", &[]).cancel_task("t".into(), None)).await,
        "invalid_params",
    );
    assert_eq!(get(&e, "code").as_f64(), Some(-32602.0));
    let failed = call(client_at("/ok/task_failed", &[]).get_task("t".into(), None))
        .await
        .unwrap();
    assert_eq!(text(&get(&failed, "status"), "state"), "failed");

    // The default card URL is the endpoint's origin + /.well-known/agent.json, fetched without auth.
    let default_card = client_at("/ok/x", &[("token", "secret".into())]);
    let card = call(default_card.agent_card(None)).await.unwrap();
    assert_eq!(text(&card, "name"), "Fault upstream");
    // A 404 on agent.json is tried again as agent-card.json (A2A 0.3).
    let v03 = client_at(
        "/x",
        &[(
            "agentCardUrl",
            format!("{}/card/v03/.well-known/agent.json", fault_url()).into(),
        )],
    );
    let card = call(v03.agent_card(None)).await.unwrap();
    assert_eq!(text(&card, "name"), "Fixture agent");
    let explicit = client_at(
        "/x",
        &[(
            "agentCardUrl",
            format!("{}/card/ok-cached/.well-known/agent.json", fault_url()).into(),
        )],
    );
    let before = count("card/ok-cached").await;
    let card = call(explicit.agent_card(None)).await.unwrap();
    assert_eq!(text(&card, "name"), "Fixture agent");
    let again = call(explicit.agent_card(None)).await.unwrap();
    assert_eq!(text(&again, "name"), "Fixture agent");
    assert_eq!(
        count("card/ok-cached").await,
        before + 1.0,
        "the card is cached for its max-age"
    );
}
