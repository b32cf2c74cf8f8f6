//! The fault matrix of issue 9, SDK side: the SDK in headless Chromium against the fault-injecting
//! upstream (`tests/servers/fault-server.mjs`, URL in `MAGISTERIUM_FAULT_URL` at build time).
//!
//! The cases and their expected outcomes live in the fault server (`GET /__faults`), so the proxy
//! side (`tests/js/proxy-faults.test.mjs`) runs exactly the same matrix. Every case must end within
//! its time bound in the outcome it names, and then the SAME client instance must serve a normal
//! call correctly. A case is chosen by the request text `scenario:fault:<case>:<nonce>` sent to
//! `/by-query`, so one client (one endpoint) sees faults and normal answers alternately.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Function, Promise};
use magisterium_a2a::web::{is_magisterium_error, MagisteriumClient};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod browser;
use browser::{fault_url, get, obj, server_json};

/// Every group of the matrix this file runs; a group the server lists and this file does not know
/// fails `every_group_of_the_matrix_is_run`.
const GROUPS: [&str; 9] = [
    "parse",
    "transport",
    "size",
    "retry",
    "rpc",
    "nesting",
    "numbers",
    "dupkeys",
    "types",
];

fn num(v: &JsValue, key: &str) -> Option<f64> {
    get(v, key).as_f64()
}

fn string(v: &JsValue, key: &str) -> Option<String> {
    get(v, key).as_string()
}

fn now() -> f64 {
    js_sys::Date::now()
}

fn nonce() -> String {
    format!("{:x}", (js_sys::Math::random() * 1e15) as u64)
}

async fn sleep(ms: i32) {
    let p = Promise::new(&mut |resolve, _| {
        let set_timeout: Function = get(&js_sys::global(), "setTimeout").unchecked_into();
        set_timeout
            .call2(&JsValue::UNDEFINED, &resolve, &ms.into())
            .unwrap();
    });
    JsFuture::from(p).await.unwrap();
}

fn encode(s: &str) -> String {
    String::from(js_sys::encode_uri_component(s))
}

/// Requests this case reached the server with (per case and nonce).
async fn hits(case: &str, nonce: &str) -> f64 {
    let key = encode(&format!("fault/{case}/{nonce}"));
    num(&server_json(&format!("/__count/{key}")).await, "count").unwrap_or(-1.0)
}

/// The matrix as the fault server lists it.
async fn cases() -> Vec<JsValue> {
    Array::from(&server_json("/__faults").await)
        .iter()
        .collect()
}

/// The clients of the matrix: all at `/by-query`, so faults and normal calls share one instance.
fn client(kind: &str) -> MagisteriumClient {
    let mut pairs = vec![(
        "endpoint",
        JsValue::from(format!("{}/by-query", fault_url())),
    )];
    match kind {
        "plain" => pairs.push(("maxRetries", 0.into())),
        "retry" => pairs.push(("maxRetries", 2.into())),
        "cap" => {
            pairs.push(("maxRetries", 0.into()));
            pairs.push(("maxResponseBytes", 100_000.into()));
        }
        other => panic!("unknown client kind {other}"),
    }
    MagisteriumClient::new(Some(obj(&pairs).unchecked_into())).unwrap()
}

/// One call of kind `call` ("search", "qa", "fetch", "get") with `text` as its input.
async fn invoke(
    c: &MagisteriumClient,
    call: &str,
    text: &str,
    timeout_ms: Option<f64>,
    signal: Option<&web_sys::AbortSignal>,
) -> Result<JsValue, JsValue> {
    let mut opts = Vec::new();
    if let Some(ms) = timeout_ms {
        opts.push(("timeoutMs", JsValue::from(ms)));
    }
    if let Some(signal) = signal {
        opts.push(("signal", JsValue::from(signal.clone())));
    }
    let opts = (!opts.is_empty()).then(|| obj(&opts).unchecked_into());
    match call {
        "search" => c.document_search(text.into(), opts).await,
        "qa" => c.catholic_qa(text.into(), opts).await,
        "fetch" => c.document_fetch(text.into(), opts).await,
        "get" => c.get_task(text.into(), opts).await,
        other => panic!("unknown call {other}"),
    }
}

