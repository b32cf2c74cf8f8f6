//! Reading a body with a byte cap: the stream is read chunk by chunk through the web-sys stream
//! reader and cancelled as soon as the count passes the cap, whatever `Content-Length` says. The
//! bytes stay in JavaScript (`Uint8Array` chunks); only their lengths are counted here.

use js_sys::{JsString, Promise, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{ReadableStream, ReadableStreamDefaultReader, ReadableStreamReadResult, Response};

/// What a capped read found.
#[derive(Debug)]
pub enum Capped {
    /// The whole body (one chunk is returned as it came, uncopied).
    Bytes(Uint8Array),
    /// The body passed the cap; the rest was not read.
    TooLarge,
}

/// Reads `stream` to its end, or stops and cancels it once more than `max` bytes arrived.
///
/// # Errors
/// The stream's error (a reset connection, an aborted fetch).
pub async fn read_capped(stream: &ReadableStream, max: f64) -> Result<Capped, JsValue> {
    let reader: ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let mut chunks: Vec<Uint8Array> = Vec::new();
    let mut size = 0.0;
    loop {
        let step: ReadableStreamReadResult = JsFuture::from(reader.read()).await?.unchecked_into();
        if step.get_done().unwrap_or(false) {
            break;
        }
        let chunk: Uint8Array = step.get_value().dyn_into()?;
        size += f64::from(chunk.byte_length());
        if size > max {
            ignore(reader.cancel());
            return Ok(Capped::TooLarge);
        }
        chunks.push(chunk);
    }
    if chunks.len() == 1 {
        if let Some(only) = chunks.pop() {
            return Ok(Capped::Bytes(only));
        }
    }
    // `size` ≤ `max`, a whole number below 2^32 for any body a browser hands over in one piece.
    let out = Uint8Array::new_with_length(size as u32);
    let mut offset = 0;
    for chunk in &chunks {
        out.set(chunk, offset);
        offset += chunk.byte_length();
    }
    Ok(Capped::Bytes(out))
}

/// Reads a response's body with [`read_capped`]; a declared `Content-Length` above `max` is
/// refused before anything is read.
///
/// # Errors
/// As [`read_capped`].
pub async fn read_body(response: &Response, max: f64) -> Result<Capped, JsValue> {
    if declared(response, max) == Declared::Over {
        return Ok(Capped::TooLarge);
    }
    match response.body() {
        Some(stream) => read_capped(&stream, max).await,
        // A response without a body stream has an empty body (`null` body: 204, 304, HEAD).
        None => Ok(Capped::Bytes(Uint8Array::new_with_length(0))),
    }
}

/// What a response's `Content-Length` says about reading its body under a cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Declared {
    /// Above the cap: the body was cancelled unread.
    Over,
    /// Within the cap.
    Within,
    /// No length (or not a number).
    Unknown,
}

/// What `response` declares against `max`; a body declared [`Declared::Over`] is cancelled
/// unread.
pub(crate) fn declared(response: &Response, max: f64) -> Declared {
    let header = response.headers().get("content-length").ok().flatten();
    let Some(length) = header.and_then(|n| n.trim().parse::<u64>().ok()) else {
        return Declared::Unknown;
    };
    if length as f64 <= max {
        return Declared::Within;
    }
    if let Some(body) = response.body() {
        ignore(body.cancel());
    }
    Declared::Over
}

/// True when a body declared within the cap may be read whole in one `arrayBuffer()`: no
/// `Content-Encoding` (an encoded body's length is its compressed size), and its headers all
/// visible (not a cross-origin `cors` response, whose `Content-Encoding` the page may not see).
/// The caller still checks the length it gets against the cap.
pub(crate) fn readable_whole(response: &Response) -> bool {
    let encoded = response.headers().get("content-encoding").ok().flatten();
    let plain = encoded.is_none_or(|e| e.trim().eq_ignore_ascii_case("identity"));
    let kind = js_sys::Reflect::get(response, &JsValue::from_str("type")).ok();
    let cors = kind
        .and_then(|k| k.as_string())
        .is_some_and(|k| k != "basic" && k != "default");
    plain && !cors
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// A `TextDecoder` bound here so `decode` hands back the JavaScript string itself (web-sys's
    /// binding returns a Rust `String`: the whole text copied into wasm memory and back).
    #[wasm_bindgen(js_name = TextDecoder)]
    type Utf8Decoder;

    #[wasm_bindgen(constructor, js_class = "TextDecoder", catch)]
    fn new(label: &str, options: &JsValue) -> Result<Utf8Decoder, JsValue>;

    #[wasm_bindgen(method, js_class = "TextDecoder", catch)]
    fn decode(this: &Utf8Decoder, bytes: &Uint8Array) -> Result<JsString, JsValue>;
}

thread_local! {
    /// One fatal UTF-8 decoder for every body: `decode` without `{ stream: true }` ends its state
    /// each time (a failed call too), so one instance serves every call, and a call does not
    /// build a decoder and its options object again.
    static DECODER: Option<Utf8Decoder> = {
        let options = web_sys::TextDecoderOptions::new();
        options.set_fatal(true);
        Utf8Decoder::new("utf-8", &options).ok()
    };
}

/// The bytes as text, or `None` when they are not valid UTF-8 (a leading BOM is dropped, as
/// `Response.text()` does). The text stays a JavaScript string.
pub fn utf8_text(bytes: &Uint8Array) -> Option<JsString> {
    DECODER.with(|decoder| decoder.as_ref()?.decode(bytes).ok())
}

/// Lets a promise settle unobserved (a cancel that rejects is not worth a console warning).
pub(crate) fn ignore(promise: Promise) {
    wasm_bindgen_futures::spawn_local(async move {
        let _ = JsFuture::from(promise).await;
    });
}
