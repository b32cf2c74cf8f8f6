//! One guard per attempt: it owns the `AbortController` handed to `fetch`, arms the timeout,
//! follows the caller's `AbortSignal`, and on drop clears the timer, unhooks the listener and
//! aborts whatever is still running.

use std::cell::Cell;
use std::rc::Rc;

use js_sys::Function;
use wasm_bindgen::prelude::*;
use web_sys::{AbortController, AbortSignal};

use super::runtime;

/// Why an attempt was cut short, if it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// Still running or finished normally.
    No,
    /// The time budget ran out.
    Timeout,
    /// The caller aborted.
    Aborted,
}

pub struct AbortGuard {
    controller: AbortController,
    timer: JsValue,
    cut: Rc<Cell<Cut>>,
    _on_timeout: Closure<dyn FnMut()>,
    user: Option<(AbortSignal, Closure<dyn FnMut()>)>,
}

impl std::fmt::Debug for AbortGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AbortGuard")
            .field("cut", &self.cut.get())
            .finish()
    }
}

impl AbortGuard {
    /// Arms a guard for `timeout_ms`, following `signal`. `None` when the controller cannot be made.
    pub fn new(timeout_ms: f64, signal: Option<&AbortSignal>) -> Result<Self, JsValue> {
        let controller = AbortController::new()?;
        let cut = Rc::new(Cell::new(Cut::No));
        let on_timeout = {
            let controller = controller.clone();
            let cut = cut.clone();
            Closure::<dyn FnMut()>::new(move || {
                if cut.get() == Cut::No {
                    cut.set(Cut::Timeout);
                }
                controller.abort();
            })
        };
        let timer =
            runtime::set_timeout(on_timeout.as_ref().unchecked_ref::<Function>(), timeout_ms);
        let user = signal.map(|signal| {
            let controller = controller.clone();
            let cut = cut.clone();
            let on_abort = Closure::<dyn FnMut()>::new(move || {
                if cut.get() == Cut::No {
                    cut.set(Cut::Aborted);
                }
                controller.abort();
            });
            let _ =
                signal.add_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
            (signal.clone(), on_abort)
        });
        let guard = Self {
            controller,
            timer,
            cut,
            _on_timeout: on_timeout,
            user,
        };
        if signal.is_some_and(AbortSignal::aborted) {
            guard.cut.set(Cut::Aborted);
            guard.controller.abort();
        }
        Ok(guard)
    }

    /// The signal to pass to `fetch`.
    pub fn signal(&self) -> AbortSignal {
        self.controller.signal()
    }

    /// Whether, and why, the attempt was cut short.
    pub fn cut(&self) -> Cut {
        self.cut.get()
    }
}

impl Drop for AbortGuard {
    fn drop(&mut self) {
        runtime::clear_timeout(&self.timer);
        if let Some((signal, on_abort)) = &self.user {
            let _ = signal
                .remove_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
        }
        self.controller.abort();
    }
}
