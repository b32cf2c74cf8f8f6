//! The upstream-budget Durable Object's state (class `UpstreamBudget`, binding `BUDGET`, declared
//! in `entry.js`, which extends `DurableObject` so the Worker calls it over typed RPC: `take(client,
//! isQa, want)`, `giveBack(client, isQa, at)`): one per account, named by [`crate::limits::budget::account_key`], so every isolate of every
//! location takes its calls from one [`Budget`].
//!
//! The windows live in memory and decide at once; every call let through is also a row of the
//! object's SQLite storage (`ctx.storage.sql`), and a new instance (after an eviction, a restart,
//! a deploy) counts the rows of the last window again, in its constructor: the budget outlives its
//! object. The SQL API is synchronous, so nothing else runs in the object before its windows are
//! loaded (no `blockConcurrencyWhile` needed).
//!
//! The rows of a grant are written in `take` itself, before its answer: the object's output gate
//! holds the answer until the write is confirmed, and a write that fails (or an object that dies
//! before it is confirmed) means the answer never leaves: the isolate gets an error and sends
//! nothing. So every call that goes upstream is a stored row, and an evicted, restarted or
//! redeployed object counts it again; that is what the proof in `budget.rs` ("Why the fleet never
//! sends an account more than its limit") needs. The wait for the write is paid once per ask, not
//! per call, when leases are given (`budget.rs`, "Leases"); with the service's own 15 / 2 every
//! call asks, and the wait is small beside the upstream call it lets through. Nothing is ever
//! counted twice, and a refusal writes nothing.

use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;

use crate::limits::budget::{Budget, Counted};
use crate::workerd::bindings::settings_of;
use crate::workerd::fills_object::KeyFills;

#[wasm_bindgen]
extern "C" {
    /// A SQLite-backed object's `ctx.storage.sql`.
    pub(crate) type SqlStorage;
    /// Runs one statement with its bindings.
    #[wasm_bindgen(method, catch, variadic)]
    pub(crate) fn exec(
        this: &SqlStorage,
        query: &str,
        bindings: &Array,
    ) -> Result<SqlCursor, JsValue>;
    /// The rows of a statement.
    pub(crate) type SqlCursor;
    /// Every row, as objects.
    #[wasm_bindgen(method, js_name = toArray)]
    pub(crate) fn to_array(this: &SqlCursor) -> Array;
}

/// The `ctx.storage.sql` of the object whose state is `ctx`.
pub(crate) fn sql_of(ctx: &JsValue) -> Result<SqlStorage, JsValue> {
    let storage = Reflect::get(ctx, &"storage".into())?;
    Ok(Reflect::get(&storage, &"sql".into())?.unchecked_into())
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
    /// Grants so far (old rows are pruned every [`PRUNE_EVERY`]).
    grants: u32,
    /// The cache keys its calls are filling (`fills_object.rs`).
    pub(crate) fills: KeyFills,
}

/// How many grants between two prunings of rows past every window.
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
        let sql = sql_of(ctx)?;
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
            grants: 0,
            fills: KeyFills::new(env),
        })
    }

    /// Takes one call of `client` (a `catholic_qa` when `is_qa`): when it may go, `{ lease, at }`:
    /// the calls of the same client and kind leased with it, up to `want` (0 for none; its rows
    /// and theirs written before the answer leaves), and the time they count at; else `{ pool, retryAfterSeconds, limit }` (the
    /// full pool, the whole seconds until a slot frees up, `"client"` or `"account"`).
    ///
    /// # Errors
    /// The write of the rows failed: the call must not go (the windows in memory keep counting
    /// it, which only refuses more).
    pub fn take(&mut self, client: &str, is_qa: bool, want: u32) -> Result<JsValue, JsValue> {
        let now = js_sys::Date::now();
        match self.budget.take_counted(client, is_qa, want, now) {
            Ok(taken) => {
                self.write(&taken.rows, now)?;
                #[derive(serde::Serialize)]
                struct Granted {
                    lease: u32,
                    at: f64,
                }
                let out = Granted {
                    lease: taken.lease,
                    at: taken.at_ms,
                };
                super::bindings::to_js(&out)
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
                super::bindings::to_js(&out)
            }
        }
    }

    /// Gives back one call of `client` granted at `at` (the `at` of [`BudgetWindows::take`]'s
    /// answer), which the service refused as unauthorized: its rows leave the windows and the
    /// storage. A call not counted (any more) gives nothing back.
    ///
    /// # Errors
    /// The delete failed (the call then stays counted in storage, which only refuses more).
    #[wasm_bindgen(js_name = giveBack)]
    pub fn give_back(&mut self, client: &str, is_qa: bool, at: f64) -> Result<(), JsValue> {
        for row in self.budget.give_back(client, is_qa, at) {
            let values = Array::new();
            push_row(&values, &row);
            self.sql.exec(
                "DELETE FROM calls WHERE rowid = (SELECT rowid FROM calls WHERE window = ? AND qa = ? AND at = ? LIMIT 1)",
                &values,
            )?;
        }
        Ok(())
    }
}

impl BudgetWindows {
    /// Writes a grant's rows (one statement per [`ROWS_PER_INSERT`]) and, now and then, drops the
    /// rows past every window (a restarted object reads only the last window's anyway).
    fn write(&mut self, rows: &[Counted], now_ms: f64) -> Result<(), JsValue> {
        for chunk in rows.chunks(ROWS_PER_INSERT) {
            let values = Array::new();
            for row in chunk {
                push_row(&values, row);
            }
            let mut insert = String::from("INSERT INTO calls (window, qa, at) VALUES (?, ?, ?)");
            insert.push_str(&", (?, ?, ?)".repeat(chunk.len().saturating_sub(1)));
            self.sql.exec(&insert, &values)?;
        }
        self.grants = self.grants.wrapping_add(1);
        if self.grants % PRUNE_EVERY == 0 {
            let forgotten = self.budget.forgotten_before(now_ms);
            let since = Array::of1(&forgotten.into());
            self.sql.exec("DELETE FROM calls WHERE at <= ?", &since)?;
        }
        Ok(())
    }
}

/// A row's values, in the columns' order (`window, qa, at`), after `values`' others.
fn push_row(values: &Array, row: &Counted) {
    values.push(&row.window.as_str().into());
    values.push(&u8::from(row.is_qa).into());
    values.push(&row.at_ms.into());
}
