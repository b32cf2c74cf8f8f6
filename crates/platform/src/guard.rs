//! [`AbortGuard`]: one attempt's `AbortController`, its timer and its link to the caller's signal,
//! in the spirit of reqwest's wasm `AbortGuard`. Dropping the guard aborts whatever still uses its
//! signal, so no fetch or body read outlives the Rust code that started it.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use web_sys::{AbortController, AbortSignal};

use super::{clear_timeout, set_timeout};

/// Why a guard's signal fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// The time budget ran out.
    Timeout,
    /// The caller's signal fired (or had already fired).
    Aborted,
}

/// Owns an `AbortController` whose signal fires when the time budget runs out, when the caller's
/// signal fires, or when the guard is dropped before [`AbortGuard::finished`]. [`AbortGuard::cut`]
/// says which of the first two happened, so a timeout and an abort stay distinct.
pub struct AbortGuard {
    controller: AbortController,
    cut: Rc<Cell<Option<Cut>>>,
    finished: bool,
    timer: Option<(JsValue, Closure<dyn FnMut()>)>,
    linked: Option<(AbortSignal, Closure<dyn FnMut()>)>,
}

impl std::fmt::Debug for AbortGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AbortGuard")
            .field("cut", &self.cut.get())
            .finish_non_exhaustive()
    }
}

impl AbortGuard {
    /// A guard that fires after `timeout_ms` (none: no timer) or when `linked` fires. A `linked`
    /// signal that has already fired fires the guard at once.
    ///
    /// # Errors
    /// The exception of `new AbortController()`, `setTimeout` or `addEventListener`.
    pub fn new(timeout_ms: Option<f64>, linked: Option<&AbortSignal>) -> Result<Self, JsValue> {
        let controller = AbortController::new()?;
        let cut = Rc::new(Cell::new(None));
        let firing = |why: Cut| {
            let controller = controller.clone();
            let cut = Rc::clone(&cut);
            Closure::<dyn FnMut()>::new(move || {
                if cut.get().is_none() {
                    cut.set(Some(why));
                }
                controller.abort();
            })
        };
        let mut guard = Self {
            controller: controller.clone(),
            cut: Rc::clone(&cut),
            finished: false,
            timer: None,
            linked: None,
        };
        if let Some(signal) = linked {
            if signal.aborted() {
                cut.set(Some(Cut::Aborted));
                controller.abort();
                return Ok(guard);
            }
            let on_abort = firing(Cut::Aborted);
            signal.add_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref())?;
            guard.linked = Some((signal.clone(), on_abort));
        }
        if let Some(ms) = timeout_ms {
            let on_timeout = firing(Cut::Timeout);
            let id = set_timeout(on_timeout.as_ref().unchecked_ref(), ms);
            guard.timer = Some((id, on_timeout));
        }
        Ok(guard)
    }

    /// The signal to hand to `fetch` and to anything else the guard should stop.
    pub fn signal(&self) -> AbortSignal {
        self.controller.signal()
    }

    /// Why the signal fired: `None` while it has not (a drop does not count).
    pub fn cut(&self) -> Option<Cut> {
        self.cut.get()
    }

    /// Says the work is over (the body was read to its end): nothing uses the signal any more, so
    /// the drop only stops the timer and unlinks the caller's signal. Aborting a finished fetch
    /// would change nothing but cost an `AbortError` and an event per call.
    pub fn finished(&mut self) {
        self.finished = true;
    }
}

impl Drop for AbortGuard {
    fn drop(&mut self) {
        if let Some((id, _)) = &self.timer {
            clear_timeout(id);
        }
        if let Some((signal, on_abort)) = &self.linked {
            // Cannot fail for a listener that was added; nothing to do if it did.
            let _ = signal
                .remove_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
        }
        if !self.finished {
            self.controller.abort();
        }
    }
}
