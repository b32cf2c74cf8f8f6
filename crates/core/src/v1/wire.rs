//! A2A 1.0 JSON-RPC wire types (ProtoJSON: camelCase fields, enums by their proto names).
//!
//! Only what the bridge to Magisterium's 0.2.6 service needs: the `SendMessage`, `GetTask` and
//! `CancelTask` requests and answers, and the error details. Unknown fields are ignored, unknown
//! enum names are kept, and a part must carry exactly one of `text`, `raw`, `url` and `data`.

use serde::de::{self, Deserializer};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::wire::JsonObject;

/// The protocol version this module speaks, as the `A2A-Version` header and cards write it.
pub const VERSION: &str = "1.0";

/// Who wrote a message (`ROLE_USER`, `ROLE_AGENT`). Other names are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    /// `ROLE_USER`
    User,
    /// `ROLE_AGENT`
    Agent,
    /// `ROLE_UNSPECIFIED` or a name this version does not know.
    Other(String),
}

/// The state of a task (`TASK_STATE_COMPLETED`, …). Other names are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TaskState {
    /// `TASK_STATE_SUBMITTED`
    Submitted,
    /// `TASK_STATE_WORKING`
    Working,
    /// `TASK_STATE_COMPLETED`
    Completed,
    /// `TASK_STATE_FAILED`
    Failed,
    /// `TASK_STATE_CANCELED`
    Canceled,
    /// `TASK_STATE_INPUT_REQUIRED`
    InputRequired,
    /// `TASK_STATE_REJECTED`
    Rejected,
    /// `TASK_STATE_AUTH_REQUIRED`
    AuthRequired,
    /// `TASK_STATE_UNSPECIFIED`
    Unspecified,
    /// A name this version does not know.
    Other(String),
}

/// The proto names of [`Role`] and [`TaskState`]: one table each, read both ways.
const ROLES: [(&str, Role); 2] = [("ROLE_USER", Role::User), ("ROLE_AGENT", Role::Agent)];

const STATES: [(&str, TaskState); 9] = [
    ("TASK_STATE_SUBMITTED", TaskState::Submitted),
    ("TASK_STATE_WORKING", TaskState::Working),
    ("TASK_STATE_COMPLETED", TaskState::Completed),
    ("TASK_STATE_FAILED", TaskState::Failed),
    ("TASK_STATE_CANCELED", TaskState::Canceled),
    ("TASK_STATE_INPUT_REQUIRED", TaskState::InputRequired),
    ("TASK_STATE_REJECTED", TaskState::Rejected),
    ("TASK_STATE_AUTH_REQUIRED", TaskState::AuthRequired),
    ("TASK_STATE_UNSPECIFIED", TaskState::Unspecified),
];

/// An enum with a table of proto names and a variant that keeps any other name.
trait ProtoEnum: Sized + Clone + PartialEq + 'static {
    const NAMES: &'static [(&'static str, Self)];
    fn other(name: String) -> Self;
    fn other_name(&self) -> Option<&str>;

    fn name(&self) -> &str {
        self.other_name().unwrap_or_else(|| {
            Self::NAMES
                .iter()
                .find(|(_, v)| v == self)
                .map_or("", |(n, _)| n)
        })
    }
    fn from_name(name: &str) -> Self {
        Self::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map_or_else(|| Self::other(name.to_owned()), |(_, v)| v.clone())
    }
}

impl ProtoEnum for Role {
    const NAMES: &'static [(&'static str, Self)] = &ROLES;
    fn other(name: String) -> Self {
        Self::Other(name)
    }
    fn other_name(&self) -> Option<&str> {
        match self {
            Self::Other(name) => Some(name),
            _ => None,
        }
    }
}

impl ProtoEnum for TaskState {
    const NAMES: &'static [(&'static str, Self)] = &STATES;
    fn other(name: String) -> Self {
        Self::Other(name)
    }
    fn other_name(&self) -> Option<&str> {
        match self {
            Self::Other(name) => Some(name),
            _ => None,
        }
    }
}

impl TaskState {
    /// The state a proto name stands for (other names are kept).
    pub fn parse(name: &str) -> Self {
        <Self as ProtoEnum>::from_name(name)
    }
}

impl Role {
    /// The role a proto name stands for (other names are kept).
    pub fn parse(name: &str) -> Self {
        <Self as ProtoEnum>::from_name(name)
    }
}

macro_rules! enum_by_name {
    ($ty:ty) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                Ok(Self::from_name(&String::deserialize(deserializer)?))
            }
        }
    };
}
enum_by_name!(Role);
enum_by_name!(TaskState);

/// What a part holds: exactly one of these.
#[derive(Debug, Clone, PartialEq)]
pub enum Content {
    /// `text`
    Text(String),
    /// `raw`: base64 bytes.
    Raw(String),
    /// `url`: where the file is.
    Url(String),
    /// `data`: any JSON value.
    Data(Value),
}

