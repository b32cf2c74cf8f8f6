//! Tasks: their state and status, and the artifacts they produce.

use serde::de::Deserializer;
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use super::{JsonObject, Message, Part};

/// The constant `kind` tag of a [`Task`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TaskKind {
    /// `"task"`
    #[default]
    #[serde(rename = "task")]
    Task,
}

/// The state of a task. States this version does not know are kept as `Unknown(name)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TaskState {
    /// `submitted`
    Submitted,
    /// `working`
    Working,
    /// `input-required`
    InputRequired,
    /// `completed`
    Completed,
    /// `canceled`
    Canceled,
    /// `failed`
    Failed,
    /// `rejected`
    Rejected,
    /// `auth-required`
    AuthRequired,
    /// `unknown` (the A2A state of that name)
    UnknownState,
    /// A state name outside the A2A list.
    Unknown(String),
}

impl TaskState {
    /// The state for a wire name.
    pub fn from_name(name: &str) -> Self {
        match name {
            "submitted" => Self::Submitted,
            "working" => Self::Working,
            "input-required" => Self::InputRequired,
            "completed" => Self::Completed,
            "canceled" => Self::Canceled,
            "failed" => Self::Failed,
            "rejected" => Self::Rejected,
            "auth-required" => Self::AuthRequired,
            "unknown" => Self::UnknownState,
            other => Self::Unknown(other.to_owned()),
        }
    }

    /// The wire name.
    pub fn name(&self) -> &str {
        match self {
            Self::Submitted => "submitted",
            Self::Working => "working",
            Self::InputRequired => "input-required",
            Self::Completed => "completed",
            Self::Canceled => "canceled",
            Self::Failed => "failed",
            Self::Rejected => "rejected",
            Self::AuthRequired => "auth-required",
            Self::UnknownState => "unknown",
            Self::Unknown(name) => name,
        }
    }

    /// Completed, canceled, failed and rejected tasks cannot change any more.
    pub fn is_terminal(&self) -> bool {
        matches!(
            self,
            Self::Completed | Self::Canceled | Self::Failed | Self::Rejected
        )
    }
}

impl Serialize for TaskState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for TaskState {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Ok(Self::from_name(&name))
    }
}

/// The status of a task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskStatus {
    /// The state.
    pub state: TaskState,
    /// An agent message about the state (the reason of a failure).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
    /// RFC 3339 time of the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
}

/// An output of a task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Artifact {
    /// Unique within the task (`art_…`).
    pub artifact_id: String,
    /// Skill-specific name (`catholic_qa_response`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The content.
    pub parts: Vec<Part>,
    /// Free-form metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
}

/// A unit of work of the agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    /// The task id.
    pub id: String,
    /// The conversation it belongs to.
    pub context_id: String,
    /// Its status.
    pub status: TaskStatus,
    /// Always `"task"`.
    pub kind: TaskKind,
    /// The messages exchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<Message>>,
    /// The outputs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artifacts: Option<Vec<Artifact>>,
    /// Free-form metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn task_states_tolerate_unknown_names() {
        let s: TaskState = serde_json::from_value(json!("paused")).unwrap();
        assert_eq!(s, TaskState::Unknown("paused".into()));
        assert_eq!(serde_json::to_value(&s).unwrap(), json!("paused"));
        assert!(TaskState::from_name("rejected").is_terminal());
        assert!(!TaskState::from_name("input-required").is_terminal());
    }
}