/// The normal call after a fault: the same client must answer it correctly.
async fn normal_call(c: &MagisteriumClient) -> Result<(), String> {
    let started = now();
    let r = invoke(c, "search", "scenario:ok", None, None)
        .await
        .map_err(|e| {
            format!(
                "the normal call after it failed: {:?}",
                string(&e, "message")
            )
        })?;
    let n = Array::from(&get(&r, "results")).length();
    if n != 2 {
        return Err(format!(
            "the normal call after it returned {n} results, not 2"
        ));
    }
    if now() - started > 3000.0 {
        return Err("the normal call after it took more than 3 s".into());
    }
    Ok(())
}

/// Checks the outcome of a call against the expectation `sdk` of a case.
fn check_outcome(sdk: &JsValue, outcome: &Result<JsValue, JsValue>) -> Result<(), String> {
    if get(sdk, "ok").as_bool() == Some(true) {
        let value = match outcome {
            Ok(v) => v,
            Err(e) => {
                return Err(format!(
                    "expected success, got {:?}: {:?}",
                    string(e, "kind"),
                    string(e, "message")
                ))
            }
        };
        let len = get(sdk, "len");
        if !len.is_undefined() {
            let arr = Array::from(&len);
            let field = arr.get(0).as_string().unwrap();
            let want = arr.get(1).as_f64().unwrap();
            let got = Array::from(&get(value, &field)).length();
            if f64::from(got) != want {
                return Err(format!("{field}: {got} items, expected {want}"));
            }
        }
        if let Some(state) = string(sdk, "state") {
            let got = string(&get(value, "status"), "state");
            if got.as_deref() != Some(state.as_str()) {
                return Err(format!("task state {got:?}, expected {state}"));
            }
        }
        return Ok(());
    }
    let want_kind = string(sdk, "kind").ok_or("the case names neither ok nor kind")?;
    let e = match outcome {
        Ok(v) => {
            let text = js_sys::JSON::stringify(v)
                .map(String::from)
                .unwrap_or_default();
            return Err(format!(
                "expected {want_kind}, got success: {}",
                &text[..text.len().min(200)]
            ));
        }
        Err(e) => e,
    };
    if !is_magisterium_error(e) || !e.is_instance_of::<js_sys::Error>() {
        return Err(format!("not a MagisteriumError: {e:?}"));
    }
    if string(e, "name").as_deref() != Some("MagisteriumError") {
        return Err("error.name is not MagisteriumError".into());
    }
    let kind = string(e, "kind").unwrap_or_default();
    if kind != want_kind {
        return Err(format!(
            "kind {kind}, expected {want_kind} (message: {:?})",
            string(e, "message")
        ));
    }
    if string(e, "message").is_none_or(|m| m.is_empty()) {
        return Err("an empty error message".into());
    }
    for key in ["status", "code", "retryAfterMs"] {
        if let Some(want) = num(sdk, key) {
            let got = num(e, key);
            if got != Some(want) {
                return Err(format!("{key} {got:?}, expected {want}"));
            }
        }
    }
    if let Some(near) = num(sdk, "retryAfterNear") {
        let got = num(e, "retryAfterMs");
        if !got.is_some_and(|got| (got - near).abs() < 120_000.0) {
            let got = got.unwrap_or(f64::NAN);
            return Err(format!("retryAfterMs {got}, expected about {near}"));
        }
    }
    if get(sdk, "noRetryAfter").as_bool() == Some(true) && !get(e, "retryAfterMs").is_undefined() {
        return Err(format!(
            "retryAfterMs {:?}, expected none",
            num(e, "retryAfterMs")
        ));
    }
    match string(sdk, "data").as_deref() {
        Some("present") if get(e, "data").is_undefined() => {
            return Err("error.data is missing".into())
        }
        Some("absent") if !get(e, "data").is_undefined() => return Err("error.data is set".into()),
        _ => {}
    }
    if let Some(task) = string(sdk, "taskId") {
        if string(e, "taskId").as_deref() != Some(task.as_str()) {
            return Err(format!("taskId {:?}, expected {task}", string(e, "taskId")));
        }
    }
    Ok(())
}

