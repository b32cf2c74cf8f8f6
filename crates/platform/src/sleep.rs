//! An abortable sleep: a timer raced against the caller's signal, both owned by an [`AbortGuard`].

use js_sys::Promise;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use web_sys::AbortSignal;

use super::{AbortGuard, Cut};

/// Why a [`sleep`] ended early.
#[derive(Debug)]
pub enum Interrupted {
    /// The caller's signal fired (or had already fired).
    Aborted,
    /// The platform refused a timer or an `AbortController` (its exception).
    Unavailable(JsValue),
}

/// Waits `ms` milliseconds, or less when `signal` fires first. Dropping the future clears the
/// timer and the listener on `signal`.
///
/// # Errors
/// [`Interrupted::Aborted`] when `signal` fired before the time was up.
pub async fn sleep(ms: f64, signal: Option<&AbortSignal>) -> Result<(), Interrupted> {
    let guard = AbortGuard::new(Some(ms), signal).map_err(Interrupted::Unavailable)?;
    if guard.cut().is_none() {
        let own = guard.signal();
        let mut listen = Ok(());
        let fired = Promise::new(&mut |resolve, _reject| {
            listen = own.add_event_listener_with_callback("abort", &resolve);
        });
        listen.map_err(Interrupted::Unavailable)?;
        // The promise only resolves (from the guard's own signal).
        let _ = JsFuture::from(fired).await;
    }
    match guard.cut() {
        Some(Cut::Timeout) => Ok(()),
        _ => Err(Interrupted::Aborted),
    }
}
