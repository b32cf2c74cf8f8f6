//! A body that declares its `Content-Length` within the cap (and no `Content-Encoding`) is read
//! with one `arrayBuffer()` instead of the stream (`crates/platform/src/kept.rs`): the cap still
//! holds whatever the header says, and without a length, or with an encoding, the stream is read
//! as before (docs/client.md, `maxResponseBytes`).

use js_sys::{Function, Reflect, Uint8Array};
use magisterium_platform::read_body_into;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::Response;

/// `{ response, pulls, cancelled, bodyReads, wholeReads }`: a Response over a byte stream of
/// `chunks` chunks of `size` bytes with `headers`, counting the stream's pulls, the `body`
/// getter's uses and the `arrayBuffer()` calls.
fn probe(chunks: i32, size: u32, headers: &[(&str, &str)]) -> JsValue {
    probe_of_type(chunks, size, headers, "")
}

/// [`probe`], its `type` `kind` (`""`: the platform's, `"default"`).
fn probe_of_type(chunks: i32, size: u32, headers: &[(&str, &str)], kind: &str) -> JsValue {
    let make = Function::new_with_args(
        "chunks, size, headers, kind",
        "const probe = { pulls: 0, cancelled: false, bodyReads: 0, wholeReads: 0 };
         const stream = new ReadableStream({
           type: 'bytes',
           pull(c) { probe.pulls++; if (probe.pulls > chunks) { c.close(); c.byobRequest?.respond(0); } else c.enqueue(new Uint8Array(size).fill(97)); },
           cancel() { probe.cancelled = true; },
         }, { highWaterMark: 0 });
         class Counted extends Response {
           get body() { probe.bodyReads++; return super.body; }
           arrayBuffer() { probe.wholeReads++; return super.arrayBuffer(); }
           get type() { return kind || super.type; }
         }
         probe.response = new Counted(stream, { headers: Object.fromEntries(headers) });
         return probe;",
    );
    let list = js_sys::Array::new();
    for (name, value) in headers {
        list.push(&js_sys::Array::of2(&(*name).into(), &(*value).into()));
    }
    let args = js_sys::Array::of4(&chunks.into(), &size.into(), &list, &kind.into());
    make.apply(&JsValue::UNDEFINED, &args).unwrap()
}

fn count(probe: &JsValue, key: &str) -> f64 {
    Reflect::get(probe, &key.into()).unwrap().as_f64().unwrap()
}

async fn read(probe: &JsValue, max: f64) -> Option<usize> {
    let response: Response = Reflect::get(probe, &"response".into())
        .unwrap()
        .unchecked_into();
    let read = read_body_into(&response, max, |b: &Uint8Array| b.length() as usize);
    read.await.unwrap()
}

#[wasm_bindgen_test]
async fn a_declared_length_within_the_cap_is_read_whole_without_the_stream() {
    let declared = probe(3, 1000, &[("content-length", "3000")]);
    assert_eq!(read(&declared, 3_000.0).await, Some(3000));
    assert_eq!(count(&declared, "wholeReads"), 1.0, "one arrayBuffer()");
    assert_eq!(
        count(&declared, "bodyReads"),
        0.0,
        "the stream is not touched"
    );
}

#[wasm_bindgen_test]
async fn a_declared_length_over_the_cap_is_refused_without_reading() {
    let over = probe(20, 1000, &[("content-length", "20000")]);
    assert_eq!(read(&over, 5_500.0).await, None);
    assert_eq!(count(&over, "wholeReads"), 0.0);
    assert_eq!(count(&over, "pulls"), 0.0, "not a byte read");
}

#[wasm_bindgen_test]
async fn a_lying_length_does_not_lift_the_cap() {
    // Declares 10 bytes, sends 20,000: read whole, then refused for its real size.
    let longer = probe(20, 1000, &[("content-length", "10")]);
    assert_eq!(read(&longer, 5_500.0).await, None, "past the cap");
    // Declares more than it sends: what came is the body, as the stream would read it.
    let shorter = probe(2, 1000, &[("content-length", "5000")]);
    assert_eq!(read(&shorter, 5_500.0).await, Some(2000));
}

#[wasm_bindgen_test]
async fn without_a_length_or_with_an_encoding_the_stream_is_read_under_the_cap() {
    let unknown = probe(3, 1000, &[]);
    assert_eq!(read(&unknown, 3_000.0).await, Some(3000));
    assert_eq!(count(&unknown, "wholeReads"), 0.0, "no length: the stream");
    let endless = probe(i32::MAX, 1000, &[]);
    assert_eq!(read(&endless, 5_500.0).await, None);
    assert!(count(&endless, "pulls") <= 7.0, "stopped at the cap");

    // An encoded body's length is its compressed size: the decoded one may be far larger.
    let encoded = probe(
        3,
        1000,
        &[("content-length", "300"), ("content-encoding", "gzip")],
    );
    assert_eq!(read(&encoded, 3_000.0).await, Some(3000));
    assert_eq!(
        count(&encoded, "wholeReads"),
        0.0,
        "an encoding: the stream"
    );
}

#[wasm_bindgen_test]
async fn a_cross_origin_answer_is_streamed_even_with_a_length() {
    // A `cors` response may hide its `Content-Encoding` from the page: its length may be the
    // compressed size, so it is read as a stream under the cap.
    let cors = probe_of_type(3, 1000, &[("content-length", "300")], "cors");
    assert_eq!(read(&cors, 3_000.0).await, Some(3000));
    assert_eq!(count(&cors, "wholeReads"), 0.0, "a cors answer: the stream");
    let basic = probe_of_type(3, 1000, &[("content-length", "3000")], "basic");
    assert_eq!(read(&basic, 3_000.0).await, Some(3000));
    assert_eq!(
        count(&basic, "wholeReads"),
        1.0,
        "a same-origin answer: whole"
    );
}
