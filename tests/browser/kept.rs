//! The SDK's body reader (`crates/platform/src/kept.rs`) in headless Chromium: a byte stream read
//! into the kept buffer, whole or stopped at the cap, one body's bytes never showing in the next,
//! and a stream that is not a byte stream read chunk by chunk under the same cap.

use js_sys::{Function, Reflect, Uint8Array};
use magisterium_platform::{read_body_into, sleep, utf8_text};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::Response;

/// `{ response, pulls, cancelled }`: a Response over a stream of `chunks` chunks of `size` bytes
/// (-1: endless) of `fill`, a byte stream when `bytes`, counting its pulls and noting a cancel. A
/// byte source ends a pending BYOB read itself (`respond(0)` after `close()`), as the platform's do.
fn probe(bytes: bool, chunks: i32, size: u32, fill: u8) -> JsValue {
    let make = Function::new_with_args(
        "bytes, chunks, size, fill",
        "const probe = { pulls: 0, cancelled: false };
         const stream = new ReadableStream({
           type: bytes ? 'bytes' : undefined,
           pull(c) { probe.pulls++; if (chunks >= 0 && probe.pulls > chunks) { c.close(); c.byobRequest?.respond(0); } else c.enqueue(new Uint8Array(size).fill(fill)); },
           cancel() { probe.cancelled = true; },
         }, { highWaterMark: 0 });
         probe.response = new Response(stream);
         return probe;",
    );
    let args = js_sys::Array::of4(&bytes.into(), &chunks.into(), &size.into(), &fill.into());
    make.apply(&JsValue::UNDEFINED, &args).unwrap()
}

fn member(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn response(probe: &JsValue) -> Response {
    member(probe, "response").unchecked_into()
}

/// The bytes as a Rust vector (copied while the view is valid).
fn copy(bytes: &Uint8Array) -> Vec<u8> {
    bytes.to_vec()
}

#[wasm_bindgen_test]
async fn a_byte_stream_is_read_whole_and_the_next_body_sees_only_its_own_bytes() {
    // 300 KB: past the first buffer, so it grows; the kept buffer then serves a shorter body.
    let big = probe(true, 30, 10_000, b'a');
    let read = read_body_into(&response(&big), 1e6, copy).await.unwrap();
    let read = read.expect("300,000 bytes fit a 1 MB cap");
    assert_eq!(read.len(), 300_000);
    assert!(read.iter().all(|&b| b == b'a'));

    let small = probe(true, 2, 3, b'b');
    let read = read_body_into(&response(&small), 1e6, copy).await.unwrap();
    assert_eq!(
        read.as_deref(),
        Some(&b"bbbbbb"[..]),
        "six bytes, none left over from the body before"
    );

    let text = Response::new_with_opt_str(Some("{\"a\":\"é\"}")).unwrap();
    let read = read_body_into(&text, 1e6, utf8_text).await.unwrap();
    assert_eq!(
        read.flatten().map(String::from).as_deref(),
        Some("{\"a\":\"é\"}")
    );
}

#[wasm_bindgen_test]
async fn the_cap_stops_a_byte_stream_and_cancels_it() {
    let endless = probe(true, -1, 1000, b'a');
    let read = read_body_into(&response(&endless), 5_500.0, copy)
        .await
        .unwrap();
    assert!(read.is_none(), "past the cap");
    let pulls = member(&endless, "pulls").as_f64().unwrap();
    assert!(
        pulls <= 7.0,
        "reading stopped at the cap, after {pulls} pulls"
    );
    sleep(0.0, None).await.unwrap();
    assert_eq!(member(&endless, "cancelled"), JsValue::TRUE);

    let exact = probe(true, 3, 1000, b'a');
    let read = read_body_into(&response(&exact), 3_000.0, copy)
        .await
        .unwrap();
    assert_eq!(
        read.map(|b| b.len()),
        Some(3000),
        "a body of the cap's size fits"
    );
}

#[wasm_bindgen_test]
async fn a_stream_that_is_not_a_byte_stream_is_read_chunk_by_chunk_under_the_cap() {
    let plain = probe(false, 3, 1000, b'c');
    let read = read_body_into(&response(&plain), 3_000.0, copy)
        .await
        .unwrap();
    assert_eq!(read.map(|b| b.len()), Some(3000));

    let endless = probe(false, -1, 1000, b'c');
    let read = read_body_into(&response(&endless), 5_500.0, copy)
        .await
        .unwrap();
    assert!(read.is_none());
    sleep(0.0, None).await.unwrap();
    assert_eq!(member(&endless, "cancelled"), JsValue::TRUE);
}

#[wasm_bindgen_test]
async fn a_declared_length_over_the_cap_is_refused_unread_and_no_body_is_empty() {
    let headers = web_sys::Headers::new().unwrap();
    headers.set("content-length", "999999").unwrap();
    let init = web_sys::ResponseInit::new();
    init.set_headers(&headers);
    let declared = Response::new_with_opt_str_and_init(Some("{}"), &init).unwrap();
    assert!(read_body_into(&declared, 10.0, copy)
        .await
        .unwrap()
        .is_none());

    let empty = Response::new_with_opt_str_and_init(None, &init_status(204)).unwrap();
    let read = read_body_into(&empty, 10.0, copy).await.unwrap();
    assert_eq!(read.map(|b| b.len()), Some(0));
}

fn init_status(status: u16) -> web_sys::ResponseInit {
    let init = web_sys::ResponseInit::new();
    init.set_status(status);
    init
}
