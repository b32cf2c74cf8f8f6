//! The answer cache natively: the table (`data/cache.toml`) as the proxy applies it, what is kept
//! (only what the skill promises), that no caller's ids reach another caller, the stale answers
//! and the `x-magisterium-cache` marker of every proxied answer.

use crate::common;

use common::fixture_json;
use common::proxy::{planned, post, route, send_body, settings};
use magisterium_core::ids::SeededRandom;
use magisterium_core::serve::http::WorkerResponse;
use magisterium_core::Skill;
use magisterium_worker::app::{App, Route};
use magisterium_worker::cache::{self, age, Age, KeyKind, Mark, CACHE_HEADER, RULES};
use magisterium_worker::limits::Budgeted;
use magisterium_worker::proxy::{ForwardPlan, Limit};
use magisterium_worker::settings::Settings;
use magisterium_worker::upstream::UpstreamOutcome;
use serde_json::{json, Value};

/// One caller's `message/send` of `skill` with `parts`: its JSON-RPC id and its message's ids.
pub fn send(skill: &str, rpc_id: Value, caller: &str, parts: Value) -> String {
    json!({"jsonrpc": "2.0", "id": rpc_id, "method": "message/send", "params": {"message": {
        "role": "user", "kind": "message", "messageId": format!("msg-of-{caller}"),
        "contextId": format!("ctx-of-{caller}"), "parts": parts,
        "metadata": {"skillId": skill}}}})
    .to_string()
}

/// The client's answer and the entry kept after the upstream answered `body` to `plan`.
pub fn finish(s: &Settings, plan: &ForwardPlan, body: &Value) -> (WorkerResponse, Option<String>) {
    let outcome = UpstreamOutcome::Answer {
        status: 200,
        headers: vec![],
        body: body.to_string().into_bytes(),
    };
    App::new().finish_answer(plan, outcome, s).into_parts()
}

/// The response fixture `name` as the upstream's answer to request `rpc_id`, for `caller`.
fn upstream(name: &str, rpc_id: &Value, caller: &str) -> Value {
    let mut answer = fixture_json(&format!("responses/{name}.json"));
    answer["id"] = rpc_id.clone();
    answer["result"]["id"] = json!(format!("task-of-{caller}"));
    answer["result"]["contextId"] = json!(format!("ctx-of-{caller}"));
    answer["result"]["metadata"] = json!({"account": format!("{caller}@example.com")});
    answer["result"]["history"] = json!([{"role": "user", "kind": "message",
        "messageId": format!("msg-of-{caller}"), "taskId": format!("task-of-{caller}"),
        "contextId": format!("ctx-of-{caller}"), "parts": []}]);
    answer
}

fn body(response: &WorkerResponse) -> Value {
    serde_json::from_str(&response.body).unwrap_or(Value::Null)
}

#[test]
fn the_table_gives_every_skill_one_rule_and_the_settings_adjust_it() {
    for skill in Skill::ALL {
        assert_eq!(
            RULES.iter().filter(|r| r.skill == skill).count(),
            1,
            "{skill}"
        );
    }
    let s = settings(&[]);
    let rule = |skill| cache::rule(skill, &s);
    for skill in [Skill::LiturgicalReadings, Skill::SaintsOfTheDay] {
        let r = rule(skill).unwrap();
        assert_eq!(r.key, KeyKind::Date);
        assert!(r.fresh_secs >= 30 * 86_400, "{skill}: long");
    }
    assert_eq!(
        rule(Skill::DocumentFetch).map(|r| (r.key, r.fresh_secs)),
        Some((KeyKind::Id, 86_400))
    );
    for skill in Skill::ALL.into_iter().filter(|s| s.is_lookup()) {
        assert_eq!(
            rule(skill).map(|r| (r.key, r.fresh_secs)),
            Some((KeyKind::Query, 86_400))
        );
    }
    assert_eq!(
        rule(Skill::DocumentSearch).map(|r| r.fresh_secs),
        Some(3_600)
    );
    assert_eq!(rule(Skill::CatholicQa), None, "Q&A is not kept by default");
    let qa = settings(&[("CACHE_QA_SECONDS", "300")]);
    assert_eq!(
        cache::rule(Skill::CatholicQa, &qa).map(|r| r.fresh_secs),
        Some(300)
    );
    let off = settings(&[("CACHE_ANSWERS", "off")]);
    assert!(Skill::ALL
        .iter()
        .all(|skill| cache::rule(*skill, &off).is_none()));
    let no_documents = settings(&[("CACHE_DOCUMENTS", "off")]);
    assert_eq!(cache::rule(Skill::DocumentFetch, &no_documents), None);
    assert!(cache::rule(Skill::PopeLookup, &no_documents).is_some());
}