/// Runs one case on `c` and then a normal call on the same `c`.
async fn run_case(c: &MagisteriumClient, case: &JsValue) -> Result<(), String> {
    let id = string(case, "id").unwrap();
    let call = string(case, "call").unwrap_or_else(|| "search".into());
    let sdk = get(case, "sdk");
    let n = nonce();
    let text = format!("scenario:fault:{id}:{n}");
    let started = now();
    let outcome = invoke(c, &call, &text, num(&sdk, "timeoutMs"), None).await;
    let took = now() - started;
    check_outcome(&sdk, &outcome)?;
    let max_ms = num(&sdk, "maxMs").unwrap_or(3000.0);
    if took > max_ms {
        return Err(format!("took {took} ms, bound {max_ms} ms"));
    }
    if let Some(min_ms) = num(&sdk, "minMs") {
        if took < min_ms {
            return Err(format!("took {took} ms, expected at least {min_ms} ms"));
        }
    }
    if let Some(want) = num(&sdk, "calls") {
        let got = hits(&id, &n).await;
        if got != want {
            return Err(format!(
                "{got} requests reached the server, expected {want}"
            ));
        }
    }
    if let Some(max) = num(&sdk, "maxWritten") {
        // The server records what it wrote when the socket closes; give the close a moment.
        let mut w = JsValue::UNDEFINED;
        for _ in 0..40 {
            w = server_json(&format!("/__written/{n}")).await;
            if get(&w, "closed").as_bool() == Some(true)
                || get(&w, "finished").as_bool() == Some(true)
            {
                break;
            }
            sleep(50).await;
        }
        let bytes = num(&w, "bytes");
        if get(&w, "finished").as_bool() == Some(true) || !bytes.is_some_and(|b| b <= max) {
            let bytes = bytes.unwrap_or(f64::NAN);
            return Err(format!(
                "the whole body was read: {bytes} bytes written (bound {max}), finished {:?}",
                get(&w, "finished").as_bool()
            ));
        }
    }
    normal_call(c).await
}

/// Runs every case of `group` (optionally only those whose id starts with `prefix`), each followed
/// by a normal call on the same client; fails with the list of every case that did not hold.
async fn run_group(group: &str, prefix: &str) -> usize {
    let all = cases().await;
    let mine: Vec<JsValue> = all
        .into_iter()
        .filter(|c| string(c, "group").as_deref() == Some(group))
        .filter(|c| string(c, "id").is_some_and(|id| id.starts_with(prefix)))
        .collect();
    assert!(!mine.is_empty(), "no case in group {group} ({prefix})");
    let clients = [
        ("plain", client("plain")),
        ("retry", client("retry")),
        ("cap", client("cap")),
    ];
    let mut failures = Vec::new();
    for case in &mine {
        let kind = string(&get(case, "sdk"), "client").unwrap_or_else(|| "plain".into());
        let c = &clients
            .iter()
            .find(|(k, _)| *k == kind)
            .expect("client kind")
            .1;
        if let Err(why) = run_case(c, case).await {
            failures.push(format!("{}: {why}", string(case, "id").unwrap()));
        }
    }
    console_log!(
        "fault matrix (browser) {prefix}: {} of {} cases held",
        mine.len() - failures.len(),
        mine.len()
    );
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    mine.len()
}

