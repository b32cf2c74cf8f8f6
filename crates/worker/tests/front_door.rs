//! The Worker's A2A 1.0 front door, natively: 1.0 requests in, the stand-in agent (and upstream
//! answers from fixtures) behind it, 1.0 answers out.

use crate::common;

use common::fixture;
use magisterium_core::ids::SeededRandom;
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
use magisterium_stand_in::{card, Agent};
use magisterium_worker::app::card_dates::{CardDates, Conditions};
use magisterium_worker::doors::front_door::{self, FrontDoor};
use serde_json::{json, Value};

fn request(body: &Value, version: Option<&str>) -> WorkerRequest {
    WorkerRequest {
        method: "POST".into(),
        path: "/api/v1/a2a".into(),
        origin: "http://127.0.0.1:8787".into(),
        headers: std::iter::once(("content-type".to_owned(), "application/json".to_owned()))
            .chain(version.map(|v| ("a2a-version".to_owned(), v.to_owned())))
            .collect(),
        body: body.to_string().into_bytes(),
        client_key: "tester".into(),
        now_ms: 1_796_083_200_000.0,
        ..Default::default()
    }
}

struct StandIn {
    agent: Agent,
    random: SeededRandom,
}

impl StandIn {
    fn new() -> Self {
        Self {
            agent: Agent::new(Default::default()),
            random: SeededRandom(3),
        }
    }

    /// One request through the front door and the stand-in: (status, body).
    fn call(&mut self, body: Value, version: Option<&str>) -> (u16, Value) {
        let req = request(&body, version);
        let response = match front_door::open(&req) {
            Err(refused) => refused,
            Ok(None) => self.agent.handle(&req, &mut self.random),
            Ok(Some(opened)) => {
                let answer = self.agent.handle(&opened.request, &mut self.random);
                opened.door.close(answer)
            }
        };
        (
            response.status,
            serde_json::from_str(&response.body).unwrap(),
        )
    }
}

fn send_message(text: &str, skill: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": 7, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m-1", "parts": [{"text": text}], "metadata": {"skillId": skill}}}})
}

fn reason(body: &Value) -> (&str, &str) {
    let info = body["error"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["@type"] == "type.googleapis.com/google.rpc.ErrorInfo")
        .unwrap();
    (
        info["domain"].as_str().unwrap(),
        info["reason"].as_str().unwrap(),
    )
}

#[test]
fn requests_in_0_2_6_pass_untouched() {
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": {
        "role": "user", "kind": "message", "messageId": "m", "parts": [{"kind": "text", "text": "x"}]}}});
    for version in [None, Some("0.3"), Some("0.2")] {
        assert!(matches!(
            front_door::open(&request(&body, version)),
            Ok(None)
        ));
    }
    let junk = request(&json!("not an object"), Some("1.0"));
    assert!(matches!(front_door::open(&junk), Ok(None)));
}

#[test]
fn the_stand_in_answers_1_0_send_get_and_cancel() {
    let mut stand_in = StandIn::new();
    let (status, body) = stand_in.call(send_message("just wage", "document_search"), Some("1.0"));
    assert_eq!(status, 200);
    assert_eq!(body["id"], 7);
    let task = &body["result"]["task"];
    assert_eq!(task["status"]["state"], "TASK_STATE_COMPLETED");
    assert!(task.get("kind").is_none());
    let part = &task["artifacts"][0]["parts"][0];
    assert!(part["data"]["results"].is_array() && part.get("kind").is_none());
    assert_eq!(task["history"][0]["role"], "ROLE_USER");
    assert_eq!(task["history"][1]["role"], "ROLE_AGENT");

    let id = task["id"].as_str().unwrap();
    let get = json!({"jsonrpc": "2.0", "id": "g", "method": "GetTask", "params": {"id": id}});
    let (_, got) = stand_in.call(get, None);
    assert_eq!(got["result"]["id"], id);
    assert_eq!(got["result"]["status"]["state"], "TASK_STATE_COMPLETED");

    let cancel = json!({"jsonrpc": "2.0", "id": "c", "method": "CancelTask", "params": {"id": id}});
    let (_, refused) = stand_in.call(cancel, Some("1.0"));
    assert_eq!(refused["error"]["code"], -32002);
    assert_eq!(
        reason(&refused),
        ("a2a-protocol.org", "TASK_NOT_CANCELABLE")
    );

    let missing =
        json!({"jsonrpc": "2.0", "id": "n", "method": "GetTask", "params": {"id": "nope"}});
    let (_, missing) = stand_in.call(missing, Some("1.0"));
    assert_eq!(missing["error"]["code"], -32001);
    assert_eq!(reason(&missing), ("a2a-protocol.org", "TASK_NOT_FOUND"));
    let info = &missing["error"]["data"][0];
    assert_eq!(info["metadata"]["taskId"], "nope");
}

