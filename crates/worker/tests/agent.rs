//! The embedded agent natively: every skill's answer is decoded by the SDK's own decoders, and
//! every error of the contract; the emulation switches; CORS and routing of the Worker app.

use magisterium_core::results::{decode_skill_response, SkillAnswer};
use magisterium_core::serve::http::WorkerRequest;
use magisterium_core::wire::RequestId;
use magisterium_core::Skill;
use magisterium_worker::app::Route;
use serde_json::{json, Value};

use crate::common;
use common::worker::Harness;

fn text(t: &str) -> Value {
    json!([{"kind": "text", "text": t}])
}

fn decode(skill: Skill, body: &Value) -> SkillAnswer<&Value> {
    decode_skill_response(skill, Some(body), 200, Some(&RequestId::from("r1")))
        .unwrap_or_else(|e| panic!("{skill}: {e}"))
}

#[test]
fn the_sdk_decodes_every_skill_from_the_agent() {
    let mut h = Harness::new(&[]);
    let (_, qa) = h.send(
        "catholic_qa",
        text("What does the Church teach about the dignity of work?"),
    );
    let SkillAnswer::Qa(answer) = decode(Skill::CatholicQa, &qa) else {
        panic!()
    };
    let markdown = answer.answer.text().into_owned();
    assert!(!answer.citations.is_empty());
    for (i, c) in answer.citations.iter().enumerate() {
        assert!(
            c.changes.is_empty(),
            "the stand-in's citations need no coercion"
        );
        assert_eq!(c.node["document_index"], i, "document_index is 0-based");
        assert!(
            markdown.contains(&format!("[^{}]", i + 1)),
            "footnote {} in the answer",
            i + 1
        );
    }
    assert!(answer.related_questions.len() <= 3);
    assert!(
        markdown.to_lowercase().contains("stand-in"),
        "the answer says it comes from the stand-in"
    );

    let (_, search) = h.send("document_search", text("dignity of work"));
    let SkillAnswer::Search(found) = decode(Skill::DocumentSearch, &search) else {
        panic!()
    };
    assert!(!found.results.is_empty() && found.results.len() <= 10);

    let id = found.results[0].id.text();
    let (_, doc) = h.send(
        "document_fetch",
        json!([{"kind": "data", "data": {"id": id}}]),
    );
    let SkillAnswer::Document(Some(d)) = decode(Skill::DocumentFetch, &doc) else {
        panic!()
    };
    assert_eq!(d.id, id);
    let (_, doc) = h.send("document_fetch", text(&id));
    assert!(
        matches!(
            decode(Skill::DocumentFetch, &doc),
            SkillAnswer::Document(Some(_))
        ),
        "a text part is taken as the id"
    );
    let (_, none) = h.send("document_fetch", text("no-such-doc"));
    assert!(matches!(
        decode(Skill::DocumentFetch, &none),
        SkillAnswer::Document(None)
    ));

    let (_, readings) = h.send("liturgical_readings", text("Christmas 2026"));
    let SkillAnswer::Text(Some(t)) = decode(Skill::LiturgicalReadings, &readings) else {
        panic!()
    };
    assert!(t.text.text().contains("December 25, 2026"));
    let (_, none) = h.send("liturgical_readings", text("when pigs fly"));
    assert!(matches!(
        decode(Skill::LiturgicalReadings, &none),
        SkillAnswer::Text(None)
    ));
    let (_, today) = h.send("liturgical_readings", text("today"));
    let SkillAnswer::Text(Some(t)) = decode(Skill::LiturgicalReadings, &today) else {
        panic!()
    };
    assert!(
        t.text.text().contains("December 1, 2026"),
        "today is the request's UTC date"
    );

    let (_, saints) = h.send(
        "saints_of_the_day",
        json!([{"kind": "data", "data": {"date": "2026-03-19"}}]),
    );
    let SkillAnswer::Text(Some(t)) = decode(Skill::SaintsOfTheDay, &saints) else {
        panic!()
    };
    assert!(t.text.text().contains("Joseph"));
    let (_, none) = h.send("saints_of_the_day", text("gibberish"));
    assert!(matches!(
        decode(Skill::SaintsOfTheDay, &none),
        SkillAnswer::Text(None)
    ));

    for (skill, query, key) in [
        (Skill::SaintLookup, "Thérèse of Lisieux", "feast_day"),
        (Skill::PersonLookup, "Bernardin", "position"),
        (Skill::PopeLookup, "Leo XIV", "pontificate"),
        (Skill::DioceseLookup, "Chicago", "country"),
        (Skill::DioceseStatisticsLookup, "Chicago", "rows"),
    ] {
        let (_, r) = h.send(skill.id(), text(query));
        let SkillAnswer::Lookup(res) = decode(skill, &r) else {
            panic!()
        };
        assert!(res.text.is_some(), "{skill}");
        assert!(res.data[0].get(key).is_some(), "{skill} has {key}");
        let (_, none) = h.send(skill.id(), text("zzzz qqqq"));
        let SkillAnswer::Lookup(res) = decode(skill, &none) else {
            panic!()
        };
        assert_eq!(res.text.unwrap().text(), "No results found.");
    }
}

