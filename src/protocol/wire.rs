//! A2A 0.2.6 / 0.3 JSON-RPC wire types (camelCase on the wire).
//!
//! Used to build requests and, in the Worker, to read requests and write answers. Unknown fields are
//! ignored, unknown part kinds and task states are kept, integers that arrive as floats (`1.0`) are
//! accepted. Responses are read in the SDK through [`crate::protocol::decode`] instead, so that the
//! browser build needs no JSON parser.

use serde::de::{self, Deserializer};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The JSON-RPC version string.
pub const JSONRPC_VERSION: &str = "2.0";

/// A free-form JSON object (`metadata`, data-part payloads).
pub type JsonObject = Map<String, Value>;

/// A JSON-RPC request or response id: a string or a number. Numbers compare by value (`1 == 1.0`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RequestId {
    /// A numeric id.
    Number(serde_json::Number),
    /// A string id.
    String(String),
}

impl PartialEq for RequestId {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::String(a), Self::String(b)) => a == b,
            (Self::Number(a), Self::Number(b)) => a.as_f64() == b.as_f64(),
            _ => false,
        }
    }
}

impl From<&str> for RequestId {
    fn from(value: &str) -> Self {
        Self::String(value.to_owned())
    }
}

impl From<i64> for RequestId {
    fn from(value: i64) -> Self {
        Self::Number(value.into())
    }
}

/// A JSON-RPC 2.0 request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JsonRpcRequest<P> {
    /// Always `"2.0"`.
    pub jsonrpc: String,
    /// The id the response must echo.
    pub id: RequestId,
    /// `message/send`, `tasks/get` or `tasks/cancel`.
    pub method: String,
    /// The method's parameters.
    pub params: P,
}

/// A JSON-RPC 2.0 error object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JsonRpcError {
    /// The error code.
    #[serde(deserialize_with = "int_or_float")]
    pub code: i64,
    /// A short description.
    pub message: String,
    /// Extra information, omitted when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
}

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The client.
    User,
    /// The agent.
    Agent,
}

/// The constant `kind` tag of a [`Message`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MessageKind {
    /// `"message"`
    #[default]
    #[serde(rename = "message")]
    Message,
}

/// The constant `kind` tag of a [`Task`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TaskKind {
    /// `"task"`
    #[default]
    #[serde(rename = "task")]
    Task,
}

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    /// `user` or `agent`.
    pub role: Role,
    /// The content, one or more parts.
    pub parts: Vec<Part>,
    /// Chosen by the sender, unique.
    pub message_id: String,
    /// Always `"message"`.
    pub kind: MessageKind,
    /// The task this message belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task_id: Option<String>,
    /// Groups tasks of one conversation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_id: Option<String>,
    /// Tasks this message refers to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_task_ids: Option<Vec<String>>,
    /// Free-form; Magisterium reads `skillId` here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
}

/// The content of a file part: inline base64 bytes or a URI.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileContent {
    /// Base64 bytes (exclusive with `uri`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<String>,
    /// A URI (exclusive with `bytes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uri: Option<String>,
    /// A file name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The media type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
}

/// One part of a message or artifact. A part of an unknown `kind` is kept as received.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// `{ kind: "text", text }`
    Text {
        /// The text.
        text: String,
        /// Free-form metadata.
        metadata: Option<JsonObject>,
    },
    /// `{ kind: "data", data }`: a JSON object.
    Data {
        /// The payload.
        data: JsonObject,
        /// Free-form metadata.
        metadata: Option<JsonObject>,
    },
    /// `{ kind: "file", file }`
    File {
        /// Bytes or URI.
        file: FileContent,
        /// Free-form metadata.
        metadata: Option<JsonObject>,
    },
    /// A part of a kind this version does not know, kept raw.
    Other(JsonObject),
}

impl Part {
    /// A text part.
    pub fn text(text: impl Into<String>) -> Self {
        Self::Text {
            text: text.into(),
            metadata: None,
        }
    }

    /// A data part.
    pub fn data(data: JsonObject) -> Self {
        Self::Data {
            data,
            metadata: None,
        }
    }