#[wasm_bindgen_test]
async fn every_group_of_the_matrix_is_run() {
    let all = cases().await;
    assert!(all.len() >= 400, "only {} cases listed", all.len());
    for case in &all {
        let group = string(case, "group").unwrap_or_default();
        assert!(
            GROUPS.contains(&group.as_str()),
            "group {group} is not run by this file"
        );
    }
}

#[wasm_bindgen_test]
async fn faults_parse_malformed_json_invalid_utf8_html() {
    run_group("parse", "parse/").await;
}

#[wasm_bindgen_test]
async fn faults_transport_truncated_reset_slow_first_byte_trickle() {
    run_group("transport", "transport/").await;
}

#[wasm_bindgen_test]
async fn faults_size_50_mb_byte_cap_10k_citations() {
    run_group("size", "size/").await;
}

#[wasm_bindgen_test]
async fn faults_retry_429_storms_retry_after_5xx() {
    run_group("retry", "retry/").await;
}

#[wasm_bindgen_test]
async fn faults_rpc_errors_ids_result_error_states_parts() {
    run_group("rpc", "rpc/").await;
}

#[wasm_bindgen_test]
async fn faults_deeply_nested_json() {
    run_group("nesting", "nesting/").await;
}

#[wasm_bindgen_test]
async fn faults_huge_numbers() {
    run_group("numbers", "numbers/").await;
}

#[wasm_bindgen_test]
async fn faults_duplicate_keys() {
    run_group("dupkeys", "dupkeys/").await;
}

#[wasm_bindgen_test]
async fn faults_wrong_types_search_fields() {
    run_group("types", "types/search/").await;
}

#[wasm_bindgen_test]
async fn faults_wrong_types_qa_fields() {
    run_group("types", "types/qa/").await;
}

#[wasm_bindgen_test]
async fn faults_wrong_types_document_and_error_fields() {
    run_group("types", "types/fetch/").await;
    run_group("types", "types/error/").await;
}

/// 20 concurrent calls of one client into a 429 storm: exactly 1 + maxRetries requests each, the
/// `Retry-After` of 1 s honoured before every retry, and without it the waits are jittered.
#[wasm_bindgen_test]
async fn a_429_storm_of_20_concurrent_calls() {
    for (case, honoured) in [
        ("retry/storm-retry-after-1", true),
        ("retry/storm-no-retry-after", false),
    ] {
        let c = client("retry");
        let nonces: Vec<String> = (0..20).map(|_| nonce()).collect();
        let started = now();
        let calls: Vec<_> = nonces
            .iter()
            .map(|n| c.document_search(format!("scenario:fault:{case}:{n}").into(), None))
            .collect();
        for outcome in browser::join_all(calls).await {
            let e = outcome.expect_err("a storm never succeeds");
            assert_eq!(
                string(&e, "kind").as_deref(),
                Some("rate_limited"),
                "{case}"
            );
        }
        let took = now() - started;
        assert!(took < 6000.0, "{case}: {took} ms");
        let mut gaps = Vec::new();
        for n in &nonces {
            assert_eq!(hits(case, n).await, 3.0, "{case}: 1 + maxRetries requests");
            let ids: Vec<String> = Array::from(&server_json(&format!("/__message-ids/{n}")).await)
                .iter()
                .map(|v| v.as_string().unwrap_or_default())
                .collect();
            assert!(
                ids.len() == 3 && !ids[0].is_empty() && ids.iter().all(|id| *id == ids[0]),
                "{case}: retries resend the same messageId: {ids:?}"
            );
            let t: Vec<f64> = Array::from(&server_json(&format!("/__times/{n}")).await)
                .iter()
                .map(|v| v.as_f64().unwrap())
                .collect();
            gaps.extend(t.windows(2).map(|w| w[1] - w[0]));
        }
        if honoured {
            let min = gaps.iter().copied().fold(f64::INFINITY, f64::min);
            assert!(
                min >= 950.0,
                "{case}: a retry came {min} ms after a Retry-After of 1 s"
            );
        } else {
            let mean = gaps.iter().sum::<f64>() / gaps.len() as f64;
            let var = gaps.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / gaps.len() as f64;
            assert!(
                var.sqrt() > 0.1 * mean,
                "{case}: waits not jittered (mean {mean}, sd {})",
                var.sqrt()
            );
            let max = gaps.iter().copied().fold(0.0, f64::max);
            assert!(
                max < 1500.0,
                "{case}: a wait of {max} ms is past the 2nd backoff ceiling"
            );
        }
        normal_call(&c).await.unwrap();
    }
}

