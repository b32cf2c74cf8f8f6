//! The keys being filled, in the account's budget object (`UpstreamBudget` in `entry.js`, beside
//! its [`crate::workerd::budget_object::BudgetWindows`]): one upstream call per cache key at a
//! time across the isolates that call the account. The decisions are [`crate::limits::fills`]';
//! this holds the waiters' promises and the timers that let a silent holder's key go.
//!
//! Why here: every upstream call already asks this object for its budget, so a cacheable miss
//! that asks with its key costs no new hop; a waiter is answered `{ filled }` or `{ open }`
//! without taking any budget, and reads the location's cache (or asks again) on its own.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;

use crate::limits::fills::{hold_ms, Fills, Settled, Turn};
use crate::workerd::bindings::settings_of;

#[wasm_bindgen]
extern "C" {
    /// The global `setTimeout`.
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(callback: &JsValue, ms: f64) -> JsValue;
}

#[derive(Default)]
struct State {
    fills: Fills,
    /// The resolve function of each waiter's promise.
    waiting: HashMap<u64, Function>,
}

impl State {
    /// Answers `waiters`: `{ filled: true }` or `{ open: true }`.
    fn settle(&mut self, waiters: Vec<u64>, settled: Settled) {
        let name = match settled {
            Settled::Filled => "filled",
            Settled::Open => "open",
        };
        let answer = Object::new();
        let _ = Reflect::set(&answer, &name.into(), &JsValue::TRUE);
        for waiter in waiters {
            if let Some(resolve) = self.waiting.remove(&waiter) {
                let _ = resolve.call1(&JsValue::UNDEFINED, &answer);
            }
        }
    }

    /// Lets go the keys past their deadline at `now_ms`.
    fn expire(&mut self, now_ms: f64) {
        let open = self.fills.expire(now_ms);
        self.settle(open, Settled::Open);
    }
}

/// The keys one budget object is filling (`new KeyFills(env)` in its constructor).
#[wasm_bindgen]
pub struct KeyFills {
    state: Rc<RefCell<State>>,
    /// How long a holder may hold its key: a call that is not `catholic_qa`, one that is.
    hold_ms: (f64, f64),
}

impl std::fmt::Debug for KeyFills {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyFills").finish_non_exhaustive()
    }
}

#[wasm_bindgen]
impl KeyFills {
    /// The keys of the object whose env is `env` (its `UPSTREAM_TIMEOUT_MS` bounds a hold).
    #[wasm_bindgen(constructor)]
    pub fn new(env: &JsValue) -> KeyFills {
        let settings = settings_of(env);
        KeyFills {
            state: Rc::default(),
            hold_ms: (hold_ms(&settings, false), hold_ms(&settings, true)),
        }
    }

    /// A call of the budget (`take()`: the object's own `BudgetWindows.take`), for the cache key
    /// `key` when it is a cacheable miss: with no call of the key out, `take()`'s answer, which
    /// when it lets the call through also names it the key's holder (`fill`, for
    /// [`KeyFills::done`]); with one out, a promise of `{ filled: true }` (read the cache) or
    /// `{ open: true }` (ask again, without the key), and no budget taken.
    ///
    /// # Errors
    /// `take()` threw (its rows were not written): the key is let go.
    pub fn take(
        &self,
        key: Option<String>,
        is_qa: bool,
        take: &Function,
    ) -> Result<JsValue, JsValue> {
        let Some(key) = key.filter(|k| !k.is_empty()) else {
            return take.call0(&JsValue::UNDEFINED);
        };
        let now = js_sys::Date::now();
        let hold = if is_qa {
            self.hold_ms.1
        } else {
            self.hold_ms.0
        };
        let turn = {
            let mut state = self.state.borrow_mut();
            state.expire(now);
            state.fills.turn(&key, hold, now)
        };
        match turn {
            Turn::Alone => take.call0(&JsValue::UNDEFINED),
            Turn::Wait { waiter } => {
                let mut resolve = None;
                let promise = Promise::new(&mut |ok, _| resolve = Some(ok));
                if let Some(resolve) = resolve {
                    self.state.borrow_mut().waiting.insert(waiter, resolve);
                }
                Ok(promise.into())
            }
            Turn::Lead { holder, until_ms } => {
                let taken = take.call0(&JsValue::UNDEFINED);
                let granted = taken
                    .as_ref()
                    .ok()
                    .filter(|t| Reflect::has(t, &"at".into()).unwrap_or(false));
                match granted {
                    Some(granted) => {
                        Reflect::set(granted, &"fill".into(), &(holder as f64).into())?;
                        self.wake_at(until_ms, until_ms - now);
                    }
                    None => self.done(&key, holder as f64, false),
                }
                taken
            }
        }
    }

    /// The holder `holder` of `key` is done: `filled` when its answer is in the cache (its
    /// waiters read it), else they each ask again.
    pub fn done(&self, key: &str, holder: f64, filled: bool) {
        let mut state = self.state.borrow_mut();
        let (waiters, settled) = state.fills.done(key, holder as u64, filled);
        state.settle(waiters, settled);
    }
}

impl KeyFills {
    /// Lets go, in `ms`, the keys whose deadline is `until_ms` or earlier, if still held.
    fn wake_at(&self, until_ms: f64, ms: f64) {
        let state = Rc::clone(&self.state);
        let expire = Closure::once_into_js(move || {
            state.borrow_mut().expire(js_sys::Date::now().max(until_ms));
        });
        set_timeout(&expire, ms.max(0.0));
    }
}
