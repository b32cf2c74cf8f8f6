//! The fault matrix's runner in the browser: the cases as the fault server lists them
//! (`GET /__faults`), the clients that run them, and the check of each outcome against the case's
//! `sdk` expectation, followed by a normal call on the same client.

use js_sys::{Array, Function, Promise};
use magisterium_a2a::{is_magisterium_error, MagisteriumClient};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::console_log;

use super::{fault_url, get, obj, server_json};

/// Member `key` of `v` as a number.
pub fn num(v: &JsValue, key: &str) -> Option<f64> {
    get(v, key).as_f64()
}

/// Member `key` of `v` as a string.
pub fn string(v: &JsValue, key: &str) -> Option<String> {
    get(v, key).as_string()
}

/// The time in milliseconds (`Date.now()`).
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// A fresh nonce: it keys the fault server's counters of one case run.
pub fn nonce() -> String {
    format!("{:x}", (js_sys::Math::random() * 1e15) as u64)
}

/// Waits `ms` milliseconds (`setTimeout`).
pub async fn sleep(ms: i32) {
    let p = Promise::new(&mut |resolve, _| {
        let set_timeout: Function = get(&js_sys::global(), "setTimeout").unchecked_into();
        set_timeout
            .call2(&JsValue::UNDEFINED, &resolve, &ms.into())
            .unwrap();
    });
    JsFuture::from(p).await.unwrap();
}

/// `encodeURIComponent(s)`.
pub fn encode(s: &str) -> String {
    String::from(js_sys::encode_uri_component(s))
}

/// Requests this case reached the server with (per case and nonce).
pub async fn hits(case: &str, nonce: &str) -> f64 {
    let key = encode(&format!("fault/{case}/{nonce}"));
    num(&server_json(&format!("/__count/{key}")).await, "count").unwrap_or(-1.0)
}

/// The matrix as the fault server lists it.
pub async fn cases() -> Vec<JsValue> {
    Array::from(&server_json("/__faults").await)
        .iter()
        .collect()
}

/// The clients of the matrix: all at `/by-query`, so faults and normal calls share one instance.
pub fn client(kind: &str) -> MagisteriumClient {
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
pub async fn invoke(
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
pub async fn normal_call(c: &MagisteriumClient) -> Result<(), String> {
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
pub fn check_outcome(sdk: &JsValue, outcome: &Result<JsValue, JsValue>) -> Result<(), String> {
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
pub async fn run_case(c: &MagisteriumClient, case: &JsValue) -> Result<(), String> {
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
pub async fn run_group(group: &str, prefix: &str) -> usize {
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