/// The caller's abort ends a call stuck in a slow body within 50 ms, with kind `aborted`.
#[wasm_bindgen_test]
async fn abort_in_the_middle_of_a_slow_body() {
    let c = client("plain");
    for case in [
        "transport/slow-trickle",
        "transport/stalled-body",
        "transport/slow-first-byte",
    ] {
        let controller = web_sys::AbortController::new().unwrap();
        let signal = controller.signal();
        let abort_at = std::rc::Rc::new(std::cell::Cell::new(0.0));
        let at = abort_at.clone();
        let abort = Closure::once_into_js(move || {
            at.set(now());
            controller.abort();
        });
        let set_timeout: Function = get(&js_sys::global(), "setTimeout").unchecked_into();
        set_timeout
            .call2(&JsValue::UNDEFINED, &abort, &300.into())
            .unwrap();
        let text = format!("scenario:fault:{case}:{}", nonce());
        let outcome = invoke(&c, "search", &text, Some(10_000.0), Some(&signal)).await;
        let late = now() - abort_at.get();
        let e = outcome.expect_err("aborted");
        assert_eq!(string(&e, "kind").as_deref(), Some("aborted"), "{case}");
        assert!(
            late < 50.0,
            "{case}: the rejection came {late} ms after the abort"
        );
        normal_call(&c).await.unwrap();
    }
}

/// A `Retry-After` of a year: the error reports the server's wait as it is (`retryAfterMs`), the
/// core's retry policy caps the wait before a retry at 60 s, and a client with retries left waits
/// (no second request) until the caller gives up.
#[wasm_bindgen_test]
async fn a_retry_after_of_a_year_is_reported_and_capped_at_60_s() {
    use magisterium_a2a::protocol::retry::RetryPolicy;
    use magisterium_a2a::protocol::{Error, ErrorKind};

    let case = "retry/429-retry-after-year";
    let e = invoke(
        &client("plain"),
        "search",
        &format!("scenario:fault:{case}:{}", nonce()),
        None,
        None,
    )
    .await
    .unwrap_err();
    let ms = num(&e, "retryAfterMs").unwrap();
    assert_eq!(ms, 31_536_000_000.0);
    let error = Error::new(ErrorKind::RateLimited, "Rate limit exceeded")
        .with_status(429)
        .with_retry_after_ms(Some(ms as u64));
    let policy = RetryPolicy::default();
    for retries_done in 0..policy.max_retries {
        assert_eq!(
            policy.next_delay_ms("message/send", retries_done, &error, 0.99),
            Some(60_000)
        );
    }

    let c = client("retry");
    let controller = web_sys::AbortController::new().unwrap();
    let signal = controller.signal();
    let abort = Closure::once_into_js(move || controller.abort());
    let set_timeout: Function = get(&js_sys::global(), "setTimeout").unchecked_into();
    set_timeout
        .call2(&JsValue::UNDEFINED, &abort, &1000.into())
        .unwrap();
    let n = nonce();
    let started = now();
    let outcome = invoke(
        &c,
        "search",
        &format!("scenario:fault:{case}:{n}"),
        None,
        Some(&signal),
    )
    .await;
    assert_eq!(
        string(&outcome.unwrap_err(), "kind").as_deref(),
        Some("aborted")
    );
    assert!(now() - started < 1500.0);
    assert_eq!(
        hits(case, &n).await,
        1.0,
        "no retry within the first second of a capped wait"
    );
    normal_call(&c).await.unwrap();
}
