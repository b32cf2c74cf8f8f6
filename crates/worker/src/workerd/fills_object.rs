//! The keys being filled, in the account's budget object (`UpstreamBudget` in `entry.js`, its
//! [`BudgetWindows`]'s `takeKey` and `filled`): one upstream call per cache key at a time across
//! the isolates that call the account. The decisions are [`crate::limits::fills`]'; this holds
//! the waiters' promises, each bounded by a timer at its key's deadline.
//!
//! Why here: every upstream call already asks this object for its budget, so a cacheable miss
//! that asks with its key costs no new hop; a waiter is answered the holder's cache entry (the
//! artifacts alone, nothing of the caller whose call filled it) or `false` (ask again), without
//! taking any budget. The entry comes through the object rather than each location's Cache API:
//! the object is the account's, one for every location, and a waiter elsewhere would not find
//! the holder's entry in its own location's cache.

use js_sys::{Array, Function, Promise, Reflect};
use wasm_bindgen::prelude::*;

use crate::limits::fills::{hold_ms, Fills, Turn};
use crate::workerd::bindings::settings_of;
use crate::workerd::budget_object::BudgetWindows;

#[wasm_bindgen]
extern "C" {
    /// The global `setTimeout(callback, ms, argument)`.
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(callback: &Function, ms: f64, argument: &JsValue) -> JsValue;
}

/// Answers `waiters` (the resolve functions of their promises) with `answer`.
fn settle(waiters: Vec<Function>, answer: &JsValue) {
    for resolve in waiters {
        let _ = resolve.call1(&JsValue::UNDEFINED, answer);
    }
}

/// The keys one budget object is filling, and how long a holder may hold one: a call that is
/// not `catholic_qa`, one that is.
#[derive(Debug)]
pub struct KeyFills {
    fills: Fills<Function>,
    hold_ms: (f64, f64),
}

impl KeyFills {
    /// The keys of the object whose env is `env` (its `UPSTREAM_TIMEOUT_MS` bounds a hold).
    pub fn new(env: &JsValue) -> KeyFills {
        let settings = settings_of(env);
        KeyFills {
            fills: Fills::default(),
            hold_ms: (hold_ms(&settings, false), hold_ms(&settings, true)),
        }
    }
}

#[wasm_bindgen]
impl BudgetWindows {
    /// [`BudgetWindows::take`] for a cacheable miss of the cache key `key`: with no call of the
    /// key out, its answer, which when it lets the call through also names it the key's holder
    /// (`fill`, for [`BudgetWindows::filled`]); with one out, a promise of the holder's cache
    /// entry (a string) or, when the holder kept nothing or its key's deadline passed, `false`
    /// (ask again, without the key); no budget is taken for a waiter. Without a key, `take`.
    ///
    /// # Errors
    /// `take` failed (its rows were not written): the key is let go.
    #[wasm_bindgen(js_name = takeKey)]
    pub fn take_key(
        &mut self,
        client: &str,
        is_qa: bool,
        want: u32,
        key: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let Some(key) = key.filter(|k| !k.is_empty()) else {
            return self.take(client, is_qa, want);
        };
        let now = js_sys::Date::now();
        let fills = &mut self.fills;
        let hold = if is_qa {
            fills.hold_ms.1
        } else {
            fills.hold_ms.0
        };
        // What answers this call, should it wait: the holder's report settles it.
        let mut resolve = None;
        let by_holder = Promise::new(&mut |ok, _| resolve = Some(ok));
        let Some(resolve) = resolve else {
            return self.take(client, is_qa, want);
        };
        settle(fills.fills.expire(now), &JsValue::FALSE);
        match fills.fills.turn(&key, hold, now, || resolve) {
            Turn::Alone => self.take(client, is_qa, want),
            Turn::Wait { until_ms } => {
                // Answered by the holder's report, or `false` at the key's deadline.
                let open = Promise::new(&mut |ok, _| {
                    set_timeout(&ok, until_ms - now, &JsValue::FALSE);
                });
                Ok(Promise::race(&Array::of2(&by_holder, &open)).into())
            }
            Turn::Lead { holder } => {
                let taken = self.take(client, is_qa, want);
                let at = taken.as_ref().map(|t| Reflect::get(t, &"at".into()));
                match (&taken, at) {
                    (Ok(granted), Ok(Ok(at))) if at.as_f64().is_some() => {
                        Reflect::set(granted, &"fill".into(), &(holder as f64).into())?;
                    }
                    _ => self.filled(&key, holder as f64, None),
                }
                taken
            }
        }
    }

    /// The holder `holder` of `key` is done: `entry`, what it keeps in the cache, goes to its
    /// waiters; without one, they each ask again.
    pub fn filled(&mut self, key: &str, holder: f64, entry: Option<String>) {
        let waiters = self.fills.fills.done(key, holder as u64);
        settle(waiters, &entry.map_or(JsValue::FALSE, JsValue::from));
    }
}
