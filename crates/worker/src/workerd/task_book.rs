//! The task records of one account (`crate::tasks`), in its budget object's SQLite storage
//! (`new TaskBook(ctx)` in `UpstreamBudget`'s constructor, `entry.js`; the Worker calls
//! `recordTask`, `forgetTask` and `tasksOf` over RPC). One row per task and owner (the account,
//! or one anonymous session on the operator's account): its record as JSON. Rows older than the
//! service keeps tasks are deleted on every write, and past [`MAX_RECORDS_PER_ACCOUNT`] the
//! oldest go.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::budget_object::{sql_of, SqlStorage};
use crate::tasks::MAX_RECORDS_PER_ACCOUNT;
use magisterium_core::v1::task_record::{TaskRecord, TASK_RETENTION_MS};

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS tasks (owner TEXT NOT NULL, id TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL, record TEXT NOT NULL, PRIMARY KEY (owner, id))";

/// One account's task records.
#[wasm_bindgen]
pub struct TaskBook {
    sql: SqlStorage,
}

impl std::fmt::Debug for TaskBook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TaskBook").finish_non_exhaustive()
    }
}

#[wasm_bindgen]
impl TaskBook {
    /// The records of the object whose state is `ctx`.
    #[wasm_bindgen(constructor)]
    pub fn new(ctx: &JsValue) -> Result<TaskBook, JsValue> {
        let sql = sql_of(ctx)?;
        sql.exec(SCHEMA, &Array::new())?;
        Ok(TaskBook { sql })
    }

    /// Keeps `record` (a `TaskRecord` as JSON) for `owner`, in place of one of the same id;
    /// then drops the records past the service's 24 hours and, past the cap, the oldest.
    ///
    /// # Errors
    /// `record` is not a task record, or the storage failed.
    pub fn record(&self, owner: &str, record: &str) -> Result<(), JsValue> {
        let parsed = serde_json::from_str(record)
            .ok()
            .and_then(|r| TaskRecord::from_json(&r))
            .ok_or_else(|| JsValue::from_str("not a task record"))?;
        let values = Array::of5(
            &owner.into(),
            &parsed.id.as_str().into(),
            &parsed.created.into(),
            &parsed.updated.into(),
            &record.into(),
        );
        self.sql.exec(
            "INSERT OR REPLACE INTO tasks (owner, id, created, updated, record) VALUES (?, ?, ?, ?, ?)",
            &values,
        )?;
        let expired = js_sys::Date::now() - TASK_RETENTION_MS;
        self.sql.exec(
            "DELETE FROM tasks WHERE created <= ?",
            &Array::of1(&expired.into()),
        )?;
        self.sql.exec(
            "DELETE FROM tasks WHERE rowid IN (SELECT rowid FROM tasks ORDER BY created DESC, rowid DESC LIMIT -1 OFFSET ?)",
            &Array::of1(&MAX_RECORDS_PER_ACCOUNT.into()),
        )?;
        Ok(())
    }

    /// Drops `owner`'s record of task `id` (the service no longer has it).
    ///
    /// # Errors
    /// The storage failed.
    pub fn forget(&self, owner: &str, id: &str) -> Result<(), JsValue> {
        self.sql.exec(
            "DELETE FROM tasks WHERE owner = ? AND id = ?",
            &Array::of2(&owner.into(), &id.into()),
        )?;
        Ok(())
    }

    /// `owner`'s records of tasks the service still keeps, as a JSON array, in the listing's
    /// order (most recently updated first, then by id: `magisterium_core::v1::list`).
    ///
    /// # Errors
    /// The storage failed.
    pub fn of(&self, owner: &str) -> Result<String, JsValue> {
        let since = js_sys::Date::now() - TASK_RETENTION_MS;
        let rows = self.sql.exec(
            "SELECT record FROM tasks WHERE owner = ? AND created > ? ORDER BY updated DESC, id",
            &Array::of2(&owner.into(), &since.into()),
        )?;
        let mut out = String::from("[");
        for (i, row) in rows.to_array().iter().enumerate() {
            let record = js_sys::Reflect::get(&row, &"record".into())?
                .as_string()
                .unwrap_or_default();
            if i > 0 {
                out.push(',');
            }
            out.push_str(&record);
        }
        out.push(']');
        Ok(out)
    }
}
