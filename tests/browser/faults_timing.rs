//! The fault matrix's timed cases in headless Chromium, against the fault-injecting upstream
//! (`tests/servers/fault-server.mjs`, URL in `MAGISTERIUM_FAULT_URL` at build time): a 429 storm of
//! concurrent calls, an abort in the middle of a slow body, and a `Retry-After` of a year.

use js_sys::{Array, Function};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

use crate::support;
use support::fault_matrix::{client, hits, invoke, nonce, normal_call, now, num, string};
use support::{get, server_json};

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
        for outcome in support::join_all(calls).await {
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
    use magisterium_core::retry::RetryPolicy;
    use magisterium_core::{Error, ErrorKind};

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