    /// The text of a text part.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Self::Text { text, .. } => Some(text),
            _ => None,
        }
    }

    /// The payload of a data part.
    pub fn as_data(&self) -> Option<&JsonObject> {
        match self {
            Self::Data { data, .. } => Some(data),
            _ => None,
        }
    }
}

impl Serialize for Part {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (kind, key, metadata): (&str, &str, &Option<JsonObject>) = match self {
            Self::Text { metadata, .. } => ("text", "text", metadata),
            Self::Data { metadata, .. } => ("data", "data", metadata),
            Self::File { metadata, .. } => ("file", "file", metadata),
            Self::Other(raw) => return raw.serialize(serializer),
        };
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", kind)?;
        match self {
            Self::Text { text, .. } => map.serialize_entry(key, text)?,
            Self::Data { data, .. } => map.serialize_entry(key, data)?,
            Self::File { file, .. } => map.serialize_entry(key, file)?,
            Self::Other(_) => {}
        }
        if let Some(metadata) = metadata {
            map.serialize_entry("metadata", metadata)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Part {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut raw = JsonObject::deserialize(deserializer)?;
        let kind = match raw.get("kind") {
            Some(Value::String(kind)) => kind.clone(),
            Some(_) => return Err(de::Error::custom("part kind must be a string")),
            None => return Err(de::Error::missing_field("kind")),
        };
        let metadata = match raw.get("metadata") {
            None | Some(Value::Null) => None,
            Some(Value::Object(m)) => Some(m.clone()),
            Some(_) => return Err(de::Error::custom("part metadata must be an object")),
        };
        match kind.as_str() {
            "text" => match raw.remove("text") {
                Some(Value::String(text)) => Ok(Self::Text { text, metadata }),
                Some(_) => Err(de::Error::custom("text part: text must be a string")),
                None => Err(de::Error::missing_field("text")),
            },
            "data" => match raw.remove("data") {
                Some(Value::Object(data)) => Ok(Self::Data { data, metadata }),
                Some(_) => Err(de::Error::custom("data part: data must be an object")),
                None => Err(de::Error::missing_field("data")),
            },
            "file" => {
                let file = raw
                    .remove("file")
                    .ok_or_else(|| de::Error::missing_field("file"))?;
                let file: FileContent = serde_json::from_value(file).map_err(de::Error::custom)?;
                if file.bytes.is_some() == file.uri.is_some() {
                    return Err(de::Error::custom("file part: exactly one of bytes or uri"));
                }
                Ok(Self::File { file, metadata })
            }
            _ => Ok(Self::Other(raw)),
        }
    }
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

/// Parameters of `message/send`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageSendParams {
    /// The user message.
    pub message: Message,
    /// Reserved by Magisterium for future use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub configuration: Option<JsonObject>,
    /// Free-form metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
}

/// Parameters of `tasks/get` and `tasks/cancel`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskQueryParams {
    /// The task id.
    pub id: String,
    /// How many history messages to return (ignored by Magisterium).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "opt_int_or_float"
    )]
    pub history_length: Option<i64>,
    /// Free-form metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
}

/// Capabilities declared by an agent card.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentCapabilities {
    /// `message/stream` support.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub streaming: Option<bool>,
    /// Push notification support.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub push_notifications: Option<bool>,
    /// Tasks keep their message history.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_transition_history: Option<bool>,
}

/// One skill as an agent card lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentSkill {
    /// The skill id (`catholic_qa`, …).
    pub id: String,
    /// A human name.
    pub name: String,
    /// What it does.
    pub description: String,
    /// Keywords.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Example inputs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub examples: Option<Vec<String>>,
    /// Accepted input media types.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_modes: Option<Vec<String>>,
    /// Produced output media types.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_modes: Option<Vec<String>>,
}

/// The organisation behind an agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentProvider {
    /// Its name.
    pub organization: String,
    /// Its website.
    pub url: String,
}

