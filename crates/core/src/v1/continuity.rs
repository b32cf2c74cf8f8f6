//! Task continuity for A2A 1.0's `SendMessage`: a message that names a task (`message.taskId`)
//! continues that task, or is refused as the 1.0 spec says.
//!
//! Magisterium stores a task only once it is finished (completed or failed) and has no call that
//! adds a message to one, so a message naming a task can only be refused. The bridge asks the
//! 0.2.6 service for the task (`tasks/get`, which costs no paid call) instead of sending the
//! message, and answers from what it finds: no such task (or another caller's, or one older than
//! the service keeps) is 0.2.6's -32001, which is 1.0's `TaskNotFoundError`; a task of another
//! context than the message's `contextId` is refused with -32602 (the spec: agents MUST reject
//! mismatching `contextId` and `taskId`); any other task is `UnsupportedOperationError` (-32004),
//! what the spec answers for a message to a task in a terminal state. A message with only a
//! `contextId` starts a new task in that context (the service echoes it).

use serde_json::{json, Value};

use super::errors::Refusal;

/// The task a `SendMessage` names, and the context its message gives (if any).
#[derive(Debug, Clone, PartialEq)]
pub struct Continuation {
    task_id: String,
    context_id: Option<String>,
}

/// The 0.2.6 states in which a task takes no more messages.
const TERMINAL: [&str; 4] = ["completed", "failed", "canceled", "rejected"];

impl Continuation {
    /// The task named by `message/send` parameters (0.2.6, as the front door wrote them from the
    /// 1.0 request): `None` when the message names no task (a string `taskId` that is not empty).
    pub fn of(params: &Value) -> Option<Self> {
        let message = params.get("message")?;
        let task_id = message
            .get("taskId")?
            .as_str()
            .filter(|id| !id.is_empty())?;
        Some(Self {
            task_id: task_id.to_owned(),
            context_id: message
                .get("contextId")
                .and_then(Value::as_str)
                .map(str::to_owned),
        })
    }

    /// The named task's id.
    pub fn task_id(&self) -> &str {
        &self.task_id
    }

    /// The `tasks/get` parameters that look the task up.
    pub fn lookup(&self) -> Value {
        json!({ "id": self.task_id })
    }

    /// The refusal for the 0.2.6 task the lookup found: another context → -32602; otherwise
    /// `UnsupportedOperationError`. `None` when `task` is not a task (no `contextId`).
    pub fn refusal(&self, task: &Value) -> Option<Refusal> {
        let context = task.get("contextId")?.as_str()?;
        if let Some(given) = self.context_id.as_deref().filter(|given| *given != context) {
            return Some(Refusal::invalid_params(format!(
                "Invalid params: message.contextId {given} is not the context of task {} ({context})",
                self.task_id
            )));
        }
        let state = task.pointer("/status/state").and_then(Value::as_str);
        Some(match state {
            Some(state) if TERMINAL.contains(&state) => Refusal::unsupported_operation(&format!(
                "task {} is {state}, and a task in a terminal state takes no more messages",
                self.task_id
            )),
            _ => Refusal::unsupported_operation(&format!(
                "adding a message to task {}: this agent answers each task in one message",
                self.task_id
            )),
        })
    }
}
