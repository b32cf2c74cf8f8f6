//! One visitor cannot hurt everyone: the per-visitor limits run before the account's budget
//! object, on every proxied method and on sign-in, keyed by the visitor's address (an IPv6 /64);
//! a budget object that fails answers a retryable 503 and sends nothing upstream.

use crate::common::proxy::*;
use magisterium_core::ids::SeededRandom;
use magisterium_core::serve::http::WorkerRequest;
use magisterium_worker::app::{App, Route};
use magisterium_worker::limits::{visitor_key, Budgeted, Gate};
use magisterium_worker::proxy::Limit;
use serde_json::{json, Value};

fn search() -> String {
    send_body("document_search", json!([{"kind": "text", "text": "q"}]))
}

fn task_call(method: &str) -> String {
    json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": {"id": "t"}}).to_string()
}

fn login(client_key: &str) -> WorkerRequest {
    WorkerRequest {
        method: "GET".into(),
        path: "/auth/login".into(),
        body: Vec::new(),
        headers: Vec::new(),
        client_key: client_key.into(),
        ..post("", &[])
    }
}

#[test]
fn a_visitor_over_their_limit_is_refused_before_any_budget_call() {
    // The default deployment: the budget object counts the account, no Rate Limiting binding.
    let s = settings(&[]);
    let mut app = App::new();
    for _ in 0..15 {
        let plan = planned(&mut app, &s, &post(&search(), &[]));
        assert_eq!(plan.budget.as_deref(), Some("operator"));
    }
    // The 16th call of the minute from the same address never reaches the budget object.
    let (r, v) = rejected(&mut app, &s, &post(&search(), &[]));
    assert_eq!((r.status, r.header("retry-after")), (429, Some("60")));
    assert_eq!(v["error"]["data"]["limit"], "client");
    assert_eq!(v["error"]["data"]["pool"], "default");
    // Another visitor still gets through to the budget.
    let mut other = post(&search(), &[]);
    other.client_key = "198.51.100.7".into();
    assert_eq!(
        planned(&mut app, &s, &other).budget.as_deref(),
        Some("operator")
    );
    // With the binding, the entry asks it first (forward.rs), then the budget object.
    let plan = match App::new().handle(&post(&search(), &[]), &s, &mut SeededRandom(1), true) {
        Route::Forward(plan) => plan,
        other => panic!("{other:?}"),
    };
    assert_eq!(plan.binding_pools, ["default"]);
    assert_eq!(plan.budget.as_deref(), Some("operator"));
}

#[test]
fn tasks_get_and_cancel_have_a_per_visitor_limit_of_their_own() {
    let s = settings(&[]);
    let mut app = App::new();
    for i in 0..15 {
        let method = if i % 2 == 0 {
            "tasks/get"
        } else {
            "tasks/cancel"
        };
        let plan = planned(&mut app, &s, &post(&task_call(method), &[]));
        assert_eq!(plan.budget, None, "tasks/* take nothing from the budget");
    }
    let (r, v) = rejected(&mut app, &s, &post(&task_call("tasks/get"), &[]));
    assert_eq!((r.status, r.header("retry-after")), (429, Some("60")));
    assert_eq!(v["error"]["data"]["pool"], "tasks");
    assert_eq!(v["error"]["data"]["limit"], "client");
    assert_eq!(v["error"]["data"]["allowed"], 15);
    // Polling never uses up the visitor's calls: a send still goes.
    planned(&mut app, &s, &post(&search(), &[]));
    // With the binding, the entry checks the `tasks` pool with it.
    let req = post(&task_call("tasks/cancel"), &[]);
    let Route::Forward(plan) = App::new().handle(&req, &s, &mut SeededRandom(1), true) else {
        panic!()
    };
    assert_eq!(plan.binding_pools, ["tasks"]);
    // Switched off with the other per-visitor limits.
    let off = settings(&[("PROXY_RATE_LIMITS", "off")]);
    let mut app = App::new();
    for _ in 0..30 {
        planned(&mut app, &off, &post(&task_call("tasks/get"), &[]));
    }
}