#[test]
fn only_answers_that_carry_what_the_skill_promises_are_kept() {
    let s = settings(&[]);
    let mut app = App::new();
    let text = |t: &str| json!([{"kind": "text", "text": t}]);
    let cases = [
        ("liturgical_readings", text("2026-12-08"), "readings", true),
        (
            "liturgical_readings",
            text("2026-12-08"),
            "readings_not_found",
            false,
        ),
        ("saints_of_the_day", text("2026-12-08"), "saints", true),
        (
            "saints_of_the_day",
            text("2026-12-08"),
            "saints_not_found",
            false,
        ),
        ("pope_lookup", text("Leo XIV"), "lookup_pope", true),
        ("pope_lookup", text("Leo XIV"), "lookup_not_found", false),
        ("pope_lookup", text("Leo XIV"), "readings", false),
        ("document_search", text("grace"), "search_results", true),
        ("document_search", text("grace"), "search_empty", false),
        (
            "liturgical_readings",
            text("2026-12-08"),
            "task_failed",
            false,
        ),
        (
            "liturgical_readings",
            text("2026-12-08"),
            "task_working",
            false,
        ),
        (
            "liturgical_readings",
            text("2026-12-08"),
            "error_internal",
            false,
        ),
    ];
    for (skill, parts, fixture, kept) in cases {
        let plan = planned(&mut app, &s, &post(&send(skill, json!(1), "a", parts), &[]));
        let (response, entry) = finish(&s, &plan, &upstream(fixture, &json!(1), "a"));
        assert_eq!(entry.is_some(), kept, "{skill} answered with {fixture}");
        assert_eq!(response.header(CACHE_HEADER), Some("miss"), "{skill}");
    }
}

#[test]
fn no_cached_answer_carries_another_callers_ids() {
    let s = settings(&[]);
    let mut app = App::new();
    let text = |t: &str| json!([{"kind": "text", "text": t}]);
    for (skill, parts, fixture) in [
        ("liturgical_readings", text("2026-12-08"), "readings"),
        (
            "saints_of_the_day",
            json!([{"kind": "data", "data": {"date": "2026-12-08"}}]),
            "saints",
        ),
        ("pope_lookup", text("Leo XIV"), "lookup_pope"),
        ("document_search", text("grace"), "search_results"),
    ] {
        let alice = planned(
            &mut app,
            &s,
            &post(&send(skill, json!(7), "alice", parts.clone()), &[]),
        );
        let (first, entry) = finish(&s, &alice, &upstream(fixture, &json!(7), "alice"));
        let entry = entry.unwrap_or_else(|| panic!("{skill}: kept"));
        assert!(
            !entry.contains("alice"),
            "{skill}: the entry holds alice's: {entry}"
        );
        let mut tasks = Vec::new();
        for (n, caller) in ["bob", "carol"].into_iter().enumerate() {
            let plan = planned(
                &mut app,
                &s,
                &post(&send(skill, json!(n), caller, parts.clone()), &[]),
            );
            assert_eq!(
                plan.cache.as_ref().map(|c| &c.key),
                alice.cache.as_ref().map(|c| &c.key)
            );
            let hit = app.from_cache(&plan, &entry, Mark::Hit, &s, &mut SeededRandom(n as u64));
            let hit = hit.unwrap_or_else(|| panic!("{skill}: the entry answers {caller}"));
            assert_eq!(hit.header(CACHE_HEADER), Some("hit"));
            assert!(!hit.body.contains("alice"), "{skill}: {}", hit.body);
            let answer = body(&hit);
            let task = &answer["result"];
            assert_eq!(answer["id"], n);
            assert_eq!(task["contextId"], format!("ctx-of-{caller}"));
            assert_eq!(task["history"][0]["messageId"], format!("msg-of-{caller}"));
            assert_eq!(task["history"][0]["taskId"], task["id"]);
            assert_eq!(task["metadata"], json!({"cache": "hit"}));
            let parts = |a: &Value| a["result"]["artifacts"][0]["parts"].clone();
            assert_eq!(
                parts(&answer),
                parts(&body(&first)),
                "{skill}: the same answer"
            );
            assert_ne!(
                task["artifacts"][0]["artifactId"],
                body(&first)["result"]["artifacts"][0]["artifactId"]
            );
            tasks.push(task["id"].clone());
        }
        assert_ne!(
            tasks.first(),
            tasks.get(1),
            "{skill}: each caller's own task id"
        );
    }
}

