//! What the Worker keeps of each task created through it, so it can answer A2A 1.0's `ListTasks`
//! without asking Magisterium (0.2.6 has no listing, and every upstream call spends the account's
//! budget). A record is small: the task's id, its context, the skill that made it, its state and
//! two times; never its messages or artifacts. It is kept as long as the service keeps the task
//! ([`TASK_RETENTION_MS`]), then no longer listed, and dropped.

use serde_json::{json, Value};

use super::translate::state_to_v1;
use super::wire as v1;
use crate::ids::rfc3339;
use crate::serve::answer::{read, Answer};
use crate::wire as v0;

/// How long Magisterium keeps a task (24 hours, then `tasks/get` answers `TASK_NOT_FOUND`), and
/// so how long the Worker keeps and lists its record.
pub const TASK_RETENTION_MS: f64 = 24.0 * 60.0 * 60.0 * 1000.0;

/// The Worker's record of one task (stored as the JSON of [`TaskRecord::to_json`]; read and
/// written through `serde_json::Value`, which the Worker has anyway: a derived (de)serializer
/// would add its own code to the bundle).
#[derive(Debug, Clone, PartialEq)]
pub struct TaskRecord {
    /// The task's id.
    pub id: String,
    /// The task's `contextId`.
    pub context_id: String,
    /// The skill of the message that created it (`catholic_qa`, …), when known.
    pub skill: Option<String>,
    /// Its state, as 1.0 names it (`TASK_STATE_COMPLETED`, …).
    pub state: String,
    /// When the Worker recorded it (Unix milliseconds).
    pub created: f64,
    /// When its status last changed, as far as the Worker saw (Unix milliseconds): the listing's
    /// order and its `statusTimestampAfter` filter read this.
    pub updated: f64,
}

impl TaskRecord {
    /// The record of the task a JSON-RPC `answer` holds in its `result`: a 0.2.6 task, a 1.0
    /// task, or 1.0's `{ task }` (a `SendMessage` answer), created by a message of `skill` at
    /// `now_ms`. The answer is read in place (`serve::answer`), never built into a tree: a
    /// document's answer may be megabytes. `None` when the result is not a task (a message, an
    /// error, a task without an id or context).
    pub fn of_answer(answer: &[u8], skill: Option<&str>, now_ms: f64) -> Option<Self> {
        let Answer::Rpc(head) = read(answer) else {
            return None;
        };
        let (Some(id), Some(context)) = head.task else {
            return None;
        };
        if id.is_empty() || context.is_empty() {
            return None;
        }
        let at = now_ms.floor();
        Some(Self {
            id: id.into_owned(),
            context_id: context.into_owned(),
            skill: skill.map(str::to_owned),
            state: state_name(head.state.as_deref().unwrap_or_default()),
            created: at,
            updated: at,
        })
    }

    /// The record as stored: `{ id, contextId, skill?, state, created, updated }`.
    pub fn to_json(&self) -> Value {
        let mut record = json!({
            "id": self.id,
            "contextId": self.context_id,
            "state": self.state,
            "created": self.created,
            "updated": self.updated,
        });
        if let (Some(skill), Value::Object(members)) = (&self.skill, &mut record) {
            members.insert("skill".into(), skill.as_str().into());
        }
        record
    }

    /// A record as [`TaskRecord::to_json`] wrote it; `None` for anything else.
    pub fn from_json(record: &Value) -> Option<Self> {
        let text = |name: &str| record.get(name).and_then(Value::as_str).map(str::to_owned);
        let time = |name: &str| record.get(name).and_then(Value::as_f64);
        Some(Self {
            id: text("id")?,
            context_id: text("contextId")?,
            skill: text("skill"),
            state: text("state")?,
            created: time("created")?,
            updated: time("updated")?,
        })
    }

    /// True while the service still keeps the task (less than [`TASK_RETENTION_MS`] old).
    pub fn is_current(&self, now_ms: f64) -> bool {
        now_ms - self.created < TASK_RETENTION_MS
    }

    /// The task as a 1.0 `Task`: id, context, status (its state and time) and the skill in
    /// `metadata.skillId`. No history and no artifacts: the Worker keeps neither (`GetTask`
    /// gives them).
    pub fn to_task(&self) -> Value {
        let mut task = json!({
            "id": self.id,
            "contextId": self.context_id,
            "status": { "state": self.state, "timestamp": rfc3339(self.updated) },
        });
        if let (Some(skill), Value::Object(members)) = (&self.skill, &mut task) {
            members.insert("metadata".into(), json!({ "skillId": skill }));
        }
        task
    }
}

/// A state as 1.0 names it, from a 1.0 name (kept) or a 0.2.6 one (`completed`).
fn state_name(state: &str) -> String {
    let v1_state = if state.starts_with("TASK_STATE_") {
        v1::TaskState::parse(state)
    } else {
        state_to_v1(&v0::TaskState::from_name(state))
    };
    match serde_json::to_value(v1_state) {
        Ok(Value::String(name)) => name,
        _ => "TASK_STATE_UNSPECIFIED".to_owned(),
    }
}