#[test]
fn every_skill_of_the_stand_in_answers_in_1_0() {
    let mut stand_in = StandIn::new();
    let card = card::card("http://127.0.0.1:8787");
    for skill in card["skills"].as_array().unwrap() {
        let id = skill["id"].as_str().unwrap();
        let example = skill["examples"][0].as_str().unwrap();
        let (status, body) = stand_in.call(send_message(example, id), Some("1.0"));
        assert_eq!(status, 200, "{id}");
        assert_eq!(
            body["result"]["task"]["status"]["state"], "TASK_STATE_COMPLETED",
            "{id}"
        );
    }
}

#[test]
fn what_1_0_asks_and_magisterium_lacks_is_refused_here() {
    let mut stand_in = StandIn::new();
    for (method, code) in [
        ("SendStreamingMessage", -32004),
        ("SubscribeToTask", -32004),
        ("CreateTaskPushNotificationConfig", -32003),
        ("Frobnicate", -32601),
    ] {
        let (_, body) = stand_in.call(
            json!({"jsonrpc": "2.0", "id": "x", "method": method, "params": {}}),
            Some("1.0"),
        );
        assert_eq!(body["error"]["code"], code, "{method}");
        assert_eq!(body["id"], "x", "{method}");
    }
    let (_, body) = stand_in.call(send_message("x", "catholic_qa"), Some("0.5"));
    assert_eq!(body["error"]["code"], -32009);
    assert_eq!(reason(&body), ("a2a-protocol.org", "VERSION_NOT_SUPPORTED"));
    let no_message = json!({"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {}});
    let (_, body) = stand_in.call(no_message, None);
    assert_eq!(body["error"]["code"], -32602);
    let push = json!({"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {
        "message": {"role": "ROLE_USER", "messageId": "m", "parts": [{"text": "x"}]},
        "configuration": {"taskPushNotificationConfig": {"url": "https://example.org/h"}}}});
    assert_eq!(stand_in.call(push, None).1["error"]["code"], -32003);
    // The stand-in's own validation speaks through the door too: an empty text is invalid params.
    let (_, empty) = stand_in.call(send_message("  ", "catholic_qa"), Some("1.0"));
    assert_eq!(empty["error"]["code"], -32602);
}

fn door(method: &str) -> FrontDoor {
    let params = match method {
        "SendMessage" => {
            json!({"message": {"role": "ROLE_USER", "messageId": "m", "parts": [{"text": "x"}]}})
        }
        _ => json!({"id": "t-1"}),
    };
    let req = request(
        &json!({"jsonrpc": "2.0", "id": "req-1", "method": method, "params": params}),
        None,
    );
    front_door::open(&req).unwrap().unwrap().door
}

fn upstream(status: u16, name: &str) -> WorkerResponse {
    WorkerResponse {
        status,
        headers: vec![
            ("content-type".into(), "application/json".into()),
            ("retry-after".into(), "30".into()),
        ],
        body: fixture(&format!("responses/{name}")),
    }
}

#[test]
fn upstream_answers_keep_status_headers_and_meaning() {
    let unauthorized = door("SendMessage").close(upstream(401, "error_unauthorized.json"));
    assert_eq!(unauthorized.status, 401);
    let body: Value = serde_json::from_str(&unauthorized.body).unwrap();
    assert_eq!(body["error"]["code"], -32000);
    assert_eq!(reason(&body), ("magisterium.com", "UNAUTHENTICATED"));

    let limited = door("SendMessage").close(upstream(429, "error_rate_limited.json"));
    assert_eq!(
        (limited.status, limited.header("retry-after")),
        (429, Some("30"))
    );
    let body: Value = serde_json::from_str(&limited.body).unwrap();
    assert_eq!(reason(&body), ("magisterium.com", "RATE_LIMIT_EXCEEDED"));

    let plan = door("GetTask").close(upstream(200, "error_plan_required.json"));
    let body: Value = serde_json::from_str(&plan.body).unwrap();
    assert_eq!(
        (body["error"]["code"].as_i64(), reason(&body)),
        (Some(-32000), ("magisterium.com", "PLAN_REQUIRED"))
    );

    let message = door("SendMessage").close(upstream(200, "message_instead_of_task.json"));
    let body: Value = serde_json::from_str(&message.body).unwrap();
    assert_eq!(body["result"]["message"]["role"], "ROLE_AGENT");

    let not_a_task = door("GetTask").close(upstream(200, "message_instead_of_task.json"));
    assert_eq!(not_a_task.status, 502);
    let body: Value = serde_json::from_str(&not_a_task.body).unwrap();
    assert_eq!(body["error"]["code"], -32006);
}

#[test]
fn the_1_0_card_has_an_etag_and_answers_if_none_match() {
    let legacy = || card::response("http://127.0.0.1:8787");
    let dates = CardDates::default();
    let validated = |card: WorkerResponse, if_none_match: Option<&str>| {
        let conditions = Conditions {
            if_none_match,
            ..Default::default()
        };
        dates.validate(card, &conditions)
    };
    let first = validated(front_door::card(legacy()), None);
    assert_eq!(first.status, 200);
    assert_eq!(first.header("cache-control"), Some("public, max-age=3600"));
    let etag = first.header("etag").unwrap().to_owned();
    let body: Value = serde_json::from_str(&first.body).unwrap();
    assert_eq!(body["supportedInterfaces"][0]["protocolVersion"], "1.0");
    assert_eq!(
        body["supportedInterfaces"][0]["url"],
        "http://127.0.0.1:8787/api/v1/a2a"
    );

    for tag in [
        etag.clone(),
        format!("W/{etag}"),
        format!("\"other\", {etag}"),
        "*".into(),
    ] {
        let again = validated(front_door::card(legacy()), Some(&tag));
        assert_eq!((again.status, again.body.as_str()), (304, ""), "{tag}");
        assert_eq!(again.header("etag"), Some(etag.as_str()));
    }
    assert_eq!(
        validated(front_door::card(legacy()), Some("\"stale\"")).status,
        200
    );
    let other_origin = validated(
        front_door::card(card::response("https://proxy.example")),
        None,
    );
    assert_ne!(other_origin.header("etag"), Some(etag.as_str()));

    let broken = WorkerResponse::json(200, &json!({"not": "a card"}));
    assert_eq!(front_door::card(broken).status, 502);
}

mod through_the_proxy {
    //! The front door in the proxy's App: the plan forwards the 0.2.6 body, and every answer of
    //! the plan (upstream, cache, limits) goes back through the door.
    use super::*;
    use magisterium_worker::app::{App, CardFetch, Route};
    use magisterium_worker::cache::{entries as cache_entry, Mark};
    use magisterium_worker::proxy::{ForwardPlan, Limit};
    use magisterium_worker::settings::Settings;
    use magisterium_worker::upstream::UpstreamOutcome;
    use std::collections::HashMap;

    fn settings() -> Settings {
        let vars: HashMap<String, String> = [
            ("UPSTREAM_URL", "http://127.0.0.1:18900/by-query"),
            ("MAGISTERIUM_TOKEN", "secret-token"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
        Settings::from_vars(|name| vars.get(name).cloned())
    }

    fn route(app: &mut App, s: &Settings, body: &Value, version: Option<&str>) -> Route {
        app.handle(&request(body, version), s, &mut SeededRandom(1), false)
    }

    fn plan(app: &mut App, s: &Settings, body: &Value) -> ForwardPlan {
        match route(app, s, body, Some("1.0")) {
            Route::Forward(plan) => plan,
            other => panic!("expected an upstream call, got {other:?}"),
        }
    }

    fn answer(status: u16, name: &str) -> UpstreamOutcome {
        UpstreamOutcome::Answer {
            status,
            headers: vec![],
            body: fixture(&format!("responses/{name}")).into_bytes(),
        }
    }

    #[test]
    fn a_1_0_send_goes_upstream_as_message_send_and_comes_back_as_1_0() {
        let (mut app, s) = (App::new(), settings());
        let plan = plan(&mut app, &s, &send_message("just wage", "document_search"));
        assert_eq!(plan.method, "message/send");
        assert_eq!(plan.skill.as_deref(), Some("document_search"));
        let forwarded: Value = serde_json::from_str(plan.body.as_deref().unwrap()).unwrap();
        assert_eq!(forwarded["method"], "message/send");
        assert_eq!(forwarded["params"]["message"]["parts"][0]["kind"], "text");

        let finished = app.finish_answer(&plan, answer(200, "search_results.json"), &s);
        assert!(
            finished.upstream_body.is_none(),
            "a translated body is a new body"
        );
        let body: Value = serde_json::from_str(&finished.response.body).unwrap();
        assert_eq!(
            body["result"]["task"]["status"]["state"],
            "TASK_STATE_COMPLETED"
        );

        let limited = app.refused(&plan, "default", Some(12), Limit::Account, &s);
        assert_eq!(
            (limited.status, limited.header("retry-after")),
            (429, Some("12"))
        );
        let body: Value = serde_json::from_str(&limited.body).unwrap();
        assert_eq!(reason(&body), ("magisterium.com", "RATE_LIMIT_EXCEEDED"));
    }

    #[test]
    fn cached_documents_and_0_2_6_plans_keep_their_shapes() {
        let (mut app, s) = (App::new(), settings());
        let fetch = json!({"jsonrpc": "2.0", "id": 3, "method": "SendMessage", "params": {"message": {
            "role": "ROLE_USER", "messageId": "m", "parts": [{"data": {"id": "12345"}}],
            "metadata": {"skillId": "document_fetch"}}}});
        let plan = plan(&mut app, &s, &fetch);
        assert!(plan.cache.is_some());
        let result = serde_json::to_vec(&fixture_result("document.json")).unwrap();
        let entry =
            cache_entry::entry(&result, plan.cache.as_deref().unwrap(), plan.at_ms).unwrap();
        let mut random = SeededRandom(2);
        let from_cache = app.from_cache(&plan, &entry, Mark::Hit, &s, &mut random);
        let from_cache: Value = serde_json::from_str(&from_cache.unwrap().body).unwrap();
        assert_eq!(from_cache["id"], 3);
        assert_eq!(
            from_cache["result"]["task"]["status"]["state"],
            "TASK_STATE_COMPLETED"
        );

        // Plain 0.2.6: the upstream's bytes pass as they came, and no body replaces the client's.
        let legacy = json!({"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": {
            "role": "user", "kind": "message", "messageId": "m", "parts": [{"kind": "text", "text": "q"}],
            "metadata": {"skillId": "document_search"}}}});
        let Route::Forward(plan) = route(&mut app, &s, &legacy, None) else {
            panic!()
        };
        assert!(plan.body.is_none() && !plan.exit.has_door());
        let finished = app.finish_answer(&plan, answer(200, "search_results.json"), &s);
        assert!(finished.upstream_body.is_some());
    }

    #[test]
    fn refusals_before_any_upstream_call_speak_1_0() {
        let (mut app, s) = (App::new(), settings());
        let Route::Respond(r) = route(
            &mut app,
            &s,
            &json!({"jsonrpc": "2.0", "id": 1, "method": "GetExtendedAgentCard"}),
            Some("1.0"),
        ) else {
            panic!()
        };
        let body: Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(body["error"]["code"], -32004);
        // The proxy's own validation, reached through the door: an unknown skill is invalid params.
        let Route::Respond(r) = route(
            &mut app,
            &s,
            &send_message("x", "no_such_skill"),
            Some("1.0"),
        ) else {
            panic!()
        };
        let body: Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(body["error"]["code"], -32602);
        assert!(body["error"]["data"].is_null() || body["error"]["data"].is_array());
    }

    #[test]
    fn the_proxy_serves_the_1_0_card_from_the_upstream_card() {
        let (mut app, s) = (App::new(), settings());
        let mut get = request(&json!(null), None);
        get.method = "GET".into();
        get.path = "/.well-known/agent-card.json".into();
        get.headers = vec![("if-none-match".into(), "\"old\"".into())];
        let Route::FetchCard(fetch) = app.handle(&get, &s, &mut SeededRandom(1), false) else {
            panic!()
        };
        assert!(fetch.v1);
        assert_eq!(fetch.if_none_match.as_deref(), Some("\"old\""));
        let upstream = card::response("http://127.0.0.1:18900");
        let outcome = || UpstreamOutcome::Answer {
            status: 200,
            headers: vec![],
            body: upstream.body.clone().into_bytes(),
        };
        let r = app.card(&fetch, outcome(), "https://proxy.example", &s, None);
        let card: Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(
            card["supportedInterfaces"][0]["url"],
            "https://proxy.example/api/v1/a2a"
        );
        assert_eq!(
            card["supportedInterfaces"][1]["protocolBinding"],
            "HTTP+JSON"
        );
        assert_eq!(card["supportedInterfaces"][2]["protocolVersion"], "0.2");
        let etag = r.header("etag").unwrap();
        let again = app.card(
            &CardFetch {
                if_none_match: Some(etag.to_owned()),
                ..fetch.clone()
            },
            outcome(),
            "https://proxy.example",
            &s,
            None,
        );
        assert_eq!(again.status, 304);
        let legacy = CardFetch {
            v1: false,
            ..fetch.clone()
        };
        let legacy = app.card(&legacy, outcome(), "https://proxy.example", &s, None);
        assert_eq!(
            serde_json::from_str::<Value>(&legacy.body).unwrap()["url"],
            "https://proxy.example/api/v1/a2a"
        );
    }

    fn fixture_result(name: &str) -> Value {
        serde_json::from_str::<Value>(&fixture(&format!("responses/{name}"))).unwrap()["result"]
            .clone()
    }
}