/// An A2A agent card (`/.well-known/agent.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentCard {
    /// `"0.2.6"` for Magisterium; informational only.
    #[serde(default)]
    pub protocol_version: String,
    /// The agent's name.
    pub name: String,
    /// What it does.
    pub description: String,
    /// The JSON-RPC endpoint.
    pub url: String,
    /// The agent's version.
    pub version: String,
    /// What it supports.
    #[serde(default)]
    pub capabilities: AgentCapabilities,
    /// Default accepted input media types.
    #[serde(default)]
    pub default_input_modes: Vec<String>,
    /// Default output media types.
    #[serde(default)]
    pub default_output_modes: Vec<String>,
    /// The skills.
    pub skills: Vec<AgentSkill>,
    /// Who runs it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<AgentProvider>,
    /// Where its documentation lives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documentation_url: Option<String>,
    /// Transport of `url` (`JSONRPC`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preferred_transport: Option<String>,
    /// Security schemes by name (OpenAPI style).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_schemes: Option<JsonObject>,
    /// Alternatives of required schemes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security: Option<Vec<JsonObject>>,
}

fn int_from_f64<E: de::Error>(n: f64) -> Result<i64, E> {
    if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 {
        // Exact: integral and within the 53-bit range.
        Ok(n as i64)
    } else {
        Err(E::custom(format!("expected an integer, found {n}")))
    }
}

/// Reads an integer that may arrive as a float (`1.0`).
fn int_or_float<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    let n = serde_json::Number::deserialize(deserializer)?;
    match n.as_i64() {
        Some(i) => Ok(i),
        None => int_from_f64(n.as_f64().unwrap_or(f64::NAN)),
    }
}

fn opt_int_or_float<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    match Option::<serde_json::Number>::deserialize(deserializer)? {
        None => Ok(None),
        Some(n) => match n.as_i64() {
            Some(i) => Ok(Some(i)),
            None => int_from_f64(n.as_f64().unwrap_or(f64::NAN)).map(Some),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parts_round_trip_and_unknown_kinds_are_kept() {
        let raw = json!([
            {"kind": "text", "text": "hi"},
            {"kind": "data", "data": {"id": "1"}, "metadata": {"m": 1}},
            {"kind": "file", "file": {"uri": "https://x/y.pdf", "mimeType": "application/pdf"}},
            {"kind": "audio", "audio": {"secs": 3}}
        ]);
        let parts: Vec<Part> = serde_json::from_value(raw.clone()).unwrap();
        assert_eq!(parts[0].as_text(), Some("hi"));
        assert!(matches!(&parts[3], Part::Other(m) if m["audio"]["secs"] == 3));
        assert_eq!(serde_json::to_value(&parts).unwrap(), raw);
    }

    #[test]
    fn malformed_parts_are_errors() {
        for bad in [
            json!({"text": "no kind"}),
            json!({"kind": "text"}),
            json!({"kind": "data", "data": [1]}),
            json!({"kind": "file", "file": {"bytes": "AA==", "uri": "x"}}),
            json!({"kind": 3}),
        ] {
            assert!(
                serde_json::from_value::<Part>(bad.clone()).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn task_states_tolerate_unknown_names() {
        let s: TaskState = serde_json::from_value(json!("paused")).unwrap();
        assert_eq!(s, TaskState::Unknown("paused".into()));
        assert_eq!(serde_json::to_value(&s).unwrap(), json!("paused"));
        assert!(TaskState::from_name("rejected").is_terminal());
        assert!(!TaskState::from_name("input-required").is_terminal());
    }

    #[test]
    fn ids_compare_by_value_and_floats_pass_for_ints() {
        let a: RequestId = serde_json::from_value(json!(1)).unwrap();
        let b: RequestId = serde_json::from_value(json!(1.0)).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, RequestId::from("1"));
        let q: TaskQueryParams =
            serde_json::from_value(json!({"id": "t", "historyLength": 2.0, "extra": true}))
                .unwrap();
        assert_eq!(q.history_length, Some(2));
        assert!(serde_json::from_value::<TaskQueryParams>(
            json!({"id": "t", "historyLength": 2.5})
        )
        .is_err());
        let e: JsonRpcError =
            serde_json::from_value(json!({"code": -32001.0, "message": "x"})).unwrap();
        assert_eq!(e.code, -32001);
    }
}
