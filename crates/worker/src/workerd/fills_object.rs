//! The keys being filled, in the account's budget object (`UpstreamBudget` in `entry.js`, beside
//! its [`crate::workerd::budget_object::BudgetWindows`]): one upstream call per cache key at a
//! time across the isolates that call the account. The decisions are [`crate::limits::fills`]';
//! this holds the waiters' promises and the timers that let a silent holder's key go.
//!
//! Why here: every upstream call already asks this object for its budget, so a cacheable miss
//! that asks with its key costs no new hop; a waiter is answered `{ filled }` (the holder's cache
//! entry: the artifacts alone, nothing of the caller whose call filled it) or `{ open }`, without
//! taking any budget. The entry comes through the object rather than each location's Cache API:
//! the object is the account's, one for every location, and a waiter elsewhere would not find
//! the holder's entry in its own location's cache.

use std::cell::RefCell;

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;

use crate::limits::fills::{hold_ms, Fills, Turn};
use crate::workerd::bindings::settings_of;

#[wasm_bindgen]
extern "C" {
    /// The global `setTimeout(callback, ms, argument)`.
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(callback: &Function, ms: f64, argument: &JsValue) -> JsValue;
}

/// A waiter's answer: `{ filled: entry }`, or `{ open: true }` without an entry.
fn settled(entry: Option<&str>) -> JsValue {
    let answer = Object::new();
    let _ = match entry {
        Some(entry) => Reflect::set(&answer, &"filled".into(), &entry.into()),
        None => Reflect::set(&answer, &"open".into(), &JsValue::TRUE),
    };
    answer.into()
}

/// Answers `waiters` (the resolve functions of their promises) with `answer`.
fn settle(waiters: Vec<Function>, answer: &JsValue) {
    for resolve in waiters {
        let _ = resolve.call1(&JsValue::UNDEFINED, answer);
    }
}

/// The keys one budget object is filling (`new KeyFills(env)` in its constructor).
#[wasm_bindgen]
pub struct KeyFills {
    fills: RefCell<Fills<Function>>,
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
            fills: RefCell::default(),
            hold_ms: (hold_ms(&settings, false), hold_ms(&settings, true)),
        }
    }

    /// A call of the budget (`take()`: the object's own `BudgetWindows.take`), for the cache key
    /// `key` when it is a cacheable miss: with no call of the key out, `take()`'s answer, which
    /// when it lets the call through also names it the key's holder (`fill`, for
    /// [`KeyFills::done`]); with one out, a promise of `{ filled: entry }` (the holder's cache
    /// entry) or, when the holder kept nothing or its key's deadline passed, `{ open: true }`
    /// (ask again, without the key); no budget is taken for a waiter.
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
        // What answers this call, should it wait: the holder's report settles it.
        let mut resolve = None;
        let by_holder = Promise::new(&mut |ok, _| resolve = Some(ok));
        let Some(resolve) = resolve else {
            return take.call0(&JsValue::UNDEFINED);
        };
        let turn = {
            let mut fills = self.fills.borrow_mut();
            settle(fills.expire(now), &settled(None));
            fills.turn(&key, hold, now, || resolve)
        };
        match turn {
            Turn::Alone => take.call0(&JsValue::UNDEFINED),
            Turn::Wait { until_ms } => {
                // Answered by the holder's report, or open at the key's deadline.
                let open = Promise::new(&mut |ok, _| {
                    set_timeout(&ok, until_ms - now, &settled(None));
                });
                let both = Array::of2(&by_holder, &open);
                Ok(Promise::race(&both).into())
            }
            Turn::Lead { holder } => {
                let taken = take.call0(&JsValue::UNDEFINED);
                let at = taken.as_ref().map(|t| Reflect::get(t, &"at".into()));
                match (&taken, at) {
                    (Ok(granted), Ok(Ok(at))) if at.as_f64().is_some() => {
                        Reflect::set(granted, &"fill".into(), &(holder as f64).into())?;
                    }
                    _ => self.done(&key, holder as f64, None),
                }
                taken
            }
        }
    }

    /// The holder `holder` of `key` is done: `entry`, what it keeps in the cache, goes to its
    /// waiters; without one, they each ask again.
    pub fn done(&self, key: &str, holder: f64, entry: Option<String>) {
        let waiters = self.fills.borrow_mut().done(key, holder as u64);
        settle(waiters, &settled(entry.as_deref()));
    }
}
