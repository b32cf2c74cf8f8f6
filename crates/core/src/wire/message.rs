//! Messages and their parts (text, data, file, and kinds this version does not know).

use serde::de::{self, Deserializer};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::JsonObject;

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
}
