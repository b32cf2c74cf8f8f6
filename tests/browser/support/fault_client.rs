//! A client of the fault-injecting fixture server (`tests/servers/fault-server.mjs`), its request
//! counters, and the checks of a rejection every browser test of a fault route makes.

use js_sys::Array;
use magisterium_a2a::{is_magisterium_error, MagisteriumClient};
use wasm_bindgen::{JsCast, JsValue};

use super::{fault_url, get, obj, server_json, text};

/// The fault server's count of requests under `key`.
pub async fn count(key: &str) -> f64 {
    get(&server_json(&format!("/__count/{key}")).await, "count")
        .as_f64()
        .unwrap()
}

/// A client of the fault server's `path`, without retries, with these extra options.
pub fn client_at(path: &str, extra: &[(&str, JsValue)]) -> MagisteriumClient {
    let mut pairs = vec![
        ("endpoint", JsValue::from(format!("{}{path}", fault_url()))),
        ("maxRetries", 0.into()),
    ];
    pairs.extend(extra.iter().cloned());
    MagisteriumClient::new(Some(obj(&pairs).unchecked_into())).unwrap()
}

/// The outcome of a client call.
pub async fn call(
    p: impl std::future::Future<Output = Result<JsValue, JsValue>>,
) -> Result<JsValue, JsValue> {
    p.await
}

/// Checks the error object and returns it.
pub fn expect_error(result: Result<JsValue, JsValue>, kind: &str) -> JsValue {
    let e = result.expect_err("expected a rejection");
    assert!(is_magisterium_error(&e), "not a MagisteriumError: {e:?}");
    assert!(e.is_instance_of::<js_sys::Error>(), "not an Error");
    assert_eq!(text(&e, "name"), "MagisteriumError");
    assert_eq!(text(&e, "kind"), kind, "message: {:?}", get(&e, "message"));
    e
}

/// After an error the same client must still serve a normal call.
pub async fn still_works(c: &MagisteriumClient) {
    let _ = c;
    let ok = client_at("/ok/search_results", &[]);
    let r = call(ok.document_search("x".into(), None)).await.unwrap();
    assert_eq!(Array::from(&get(&r, "results")).length(), 2);
}