#[test]
fn a_failed_budget_object_answers_a_retryable_503_that_never_reached_the_upstream() {
    let s = settings(&[]);
    let mut app = App::new();
    let origin = Some("https://app.example");
    let plan = planned(
        &mut app,
        &s,
        &post(&search(), &[("origin", "https://app.example")]),
    );
    let answer = app.budget_answer(&plan, Budgeted::Failed, &s);
    let r = answer.expect("a failed budget object is answered locally");
    assert_eq!(r.status, 503);
    assert_eq!(r.header("retry-after"), Some("2"));
    assert_eq!(r.header("access-control-allow-origin"), origin);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(v["id"], 9);
    assert_eq!(v["error"]["code"], -32603);
    assert_eq!(v["error"]["data"]["upstream"], "not_reached");
    assert_eq!(v["error"]["data"]["reason"], "budget_unavailable");
    assert_eq!(v["error"]["data"]["retryAfterSeconds"], 2);
    // The other answers are as before: go, or the limit's 429.
    assert!(app.budget_answer(&plan, Budgeted::Go, &s).is_none());
    let refused = Budgeted::Refused {
        pool: "default".into(),
        wait: Some(7),
        limit: Limit::Account,
    };
    let r = app.budget_answer(&plan, refused, &s).unwrap();
    assert_eq!((r.status, r.header("retry-after")), (429, Some("7")));
    // An A2A 1.0 call gets it through its door.
    let v1 = json!({"jsonrpc": "2.0", "id": 7, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m-1", "parts": [{"text": "q"}],
        "metadata": {"skillId": "document_search"}}}})
    .to_string();
    let plan = planned(&mut app, &s, &post(&v1, &[("a2a-version", "1.0")]));
    let r = app.budget_answer(&plan, Budgeted::Failed, &s).unwrap();
    assert_eq!((r.status, r.header("retry-after")), (503, Some("2")));
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert!(v["error"]["data"].is_array(), "1.0 error details: {v}");
}

#[test]
fn sign_in_starts_are_limited_per_visitor() {
    let s = settings(&[]);
    let mut app = App::new();
    for _ in 0..15 {
        assert!(matches!(
            app.sign_in_gate(&login("203.0.113.9"), &s, false),
            Gate::Open
        ));
    }
    let Gate::Refused(r) = app.sign_in_gate(&login("203.0.113.9"), &s, false) else {
        panic!("the 16th sign-in of the minute is refused")
    };
    assert_eq!((r.status, r.header("retry-after")), (429, Some("60")));
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(v["pool"], "sign_in");
    // Sign-in has its own pool: the visitor's calls still go, and another visitor signs in.
    planned(&mut app, &s, &post(&search(), &[]));
    assert!(matches!(
        app.sign_in_gate(&login("198.51.100.7"), &s, false),
        Gate::Open
    ));
    // With the binding, the entry asks it under the visitor's sign-in key.
    match App::new().sign_in_gate(&login("203.0.113.9"), &s, true) {
        Gate::AskBinding { pool, key } => {
            assert_eq!(
                (pool.as_str(), key.as_str()),
                ("sign_in", "203.0.113.9:sign_in")
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn per_visitor_keys_are_the_ipv6_64_and_the_whole_ipv4_address() {
    let cases = [
        (Some("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64"),
        (
            Some("2001:0db8:0001:0002:ffff:ffff:ffff:ffff"),
            "2001:db8:1:2::/64",
        ),
        (Some("2001:DB8:1:2::9"), "2001:db8:1:2::/64"),
        (Some(" 2001:db8:1:2::9 "), "2001:db8:1:2::/64"),
        (Some("2001:db8:1:3::9"), "2001:db8:1:3::/64"),
        (Some("::1"), "::/64"),
        (Some("fe80::1%eth0"), "fe80::/64"),
        (Some("::ffff:1.2.3.4"), "1.2.3.4"),
        (Some("::ffff:102:304"), "1.2.3.4"),
        (Some("203.0.113.9"), "203.0.113.9"),
        (Some("not an address"), "unknown"),
        (Some("203.0.113.9.1"), "unknown"),
        (Some("2001:db8::1%"), "unknown"),
        (Some(""), "unknown"),
        (None, "local"),
    ];
    for (raw, key) in cases {
        assert_eq!(visitor_key(raw), key, "{raw:?}");
    }
}

#[test]
fn one_ipv6_64_is_one_visitor() {
    let s = settings(&[("UPSTREAM_BUDGET", "off")]);
    let mut app = App::new();
    let from = |interface: u32| {
        let mut req = post(&search(), &[]);
        req.client_key = visitor_key(Some(&format!("2001:db8:1:2::{interface:x}")));
        req
    };
    for i in 0..15 {
        planned(&mut app, &s, &from(i));
    }
    // A fresh interface id of the same /64 is the same visitor.
    assert_eq!(rejected(&mut app, &s, &from(0xbeef)).0.status, 429);
}
