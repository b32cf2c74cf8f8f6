//! The shared platform pieces (`crates/platform/src/`) in headless Chromium: the abort guard, the capped
//! body reader and the abortable sleep, over real timers, signals and streams.

use js_sys::{Function, Reflect, Uint8Array};
use magisterium_platform::{
    read_body, read_capped, sleep, utf8_text, AbortGuard, Capped, Cut, Interrupted,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{AbortController, ReadableStream, Response};

/// A stream of 1000-byte chunks, `chunks` of them (-1: endless), that counts its pulls and notes
/// a cancel on the returned probe object (`{ stream, pulls, cancelled }`).
fn counted_stream(chunks: i32) -> JsValue {
    let make = Function::new_with_args(
        "chunks",
        "const probe = { pulls: 0, cancelled: false };
         probe.stream = new ReadableStream({
           pull(c) { probe.pulls++; if (chunks >= 0 && probe.pulls > chunks) c.close(); else c.enqueue(new Uint8Array(1000).fill(97)); },
           cancel() { probe.cancelled = true; },
         }, { highWaterMark: 0 });
         return probe;",
    );
    make.call1(&JsValue::UNDEFINED, &chunks.into()).unwrap()
}

fn member(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

#[wasm_bindgen_test]
async fn dropping_the_guard_aborts_its_signal() {
    let guard = AbortGuard::new(Some(60_000.0), None).unwrap();
    let signal = guard.signal();
    assert!(!signal.aborted());
    drop(guard);
    assert!(
        signal.aborted(),
        "a dropped guard aborts whatever still uses its signal"
    );
}

#[wasm_bindgen_test]
async fn a_finished_guard_stops_its_timer_and_lets_go_without_aborting() {
    let caller = AbortController::new().unwrap();
    let mut guard = AbortGuard::new(Some(20.0), Some(&caller.signal())).unwrap();
    let own = guard.signal();
    guard.finished();
    drop(guard);
    assert!(
        !own.aborted(),
        "nothing is left to abort after the work ended"
    );
    sleep(80.0, None).await.unwrap();
    caller.abort();
    assert!(
        !own.aborted(),
        "the timer was stopped and the caller's signal unlinked"
    );
}

#[wasm_bindgen_test]
async fn the_timer_fires_the_guard_as_a_timeout() {
    let guard = AbortGuard::new(Some(20.0), None).unwrap();
    sleep(80.0, None).await.unwrap();
    assert!(guard.signal().aborted());
    assert_eq!(guard.cut(), Some(Cut::Timeout));
}

#[wasm_bindgen_test]
async fn the_callers_signal_fires_the_guard_as_an_abort() {
    let caller = AbortController::new().unwrap();
    let guard = AbortGuard::new(Some(60_000.0), Some(&caller.signal())).unwrap();
    assert_eq!(guard.cut(), None);
    caller.abort();
    assert!(guard.signal().aborted());
    assert_eq!(guard.cut(), Some(Cut::Aborted));

    let early = AbortGuard::new(Some(60_000.0), Some(&caller.signal())).unwrap();
    assert!(
        early.signal().aborted(),
        "an already-aborted signal fires the guard at once"
    );
    assert_eq!(early.cut(), Some(Cut::Aborted));
}

#[wasm_bindgen_test]
async fn a_dropped_guard_lets_go_of_the_callers_signal() {
    let caller = AbortController::new().unwrap();
    let guard = AbortGuard::new(None, Some(&caller.signal())).unwrap();
    let own = guard.signal();
    drop(guard);
    caller.abort();
    // The guard's own signal fired on drop; the caller's abort later changes nothing and throws nothing.
    assert!(own.aborted());
}

#[wasm_bindgen_test]
async fn the_cap_stops_reading_and_cancels_the_stream() {
    let probe = counted_stream(-1);
    let stream: ReadableStream = member(&probe, "stream").unchecked_into();
    let read = read_capped(&stream, 5_500.0).await.unwrap();
    assert!(matches!(read, Capped::TooLarge));
    let pulls = member(&probe, "pulls").as_f64().unwrap();
    assert!(
        pulls <= 7.0,
        "reading stopped at the cap, after {pulls} pulls of an endless stream"
    );
    sleep(0.0, None).await.unwrap();
    assert_eq!(
        member(&probe, "cancelled"),
        JsValue::TRUE,
        "the stream was cancelled"
    );
}

#[wasm_bindgen_test]
async fn a_body_under_the_cap_is_read_whole() {
    let probe = counted_stream(3);
    let stream: ReadableStream = member(&probe, "stream").unchecked_into();
    let Capped::Bytes(bytes) = read_capped(&stream, 3_000.0).await.unwrap() else {
        panic!("3000 bytes fit a 3000-byte cap");
    };
    assert_eq!(bytes.length(), 3000);
    assert_eq!(utf8_text(&bytes).map(String::from), Some("a".repeat(3000)));
}

#[wasm_bindgen_test]
async fn a_declared_length_over_the_cap_is_refused_unread() {
    let headers = web_sys::Headers::new().unwrap();
    headers.set("content-length", "999999").unwrap();
    let init = web_sys::ResponseInit::new();
    init.set_headers(&headers);
    let response = Response::new_with_opt_str_and_init(Some("{}"), &init).unwrap();
    assert!(matches!(
        read_body(&response, 10.0).await.unwrap(),
        Capped::TooLarge
    ));
    let small = Response::new_with_opt_str(Some("{\"a\":1}")).unwrap();
    let Capped::Bytes(bytes) = read_body(&small, 10.0).await.unwrap() else {
        panic!("7 bytes fit");
    };
    assert_eq!(
        utf8_text(&bytes).map(String::from).as_deref(),
        Some("{\"a\":1}")
    );
}

#[wasm_bindgen_test]
fn invalid_utf8_is_none() {
    let bytes = Uint8Array::from(&[0x22, 0xff, 0xfe, 0x22][..]);
    assert!(utf8_text(&bytes).is_none());
}

#[wasm_bindgen_test]
async fn sleep_waits_and_an_abort_cuts_it_short() {
    let start = js_sys::Date::now();
    sleep(40.0, None).await.unwrap();
    assert!(js_sys::Date::now() - start >= 35.0);

    let caller = AbortController::new().unwrap();
    let signal = caller.signal();
    let abort_soon = Function::new_with_args("c", "setTimeout(() => c.abort(), 10)");
    abort_soon.call1(&JsValue::UNDEFINED, &caller).unwrap();
    let start = js_sys::Date::now();
    assert!(matches!(
        sleep(60_000.0, Some(&signal)).await,
        Err(Interrupted::Aborted)
    ));
    assert!(
        js_sys::Date::now() - start < 5_000.0,
        "the abort ended the sleep"
    );
    assert!(
        matches!(sleep(10.0, Some(&signal)).await, Err(Interrupted::Aborted)),
        "already aborted"
    );
}
