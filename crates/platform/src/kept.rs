//! Reading a body with a byte cap into a buffer kept between reads: a BYOB reader fills one
//! `Uint8Array` the module keeps (up to [`KEEP_AT_MOST`] bytes), so a body costs no fresh
//! `ArrayBuffer` and no copy into one. What the caller makes of the bytes (a decode to text) is
//! done before the buffer is kept again. A stream that is not a byte stream (a polyfill's) is read
//! chunk by chunk with [`read_capped`]. A body that declares its `Content-Length` within the cap
//! (and no encoding) is read with one `arrayBuffer()` instead: a stream and its reader cost a small
//! answer more than its bytes do.

use std::cell::Cell;

use js_sys::Uint8Array;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{ReadableStreamByobReader, ReadableStreamReadResult, Response};

use super::body::{declared, ignore, read_capped, readable_whole, Capped, Declared};

/// The largest buffer kept for the next read; a larger one is let go after its read.
const KEEP_AT_MOST: u32 = 8 << 20;

/// The size of the first buffer.
const FIRST: u32 = 64 << 10;

thread_local! {
    static KEPT: Cell<Option<Uint8Array>> = const { Cell::new(None) };
}

/// Reads `response`'s body whole and hands it to `bytes`, or gives `None` once more than `max`
/// bytes arrived (the rest is cancelled unread; a declared `Content-Length` above `max` is refused
/// before anything is read). A declared length within `max` is read with one `arrayBuffer()`
/// ([`readable_whole`]), and the length it gives is held to `max` all the same (a `Response` an
/// injected `fetch` made may declare less than it holds). The view `bytes` gets is valid only
/// during the call.
///
/// # Errors
/// The stream's error (a reset connection, an aborted fetch).
pub async fn read_body_into<T>(
    response: &Response,
    max: f64,
    bytes: impl FnOnce(&Uint8Array) -> T,
) -> Result<Option<T>, JsValue> {
    let length = declared(response, max);
    if length == Declared::Over {
        return Ok(None);
    }
    if length == Declared::Within && readable_whole(response) {
        // A `Response` without `arrayBuffer` (a polyfill's) is read as a stream below.
        if let Ok(whole) = response.array_buffer() {
            let whole = Uint8Array::new(&JsFuture::from(whole).await?);
            return Ok((f64::from(whole.byte_length()) <= max).then(|| bytes(&whole)));
        }
    }
    let Some(stream) = response.body() else {
        // A `null` body (204, 304, HEAD) is empty.
        return Ok(Some(bytes(&Uint8Array::new_with_length(0))));
    };
    let Ok(reader) = ReadableStreamByobReader::new(&stream) else {
        return Ok(match read_capped(&stream, max).await? {
            Capped::Bytes(whole) => Some(bytes(&whole)),
            Capped::TooLarge => None,
        });
    };
    // A read in progress elsewhere holds the kept buffer: this one gets its own.
    let mut buffer = KEPT
        .take()
        .unwrap_or_else(|| Uint8Array::new_with_length(FIRST));
    let mut filled: u32 = 0;
    loop {
        let size = buffer.byte_length();
        if filled == size {
            // Full: twice the size, but never much past the cap (one byte over it is enough to tell).
            let grown = Uint8Array::new_with_length(
                size.saturating_mul(2).min(cap_plus_one(max)).max(size + 1),
            );
            grown.set(&buffer, 0);
            buffer = grown;
        }
        let free = Uint8Array::new_with_byte_offset_and_length(
            &buffer.buffer(),
            filled,
            buffer.byte_length() - filled,
        );
        let step: ReadableStreamReadResult =
            JsFuture::from(reader.read_with_array_buffer_view(&free))
                .await?
                .unchecked_into();
        // The read moved the buffer (the bytes before `filled` too) into the view it returns.
        let view: Uint8Array = step.get_value().dyn_into()?;
        buffer = Uint8Array::new(&view.buffer());
        filled += view.byte_length();
        if f64::from(filled) > max {
            ignore(reader.cancel());
            return Ok(None);
        }
        if step.get_done().unwrap_or(true) {
            break;
        }
    }
    let out = bytes(&buffer.subarray(0, filled));
    if buffer.byte_length() <= KEEP_AT_MOST {
        KEPT.set(Some(buffer));
    }
    Ok(Some(out))
}

/// `max + 1` as a buffer length (`max` is a whole number of bytes; at most 4 GiB).
fn cap_plus_one(max: f64) -> u32 {
    (max.max(0.0) + 1.0).min(f64::from(u32::MAX)) as u32
}
