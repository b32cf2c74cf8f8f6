//! The requests the SDK sends, as serialise-only types holding nothing but strings and integer ids.
//!
//! The wire types in [`super::wire`] carry free-form JSON (`metadata`, data parts), which is right
//! for reading what the other side sends; but writing them drags JSON maps and float formatting
//! into the browser download. What the SDK itself sends is fixed in shape (`sdk-api.md`): text
//! parts, a data part `{ id }` or `{ date }`, and `metadata.skillId`. The JSON is the same.

use serde::{Serialize, Serializer};

use super::wire::{RequestId, JSONRPC_VERSION};

/// A JSON-RPC 2.0 request as the SDK sends it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OutgoingRequest<P> {
    /// Always `"2.0"`.
    pub jsonrpc: &'static str,
    /// The id the response must echo: a string or an integer.
    #[serde(serialize_with = "string_or_integer")]
    pub id: RequestId,
    /// `message/send`, `tasks/get` or `tasks/cancel`.
    pub method: &'static str,
    /// The method's parameters.
    pub params: P,
}

impl<P> OutgoingRequest<P> {
    /// A request of `method` with this id and these parameters.
    pub fn new(id: RequestId, method: &'static str, params: P) -> Self {
        Self {
            jsonrpc: JSONRPC_VERSION,
            id,
            method,
            params,
        }
    }
}

/// Writes an id without float formatting: ids are strings or integers (JSON-RPC 2.0: numbers
/// "SHOULD NOT contain fractional parts"); a fractional id is refused before a request is built.
fn string_or_integer<S: Serializer>(id: &RequestId, serializer: S) -> Result<S::Ok, S::Error> {
    match id {
        RequestId::String(s) => serializer.serialize_str(s),
        RequestId::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => serializer.serialize_i64(i),
            (None, Some(u)) => serializer.serialize_u64(u),
            (None, None) => Err(serde::ser::Error::custom("a request id must be an integer")),
        },
    }
}

/// `params` of `message/send`; `P` is the parts: the SDK's own [`OutgoingPart`]s, or a caller's
/// checked list of A2A parts sent as it is.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SendParams<P = Vec<OutgoingPart>> {
    /// The message.
    pub message: OutgoingMessage<P>,
}

/// The user's message.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutgoingMessage<P = Vec<OutgoingPart>> {
    /// Always `"user"`.
    pub role: &'static str,
    /// The content, one or more parts.
    pub parts: P,
    /// Unique per message, reused by retries.
    pub message_id: String,
    /// Always `"message"`.
    pub kind: &'static str,
    /// Groups tasks of one conversation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context_id: Option<String>,
    /// The skill the message is for.
    pub metadata: SkillMetadata,
}

/// `message.metadata`: Magisterium routes by `skillId`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SkillMetadata {
    /// The skill id, as given.
    pub skill_id: String,
}

/// A part the SDK sends: `{ kind: "text", text }` or `{ kind: "data", data }`. (A plain struct,
/// not a serde-tagged enum: the tagging machinery costs more bytes than the two parts.)
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OutgoingPart {
    /// `"text"` or `"data"`.
    pub kind: &'static str,
    /// The text of a text part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The payload of a data part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<SkillData>,
}

impl OutgoingPart {
    /// A text part.
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            kind: "text",
            text: Some(text.into()),
            data: None,
        }
    }

    /// A data part.
    pub fn data(data: SkillData) -> Self {
        Self {
            kind: "data",
            text: None,
            data: Some(data),
        }
    }

    /// The text of a text part.
    pub fn as_text(&self) -> Option<&str> {
        self.text.as_deref()
    }
}

/// The payload of a data part the SDK sends.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SkillData {
    /// `{ id }` (`document_fetch`).
    Id {
        /// The document id.
        id: String,
    },
    /// `{ date }` (`saints_of_the_day`), `YYYY-MM-DD`.
    Date {
        /// The date.
        date: String,
    },
}

/// `params` of `tasks/get` and `tasks/cancel`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TaskIdParams {
    /// The task id.
    pub id: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_are_written_as_strings_or_integers_never_floats() {
        let params = TaskIdParams { id: "t".into() };
        let int = OutgoingRequest::new(RequestId::from(7), "tasks/get", params.clone());
        assert_eq!(
            serde_json::to_string(&int).unwrap(),
            r#"{"jsonrpc":"2.0","id":7,"method":"tasks/get","params":{"id":"t"}}"#
        );
        let whole = serde_json::Number::from_f64(7.0).unwrap();
        let float = OutgoingRequest::new(RequestId::Number(whole), "tasks/get", params.clone());
        assert!(
            serde_json::to_string(&float).is_err(),
            "7.0 is a float in serde_json: refused, not written as 7.0"
        );
        let text = OutgoingRequest::new(RequestId::from("r-1"), "tasks/get", params);
        assert_eq!(serde_json::to_value(&text).unwrap()["id"], json!("r-1"));
    }

    #[test]
    fn parts_are_the_a2a_shapes() {
        let parts = vec![
            OutgoingPart::text("hi"),
            OutgoingPart::data(SkillData::Id { id: "10001".into() }),
            OutgoingPart::data(SkillData::Date {
                date: "2026-12-01".into(),
            }),
        ];
        assert_eq!(
            serde_json::to_value(&parts).unwrap(),
            json!([
                {"kind": "text", "text": "hi"},
                {"kind": "data", "data": {"id": "10001"}},
                {"kind": "data", "data": {"date": "2026-12-01"}}
            ])
        );
    }
}