#[test]
fn an_expired_answer_is_served_stale_only_instead_of_an_account_refusal_or_a_failure() {
    let rule = cache::rule(Skill::PopeLookup, &settings(&[])).unwrap();
    let (fresh, stale) = (
        rule.fresh_secs as f64 * 1000.0,
        rule.stale_secs as f64 * 1000.0,
    );
    assert_eq!(age(&rule, 0.0, fresh - 1.0), Age::Fresh);
    assert_eq!(age(&rule, 0.0, fresh), Age::Stale);
    assert_eq!(age(&rule, 0.0, fresh + stale - 1.0), Age::Stale);
    assert_eq!(age(&rule, 0.0, fresh + stale), Age::Expired);
    let refused = |limit| Budgeted::Refused {
        pool: "default".into(),
        wait: Some(30),
        limit,
    };
    assert!(cache::stale_after_budget(&refused(Limit::Account)));
    assert!(cache::stale_after_budget(&Budgeted::Failed));
    assert!(
        !cache::stale_after_budget(&refused(Limit::Client)),
        "no way around a visitor's limit"
    );
    assert!(!cache::stale_after_budget(&Budgeted::Go));
    for (status, rpc_error, failed) in [
        (502, Some(-32603), true),
        (504, Some(-32603), true),
        (429, Some(-32029), true),
        (200, Some(-32603), true),
        (200, None, false),
        (400, Some(-32602), false),
        (401, Some(-32004), false),
    ] {
        assert_eq!(
            cache::stale_after_answer(status, rpc_error),
            failed,
            "{status} {rpc_error:?}"
        );
    }
    // Budget spent: the expired answer, marked stale; no entry: the 429 as before.
    let s = settings(&[]);
    let mut app = App::new();
    let parts = json!([{"kind": "text", "text": "Leo XIV"}]);
    let plan = planned(
        &mut app,
        &s,
        &post(&send("pope_lookup", json!(3), "a", parts), &[]),
    );
    let (_, entry) = finish(&s, &plan, &upstream("lookup_pope", &json!(3), "a"));
    let entry = entry.unwrap();
    let old = app
        .from_cache(&plan, &entry, Mark::Stale, &s, &mut SeededRandom(4))
        .unwrap();
    assert_eq!((old.status, old.header(CACHE_HEADER)), (200, Some("stale")));
    assert_eq!(body(&old)["result"]["metadata"], json!({"cache": "stale"}));
    let no = app
        .budget_answer(&plan, refused(Limit::Account), &s)
        .unwrap();
    assert_eq!((no.status, no.header(CACHE_HEADER)), (429, Some("miss")));
    assert_eq!(body(&no)["error"]["code"], -32029);
}

#[test]
fn every_proxied_answer_says_where_it_came_from() {
    let s = settings(&[]);
    let mut app = App::new();
    let text = json!([{"kind": "text", "text": "What is grace?"}]);
    let qa = planned(&mut app, &s, &post(&send_body("catholic_qa", text), &[]));
    assert!(qa.cache.is_none());
    let (answer, entry) = finish(&s, &qa, &upstream("qa_answer", &json!(9), "a"));
    assert_eq!((answer.header(CACHE_HEADER), entry), (Some("bypass"), None));
    let get = json!({"jsonrpc": "2.0", "id": 2, "method": "tasks/get", "params": {"id": "t"}});
    let Route::Forward(get) = route(&mut app, &s, &post(&get.to_string(), &[])) else {
        panic!("tasks/get goes upstream");
    };
    let failed = App::new()
        .finish_answer(&get, UpstreamOutcome::Timeout, &s)
        .into_parts()
        .0;
    assert_eq!(failed.header(CACHE_HEADER), Some("bypass"));
    // Through the A2A 1.0 door too.
    let v1 = json!({"jsonrpc": "2.0", "id": 3, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m", "parts": [{"text": "Leo XIV"}],
        "metadata": {"skillId": "pope_lookup"}}}});
    let request = post(&v1.to_string(), &[("a2a-version", "1.0")]);
    let Route::Forward(plan) = route(&mut app, &s, &request) else {
        panic!("a 1.0 lookup goes upstream");
    };
    let (answer, entry) = finish(&s, &plan, &upstream("lookup_pope", &plan.rpc_id, "a"));
    assert_eq!(answer.header(CACHE_HEADER), Some("miss"));
    let hit = app.from_cache(&plan, &entry.unwrap(), Mark::Hit, &s, &mut SeededRandom(1));
    let hit = hit.unwrap();
    assert_eq!(hit.header(CACHE_HEADER), Some("hit"));
    assert_eq!(
        body(&hit)["result"]["task"]["status"]["state"],
        "TASK_STATE_COMPLETED"
    );
}