#[test]
fn errors_of_the_contract() {
    let mut h = Harness::new(&[]);
    let (r, v) = h.send("nope", text("x"));
    assert_eq!(
        (r.status, &v["error"]),
        (
            200,
            &json!({"code": -32602, "message": "Unknown skill: nope"})
        )
    );
    let (_, v) = h.send("catholic_qa", json!([]));
    assert_eq!(
        v["error"]["message"],
        "Invalid params: parts must not be empty"
    );
    let (_, v) = h.send(
        "document_fetch",
        json!([{"kind": "data", "data": {"id": 5}}]),
    );
    assert_eq!(
        v["error"]["message"],
        "Invalid params: data.id must be a non-empty string"
    );
    let (_, v) = h.rpc(
        json!({"jsonrpc": "2.0", "id": {"x": 1}, "method": "tasks/get"}),
        &[],
    );
    assert_eq!(
        v,
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": "Invalid Request"}})
    );
    let r = h.request("POST", "/api/v1/a2a", &[], "{");
    assert_eq!(
        serde_json::from_str::<Value>(&r.body).unwrap()["error"]["code"],
        -32700
    );
    let r = h.request("GET", "/api/v1/a2a", &[], "");
    assert_eq!(r.status, 405);
}

#[test]
fn token_and_plan_emulation() {
    let mut h = Harness::new(&[
        ("AGENT_REQUIRE_TOKEN", "good"),
        ("AGENT_FREE_PLAN_TOKEN", "free"),
    ]);
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tasks/get", "params": {"id": "x"}});
    let (r, v) = h.rpc(body.clone(), &[]);
    assert_eq!(
        (r.status, r.header("www-authenticate")),
        (401, Some("Bearer"))
    );
    assert_eq!(
        v["error"],
        json!({"code": -32004, "message": "Unauthorized"})
    );
    let (r, _) = h.rpc(body.clone(), &[("authorization", "Bearer wrong")]);
    assert_eq!(r.status, 401);
    let (r, v) = h.rpc(body.clone(), &[("authorization", "Bearer free")]);
    assert_eq!((r.status, v["error"]["code"].as_i64()), (200, Some(-32005)));
    let (r, v) = h.rpc(body, &[("authorization", "Bearer good")]);
    assert_eq!(
        (r.status, v["error"]["code"].as_i64()),
        (200, Some(-32001)),
        "authorised: the task is just unknown"
    );
}

#[test]
fn rate_limit_emulation() {
    let mut h = Harness::new(&[("AGENT_RATE_LIMITS", "on")]);
    assert_eq!(h.send("catholic_qa", text("What is grace?")).0.status, 200);
    assert_eq!(h.send("catholic_qa", text("What is grace?")).0.status, 200);
    let (r, v) = h.send("catholic_qa", text("What is grace?"));
    assert_eq!(r.status, 429);
    assert_eq!(r.header("retry-after"), Some("60"));
    assert_eq!(v["error"]["code"], -32029);
    assert_eq!(
        v["error"]["data"],
        json!({"pool": "catholic_qa", "retryAfterSeconds": 60})
    );
    // Other skills still pass until 15 calls are in the window (2 Q&A already count).
    for _ in 0..13 {
        assert_eq!(h.send("pope_lookup", text("Leo XIV")).0.status, 200);
    }
    let (r, v) = h.send("pope_lookup", text("Leo XIV"));
    assert_eq!(
        (r.status, v["error"]["data"]["pool"].as_str()),
        (429, Some("default"))
    );
    // tasks/* are free.
    let (r, _) = h.rpc(
        json!({"jsonrpc": "2.0", "id": 1, "method": "tasks/get", "params": {"id": "x"}}),
        &[],
    );
    assert_eq!(r.status, 200);
    h.now += 60_000.0;
    assert_eq!(h.send("catholic_qa", text("What is grace?")).0.status, 200);
}

#[test]
fn tasks_are_kept_per_owner_for_a_day() {
    let mut h = Harness::new(&[]);
    let (_, sent) = h.send("pope_lookup", text("Francis"));
    let id = sent["result"]["id"].as_str().unwrap().to_owned();
    let get = json!({"jsonrpc": "2.0", "id": 2, "method": "tasks/get", "params": {"id": id}});
    let (_, got) = h.rpc(get.clone(), &[]);
    assert_eq!(got["result"], sent["result"]);
    let (_, other) = h.rpc(get.clone(), &[("authorization", "Bearer someone-else")]);
    assert_eq!(
        other["error"]["code"], -32001,
        "another token cannot read it"
    );
    h.now += 24.0 * 3_600_000.0;
    let (_, expired) = h.rpc(get, &[]);
    assert_eq!(expired["error"]["code"], -32001);
}

#[test]
fn routing_cors_and_card() {
    let mut h = Harness::new(&[("ALLOWED_ORIGINS", "https://app.example")]);
    let r = h.request("GET", "/.well-known/agent.json", &[], "");
    let card: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(card["url"], "http://127.0.0.1:8787/api/v1/a2a");
    assert_eq!(r.header("cache-control"), Some("public, max-age=3600"));
    assert_eq!(r.header("x-magisterium-agent"), Some("embedded-stand-in"));
    let pre = h.request(
        "OPTIONS",
        "/api/v1/a2a",
        &[("origin", "https://app.example")],
        "",
    );
    assert_eq!(
        (pre.status, pre.header("access-control-allow-origin")),
        (204, Some("https://app.example"))
    );
    let pre = h.request(
        "OPTIONS",
        "/api/v1/a2a",
        &[("origin", "https://evil.example")],
        "",
    );
    assert_eq!(
        (pre.status, pre.header("access-control-allow-origin")),
        (403, None)
    );
    let (r, _) = h.rpc(
        json!({"jsonrpc": "2.0", "id": 1, "method": "tasks/get", "params": {"id": "x"}}),
        &[("origin", "https://evil.example")],
    );
    assert_eq!(r.header("access-control-allow-origin"), None);
    assert_eq!(r.header("cache-control"), Some("no-store"));
    let req = WorkerRequest {
        method: "GET".into(),
        path: "/index.html".into(),
        ..Default::default()
    };
    assert!(matches!(
        h.app.handle(&req, &h.settings, &mut h.random, false),
        Route::Asset
    ));
}