/// One part of a message or artifact.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// The content.
    pub content: Content,
    /// Free-form metadata.
    pub metadata: Option<JsonObject>,
    /// A file name.
    pub filename: Option<String>,
    /// The media type of the content.
    pub media_type: Option<String>,
}

const CONTENT_KEYS: [&str; 4] = ["text", "raw", "url", "data"];

impl Serialize for Part {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match &self.content {
            Content::Text(text) => map.serialize_entry("text", text)?,
            Content::Raw(raw) => map.serialize_entry("raw", raw)?,
            Content::Url(url) => map.serialize_entry("url", url)?,
            Content::Data(data) => map.serialize_entry("data", data)?,
        }
        if let Some(metadata) = &self.metadata {
            map.serialize_entry("metadata", metadata)?;
        }
        if let Some(filename) = &self.filename {
            map.serialize_entry("filename", filename)?;
        }
        if let Some(media_type) = &self.media_type {
            map.serialize_entry("mediaType", media_type)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Part {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut raw = JsonObject::deserialize(deserializer)?;
        let present: Vec<&str> = CONTENT_KEYS
            .into_iter()
            .filter(|k| raw.get(*k).is_some_and(|v| !v.is_null()))
            .collect();
        let [key] = present.as_slice() else {
            return Err(de::Error::custom(
                "a part must have exactly one of text, raw, url and data",
            ));
        };
        let value = raw.remove(*key).unwrap_or(Value::Null);
        let string = |value: Value| match value {
            Value::String(s) => Ok(s),
            _ => Err(de::Error::custom(format!("part {key} must be a string"))),
        };
        let content = match *key {
            "text" => Content::Text(string(value)?),
            "raw" => Content::Raw(string(value)?),
            "url" => Content::Url(string(value)?),
            _ => Content::Data(value),
        };
        let mut text_field = |name: &str| match raw.remove(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(de::Error::custom(format!("part {name} must be a string"))),
        };
        let filename = text_field("filename")?;
        let media_type = text_field("mediaType")?;
        let metadata = match raw.remove("metadata") {
            None | Some(Value::Null) => None,
            Some(Value::Object(m)) => Some(m),
            Some(_) => return Err(de::Error::custom("part metadata must be an object")),
        };
        Ok(Self {
            content,
            metadata,
            filename,
            media_type,
        })
    }
}

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    /// Chosen by the sender, unique.
    pub message_id: String,
    /// The conversation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_id: Option<String>,
    /// The task this message belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task_id: Option<String>,
    /// Who wrote it.
    pub role: Role,
    /// The content.
    pub parts: Vec<Part>,
    /// Free-form; Magisterium reads `skillId` here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
    /// Extension URIs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extensions: Option<Vec<String>>,
    /// Tasks this message refers to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_task_ids: Option<Vec<String>>,
}

/// The status of a task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskStatus {
    /// The state.
    pub state: TaskState,
    /// An agent message about the state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
    /// ISO 8601 UTC time of the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
}

/// An output of a task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Artifact {
    /// Unique within the task.
    pub artifact_id: String,
    /// Skill-specific name.
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
    /// Extension URIs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extensions: Option<Vec<String>>,
}

/// A unit of work of the agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    /// The task id.
    pub id: String,
    /// The conversation.
    #[serde(default)]
    pub context_id: String,
    /// Its status.
    pub status: TaskStatus,
    /// The outputs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artifacts: Option<Vec<Artifact>>,
    /// The messages exchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<Message>>,
    /// Free-form metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
}

/// `SendMessage` configuration.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SendMessageConfiguration {
    /// Media types the client accepts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accepted_output_modes: Option<Vec<String>>,
    /// Push notifications for this task (Magisterium has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task_push_notification_config: Option<Value>,
    /// How many history messages to return.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history_length: Option<i64>,
    /// Answer before the task ends (the inverse of 0.2's `blocking`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_immediately: Option<bool>,
}

/// Parameters of `SendMessage`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SendMessageRequest {
    /// Routing id of an interface (unused here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenant: Option<String>,
    /// The user message.
    pub message: Message,
    /// Options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub configuration: Option<SendMessageConfiguration>,
    /// Free-form; a `skillId` here is used when the message has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
}

/// Parameters of `GetTask` and `CancelTask`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskIdRequest {
    /// Routing id of an interface (unused here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenant: Option<String>,
    /// The task id.
    pub id: String,
    /// How many history messages to return (`GetTask`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history_length: Option<i64>,
    /// Free-form metadata (`CancelTask`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
}

/// The answer of `SendMessage`: a task or a message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SendMessageResponse {
    /// `{ "task": … }`
    Task(Task),
    /// `{ "message": … }`
    Message(Message),
}
