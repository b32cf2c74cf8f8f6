//! The checks of a `message/send` that the proxy and the stand-in share: the message's shape, its
//! skill, and the input the skill reads from its parts. The proxy refuses with these errors before
//! any upstream call; the stand-in answers them as the service does.

use serde_json::Value;

use super::http::{code, WorkerResponse};
use crate::wire::{Message, Part, Role};
use crate::Skill;

/// Longest text part accepted.
pub const MAX_TEXT_CHARS: usize = 4_000;

/// An error answer before or while running a method: a JSON-RPC error in an HTTP 200, as the
/// service gives, unless `status` says otherwise.
#[derive(Debug)]
pub struct RpcFailure {
    /// The HTTP status (200 unless the answer says otherwise).
    pub status: u16,
    /// The JSON-RPC error code.
    pub code: i64,
    /// The JSON-RPC error message.
    pub message: String,
    /// The JSON-RPC `error.data`, when there is one.
    pub data: Option<Value>,
    /// Extra response headers (e.g. `Retry-After`).
    pub headers: Vec<(String, String)>,
}

impl RpcFailure {
    /// The JSON-RPC error `code` with `message`, in an HTTP 200.
    pub fn new(code: i64, message: impl Into<String>) -> Self {
        Self {
            status: 200,
            code,
            message: message.into(),
            data: None,
            headers: Vec::new(),
        }
    }

    /// -32602 `Invalid params: {reason}`.
    pub fn invalid_params(reason: impl std::fmt::Display) -> Self {
        Self::new(code::INVALID_PARAMS, format!("Invalid params: {reason}"))
    }

    /// The same error with HTTP `status` (the proxy answers its own refusals with 400).
    pub fn with_status(self, status: u16) -> Self {
        Self { status, ..self }
    }

    /// The error answer to the request with JSON-RPC id `id`.
    pub fn into_response(self, id: &Value) -> WorkerResponse {
        let mut r = WorkerResponse::rpc_error(self.status, id, self.code, &self.message, self.data);
        r.headers.extend(self.headers);
        r
    }
}

/// Checks `message/send` params and returns the message and the chosen skill.
pub fn check_send_params(params: &Value) -> Result<(Message, Skill), RpcFailure> {
    let message = params
        .get("message")
        .ok_or_else(|| RpcFailure::invalid_params("message is required"))?;
    let message: Message =
        serde_json::from_value(message.clone()).map_err(RpcFailure::invalid_params)?;
    if message.role != Role::User {
        return Err(RpcFailure::invalid_params("role must be user"));
    }
    if message.message_id.trim().is_empty() {
        return Err(RpcFailure::invalid_params("messageId must not be empty"));
    }
    if message.parts.is_empty() {
        return Err(RpcFailure::invalid_params("parts must not be empty"));
    }
    for part in &message.parts {
        if let Some(text) = part.as_text() {
            if text.trim().is_empty() {
                return Err(RpcFailure::invalid_params("text must not be empty"));
            }
            if text.chars().count() > MAX_TEXT_CHARS {
                return Err(RpcFailure::invalid_params("input too long"));
            }
        }
    }
    let skill = match message.metadata.as_ref().and_then(|m| m.get("skillId")) {
        None | Some(Value::Null) => Skill::DEFAULT,
        Some(Value::String(id)) => Skill::from_id(id)
            .ok_or_else(|| RpcFailure::new(code::INVALID_PARAMS, format!("Unknown skill: {id}")))?,
        Some(_) => {
            return Err(RpcFailure::invalid_params(
                "metadata.skillId must be a string",
            ))
        }
    };
    Ok((message, skill))
}

/// The input a skill reads from the message parts.
#[derive(Debug, Clone, PartialEq)]
pub enum SkillInput {
    /// A text part (question, query, date text, name).
    Text(String),
    /// A data part's `id` (document, lookup record).
    Id(String),
    /// A data part's `date` (`YYYY-MM-DD`).
    Date(String),
}

impl SkillInput {
    /// Picks the input of `skill` from the message parts: the first data part with the key the
    /// skill takes (`id` or `date`), else the first text part.
    ///
    /// # Errors
    /// A reason for `Invalid params: …` when neither is there.
    pub fn from_parts(skill: Skill, parts: &[Part]) -> Result<Self, String> {
        let data_key = match skill {
            Skill::DocumentFetch => Some("id"),
            Skill::SaintsOfTheDay | Skill::LiturgicalReadings => Some("date"),
            s if s.is_lookup() => Some("id"),
            _ => None,
        };
        if let Some(key) = data_key {
            for data in parts.iter().filter_map(Part::as_data) {
                match data.get(key) {
                    Some(Value::String(v)) if !v.trim().is_empty() => {
                        let v = v.trim().to_owned();
                        return Ok(if key == "date" {
                            Self::Date(v)
                        } else {
                            Self::Id(v)
                        });
                    }
                    Some(_) => return Err(format!("data.{key} must be a non-empty string")),
                    None => {}
                }
            }
        }
        parts
            .iter()
            .find_map(Part::as_text)
            .map(|t| Self::Text(t.trim().to_owned()))
            .ok_or_else(|| match data_key {
                Some(key) => format!("a text part or a data part with `{key}` is required"),
                None => "a text part is required".to_owned(),
            })
    }

    /// The input's text (question, id or date).
    pub fn as_str(&self) -> &str {
        match self {
            Self::Text(t) | Self::Id(t) | Self::Date(t) => t,
        }
    }
}
