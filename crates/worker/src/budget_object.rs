//! The upstream-budget Durable Object's state (class `UpstreamBudget`, binding `BUDGET`, declared
//! in `entry.js`, which extends `DurableObject` so the Worker calls it over typed RPC: `take(client,
//! isQa)`): one per account, named by [`super::budget::account_key`], so every isolate of every
//! location takes its calls from one [`Budget`].
//!
//! The windows live in memory and decide at once; every call let through is also a row of the
//! object's SQLite storage (`ctx.storage.sql`), and a new instance (after an eviction, a restart,
//! a deploy) counts the rows of the last window again, in its constructor: the budget outlives its
//! object. The SQL API is synchronous, so nothing else runs in the object before its windows are
//! loaded (no `blockConcurrencyWhile` needed).
//!
//! The rows are written just after the answer, not before it: a write in `take` itself would hold
//! the answer behind the object's output gate until the write is confirmed (a commit locally, a
//! replicated commit on Cloudflare), and that wait was most of what the budget object cost a call.
//! `take` only queues the rows; `entry.js` runs [`BudgetWindows::flush`] in a timer of the object,
//! which fires once the answers of its turn are on their way, and writes every row queued since
//! the last flush in one statement. The calls of a lease ([`super::budget`], "Leases") are rows
//! like the others, stamped with the time they count as made.
//!
//! **The worst case:** the object dies (a crash, an eviction, a deploy, a killed `wrangler dev`)
//! between a decision and its flush, a few milliseconds, and loses the calls decided in that
//! window: one call when calls come one at a time, at most the calls of one turn under load. Until the
//! window passes, the account's budget then lets that many calls more through; the service still
//! refuses anything over its own limit (its -32029 reaches the client as it came). Nothing is ever
//! counted twice, and a refusal is never lost (refusals write nothing).

use js_sys::{Array, Reflect};
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

/// Rows per `INSERT` (three bindings each; a Durable Object's statement takes at most 100).
const ROWS_PER_INSERT: usize = 32;

/// One account's upstream budget and its storage (`new BudgetWindows(ctx, env)` in the object's
/// constructor).
#[wasm_bindgen]
pub struct BudgetWindows {
    budget: Budget,
    sql: SqlStorage,
    /// Rows of calls let through and not yet written ([`BudgetWindows::flush`]).
    pending: Vec<Counted>,
    /// Flushes so far (old rows are pruned every [`PRUNE_EVERY`]).
    flushes: u32,
}

/// How many flushes between two prunings of rows past every window.
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
            pending: Vec::new(),
            flushes: 0,
        })
    }

    /// Takes one call of `client` (a `catholic_qa` when `is_qa`), from memory: when it may go,
    /// the calls of the same client and kind leased with it, up to `want` (a number, 0 for none;
    /// its rows and theirs queued for [`BudgetWindows::flush`]), else `{ pool,
    /// retryAfterSeconds, limit }` (the full pool, the whole seconds until a slot frees up,
    /// `"client"` or `"account"`).
    pub fn take(&mut self, client: &str, is_qa: bool, want: u32) -> Result<JsValue, JsValue> {
        match self
            .budget
            .take_counted(client, is_qa, want, js_sys::Date::now())
        {
            Ok(taken) => {
                self.pending.extend(taken.rows);
                Ok(taken.lease.into())
            }
            Err((limit, refusal)) => {
                #[derive(serde::Serialize)]
                #[serde(rename_all = "camelCase")]
                struct Refused {
                    pool: &'static str,
                    retry_after_seconds: u64,
                    limit: &'static str,
                }
                let out = Refused {
                    pool: refusal.pool.name(),
                    retry_after_seconds: refusal.retry_after_secs,
                    limit: limit.name(),
                };
                Ok(magisterium_platform::to_js(&out)?)
            }
        }
    }

    /// True when rows wait for [`BudgetWindows::flush`].
    #[wasm_bindgen(getter)]
    pub fn pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Writes the queued rows (one statement per [`ROWS_PER_INSERT`]) and, now and then, drops
    /// the rows past every window (a restarted object reads only the last window's anyway).
    pub fn flush(&mut self) -> Result<(), JsValue> {
        let rows = std::mem::take(&mut self.pending);
        for chunk in rows.chunks(ROWS_PER_INSERT) {
            let values = Array::new();
            for row in chunk {
                values.push(&row.window.as_str().into());
                values.push(&u8::from(row.is_qa).into());
                values.push(&row.at_ms.into());
            }
            let mut insert = String::from("INSERT INTO calls (window, qa, at) VALUES (?, ?, ?)");
            insert.push_str(&", (?, ?, ?)".repeat(chunk.len() - 1));
            self.sql.exec(&insert, &values)?;
        }
        self.flushes = self.flushes.wrapping_add(1);
        if self.flushes % PRUNE_EVERY == 0 {
            let forgotten = self.budget.forgotten_before(js_sys::Date::now());
            let since = Array::of1(&forgotten.into());
            self.sql.exec("DELETE FROM calls WHERE at <= ?", &since)?;
        }
        Ok(())
    }
}
