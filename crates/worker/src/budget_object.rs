//! The upstream-budget Durable Object's state (class `UpstreamBudget`, binding `BUDGET`, declared
//! in `entry.js`, which extends `DurableObject` so the Worker calls it over typed RPC: `take(client,
//! isQa)`): one per account, named by [`super::budget::account_key`], so every isolate of every
//! location takes its calls from one [`Budget`]. Every call it lets through is a row of its SQLite
//! storage (`ctx.storage.sql`), written in the same synchronous step as the decision, and a new
//! instance (after an eviction, a restart, a deploy) counts the rows of the last window again: the
//! budget outlives its object.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use super::bindings::settings_of;
use super::budget::{Budget, Counted};

#[wasm_bindgen]
extern "C" {
    /// A SQLite-backed object's `ctx.storage.sql`.
    type SqlStorage;
    /// Runs one statement with its bindings.
    #[wasm_bindgen(method, catch, variadic)]
    fn exec(this: &SqlStorage, query: &str, bindings: &Array) -> Result<SqlCursor, JsValue>;
    /// The rows of a statement.
    type SqlCursor;
    /// Every row, as objects.
    #[wasm_bindgen(method, js_name = toArray)]
    fn to_array(this: &SqlCursor) -> Array;
}

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS calls (window TEXT NOT NULL, qa INTEGER NOT NULL, at REAL NOT NULL)";

/// One account's upstream budget and its storage (`new BudgetWindows(ctx, env)` in the object's
/// constructor).
#[wasm_bindgen]
pub struct BudgetWindows {
    budget: Budget,
    sql: SqlStorage,
    /// Calls let through by this instance (old rows are pruned every [`PRUNE_EVERY`]).
    taken: u32,
}

/// How many calls between two prunings of rows past every window.
const PRUNE_EVERY: u32 = 64;

impl std::fmt::Debug for BudgetWindows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BudgetWindows").finish_non_exhaustive()
    }
}

#[wasm_bindgen]
impl BudgetWindows {
    /// The budget of the object whose state is `ctx`, with the limits of `env`, counting the
    /// calls its storage holds from the last window.
    #[wasm_bindgen(constructor)]
    pub fn new(ctx: &JsValue, env: &JsValue) -> Result<BudgetWindows, JsValue> {
        let storage = Reflect::get(ctx, &"storage".into())?;
        let sql: SqlStorage = Reflect::get(&storage, &"sql".into())?.unchecked_into();
        let mut budget = Budget::new(&settings_of(env));
        sql.exec(SCHEMA, &Array::new())?;
        let since = budget.forgotten_before(js_sys::Date::now());
        let rows = sql.exec(
            "SELECT window, qa, at FROM calls WHERE at > ? ORDER BY at",
            &Array::of1(&since.into()),
        )?;
        for row in rows.to_array().iter() {
            let field = |name: &str| Reflect::get(&row, &name.into()).unwrap_or_default();
            budget.restore(&Counted {
                window: field("window").as_string().unwrap_or_default(),
                is_qa: field("qa").as_f64() == Some(1.0),
                at_ms: field("at").as_f64().unwrap_or(0.0),
            });
        }
        sql.exec(
            "DELETE FROM calls WHERE at <= ?",
            &Array::of1(&since.into()),
        )?;
        Ok(BudgetWindows {
            budget,
            sql,
            taken: 0,
        })
    }

    /// Takes one call of `client` (a `catholic_qa` when `is_qa`): null when it may go, else `{
    /// pool, retryAfterSeconds }` (the full pool, the whole seconds until a slot frees up). A
    /// call let through is stored before the answer leaves the object (its output gate).
    pub fn take(&mut self, client: &str, is_qa: bool) -> Result<JsValue, JsValue> {
        let now = js_sys::Date::now();
        match self.budget.take_counted(client, is_qa, now) {
            Ok(rows) => {
                // One statement per call: the account's row and the client's, together.
                let values = Array::new();
                for row in &rows {
                    values.push(&row.window.as_str().into());
                    values.push(&u8::from(row.is_qa).into());
                    values.push(&row.at_ms.into());
                }
                let insert = if rows.len() > 1 {
                    "INSERT INTO calls (window, qa, at) VALUES (?, ?, ?), (?, ?, ?)"
                } else {
                    "INSERT INTO calls (window, qa, at) VALUES (?, ?, ?)"
                };
                self.sql.exec(insert, &values)?;
                // Rows past every window are dropped now and then, not on every call (a
                // restarted object reads only the last window's rows anyway).
                self.taken = self.taken.wrapping_add(1);
                if self.taken % PRUNE_EVERY == 0 {
                    let forgotten = self.budget.forgotten_before(now);
                    let since = Array::of1(&forgotten.into());
                    self.sql.exec("DELETE FROM calls WHERE at <= ?", &since)?;
                }
                Ok(JsValue::NULL)
            }
            Err(refusal) => {
                let out = Object::new();
                Reflect::set(&out, &"pool".into(), &refusal.pool.name().into())?;
                let wait = JsValue::from(refusal.retry_after_secs as f64);
                Reflect::set(&out, &"retryAfterSeconds".into(), &wait)?;
                Ok(out.into())
            }
        }
    }
}
