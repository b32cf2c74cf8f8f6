//! The translation between A2A 1.0 and Magisterium's 0.2.6 wire shapes for A2A 1.0 clients in
//! front of the 0.2.6 service (the Worker): a 1.0 request becomes `message/send`, `tasks/get` or
//! `tasks/cancel`, and the 0.2.6 answer becomes a 1.0 answer.
//!
//! It works on the parsed JSON the Worker holds: the members both versions share are carried as
//! they are, and what differs (a message's role, a task's state, a part's shape, an answer's
//! message) goes through the typed translations below; what else a request must be is checked by
//! the 0.2.6 checks the rewritten request then goes through. The other direction, our own client
//! talking 1.0 to an agent that speaks it, is [`super::project`]: it reads JavaScript nodes without
//! copying them.

use serde_json::Value;

use super::errors::Refusal;
use super::wire as v1;
use crate::wire::{self as v0, JsonObject};

/// The key of `message.metadata` that names the skill.
const SKILL_ID: &str = "skillId";

fn role_to_v0(role: &v1::Role) -> Result<v0::Role, Refusal> {
    match role {
        v1::Role::User => Ok(v0::Role::User),
        v1::Role::Agent => Ok(v0::Role::Agent),
        v1::Role::Other(name) => Err(Refusal::invalid_params(format!(
            "message.role must be ROLE_USER or ROLE_AGENT, not {name:?}"
        ))),
    }
}

fn role_to_v1(role: v0::Role) -> v1::Role {
    match role {
        v0::Role::User => v1::Role::User,
        v0::Role::Agent => v1::Role::Agent,
    }
}

/// A 0.2.6 state as 1.0 names it (`unknown` and unlisted names become `TASK_STATE_UNSPECIFIED`).
pub fn state_to_v1(state: &v0::TaskState) -> v1::TaskState {
    match state {
        v0::TaskState::Submitted => v1::TaskState::Submitted,
        v0::TaskState::Working => v1::TaskState::Working,
        v0::TaskState::InputRequired => v1::TaskState::InputRequired,
        v0::TaskState::Completed => v1::TaskState::Completed,
        v0::TaskState::Canceled => v1::TaskState::Canceled,
        v0::TaskState::Failed => v1::TaskState::Failed,
        v0::TaskState::Rejected => v1::TaskState::Rejected,
        v0::TaskState::AuthRequired => v1::TaskState::AuthRequired,
        v0::TaskState::UnknownState | v0::TaskState::Unknown(_) => v1::TaskState::Unspecified,
    }
}

/// A 1.0 state as 0.2.6 names it (unlisted names are kept, lowercased without the prefix).
pub fn state_to_v0(state: &v1::TaskState) -> v0::TaskState {
    match state {
        v1::TaskState::Submitted => v0::TaskState::Submitted,
        v1::TaskState::Working => v0::TaskState::Working,
        v1::TaskState::InputRequired => v0::TaskState::InputRequired,
        v1::TaskState::Completed => v0::TaskState::Completed,
        v1::TaskState::Canceled => v0::TaskState::Canceled,
        v1::TaskState::Failed => v0::TaskState::Failed,
        v1::TaskState::Rejected => v0::TaskState::Rejected,
        v1::TaskState::AuthRequired => v0::TaskState::AuthRequired,
        v1::TaskState::Unspecified => v0::TaskState::UnknownState,
        // `TASK_STATE_PAUSED` → `paused`, `TASK_STATE_NEEDS_REVIEW` → `needs-review`.
        v1::TaskState::Other(name) => v0::TaskState::Unknown(
            name.strip_prefix("TASK_STATE_")
                .unwrap_or(name)
                .chars()
                .map(|c| match c {
                    '_' => '-',
                    c => c.to_ascii_lowercase(),
                })
                .collect(),
        ),
    }
}

/// A 0.2.6 part in 1.0 form. A part of a kind 0.2.6 does not know becomes a data part holding it.
pub fn part_to_v1(part: v0::Part) -> v1::Part {
    let (content, metadata, filename, media_type) = match part {
        v0::Part::Text { text, metadata } => (v1::Content::Text(text), metadata, None, None),
        v0::Part::Data { data, metadata } => {
            (v1::Content::Data(Value::Object(data)), metadata, None, None)
        }
        v0::Part::File { file, metadata } => {
            let content = match (file.bytes, file.uri) {
                (Some(bytes), _) => v1::Content::Raw(bytes),
                (None, uri) => v1::Content::Url(uri.unwrap_or_default()),
            };
            (content, metadata, file.name, file.mime_type)
        }
        v0::Part::Other(raw) => (v1::Content::Data(Value::Object(raw)), None, None, None),
    };
    v1::Part {
        content,
        metadata,
        filename,
        media_type,
    }
}

/// A 1.0 part in 0.2.6 form. 0.2.6 data parts hold only objects: other data stays a part of kind
/// `data` kept raw, which the decoders skip like any part they do not know. A text part's media type
/// and file name have no 0.2.6 place and are dropped.
pub fn part_to_v0(part: v1::Part) -> v0::Part {
    let v1::Part {
        content,
        metadata,
        filename,
        media_type,
    } = part;
    let file = |bytes, uri| v0::FileContent {
        bytes,
        uri,
        name: filename.clone(),
        mime_type: media_type.clone(),
    };
    match content {
        v1::Content::Text(text) => v0::Part::Text { text, metadata },
        v1::Content::Data(Value::Object(data)) => v0::Part::Data { data, metadata },
        v1::Content::Data(other) => {
            let mut raw = JsonObject::new();
            raw.insert("kind".into(), "data".into());
            raw.insert("data".into(), other);
            if let Some(metadata) = metadata {
                raw.insert("metadata".into(), Value::Object(metadata));
            }
            v0::Part::Other(raw)
        }
        v1::Content::Raw(bytes) => v0::Part::File {
            file: file(Some(bytes), None),
            metadata,
        },
        v1::Content::Url(uri) => v0::Part::File {
            file: file(None, Some(uri)),
            metadata,
        },
    }
}

/// A 0.2.6 message in 1.0 form.
pub fn message_to_v1(message: v0::Message) -> v1::Message {
    v1::Message {
        message_id: message.message_id,
        context_id: message.context_id,
        task_id: message.task_id,
        role: role_to_v1(message.role),
        parts: message.parts.into_iter().map(part_to_v1).collect(),
        metadata: message.metadata,
        extensions: None,
        reference_task_ids: message.reference_task_ids,
    }
}

/// The members of a message both versions have, carried as they are.
const MESSAGE_MEMBERS: [&str; 5] = [
    "messageId",
    "contextId",
    "taskId",
    "referenceTaskIds",
    "metadata",
];

fn invalid(what: &str) -> Refusal {
    Refusal::invalid_params(format!("Invalid params: {what}"))
}

/// `object[key]` when it is there and not null.
fn member(object: &mut JsonObject, key: &str) -> Option<Value> {
    object.remove(key).filter(|v| !v.is_null())
}

/// A 1.0 part (parsed JSON) in 0.2.6 form, through [`v1::Part`] and [`part_to_v0`]; the data of
/// a data part must be an object, the only data 0.2.6 carries.
fn part_json_to_v0(part: Value) -> Result<Value, Refusal> {
    let part: v1::Part = serde_json::from_value(part).map_err(|e| invalid(&e.to_string()))?;
    if matches!(&part.content, v1::Content::Data(d) if !d.is_object()) {
        return Err(Refusal::invalid_params(
            "message.parts: a data part must hold a JSON object",
        ));
    }
    serde_json::to_value(part_to_v0(part)).map_err(|e| invalid(&e.to_string()))
}

/// A 1.0 message (parsed JSON) in 0.2.6 form: its role and parts translated, `kind` added, the
/// members 0.2.6 has kept (`extensions` and unknown members are dropped), and `skill` as its
/// `metadata.skillId` when it names none.
fn message_json_to_v0(message: Value, skill: Option<&Value>) -> Result<Value, Refusal> {
    let Value::Object(mut message) = message else {
        return Err(invalid("message must be an object"));
    };
    let role: v1::Role = serde_json::from_value(member(&mut message, "role").unwrap_or_default())
        .map_err(|_| invalid("message.role must be a string"))?;
    let Some(Value::Array(parts)) = member(&mut message, "parts") else {
        return Err(invalid("message.parts must be a list"));
    };
    let mut out = JsonObject::new();
    let role = serde_json::to_value(role_to_v0(&role)?).map_err(|e| invalid(&e.to_string()))?;
    out.insert("role".into(), role);
    let parts: Result<Vec<Value>, Refusal> = parts.into_iter().map(part_json_to_v0).collect();
    out.insert("parts".into(), Value::Array(parts?));
    out.insert("kind".into(), "message".into());
    for key in MESSAGE_MEMBERS {
        if let Some(value) = member(&mut message, key) {
            out.insert(key.into(), value);
        }
    }
    if let Some(skill) = skill {
        let metadata = out
            .entry("metadata")
            .or_insert_with(|| JsonObject::new().into());
        if let Value::Object(metadata) = metadata {
            metadata.entry(SKILL_ID).or_insert_with(|| skill.clone());
        }
    }
    Ok(Value::Object(out))
}

/// `SendMessage` parameters (parsed JSON) as `message/send` parameters, for the 0.2.6 service.
///
/// The skill is the message's `metadata.skillId`, else the request's. `returnImmediately` becomes
/// `blocking: false`; push notifications are refused (Magisterium has none); a data part must hold
/// an object; `tenant` has no 0.2.6 place and is dropped.
pub fn send_request_to_v0(params: Value) -> Result<Value, Refusal> {
    let Value::Object(mut params) = params else {
        return Err(invalid("params must be an object"));
    };
    let message = member(&mut params, "message").ok_or_else(|| invalid("message is required"))?;
    let metadata = member(&mut params, "metadata");
    let message = message_json_to_v0(message, metadata.as_ref().and_then(|m| m.get(SKILL_ID)))?;
    let mut out = JsonObject::new();
    out.insert("message".into(), message);
    if let Some(configuration) = member(&mut params, "configuration") {
        out.insert("configuration".into(), configuration_to_v0(configuration)?);
    }
    if let Some(metadata) = metadata {
        out.insert("metadata".into(), metadata);
    }
    Ok(Value::Object(out))
}

/// `SendMessage`'s configuration as 0.2.6's (which Magisterium reserves): `acceptedOutputModes`
/// and `historyLength` as they are, `returnImmediately` as `blocking`; push notifications refused.
fn configuration_to_v0(configuration: Value) -> Result<Value, Refusal> {
    let Value::Object(mut configuration) = configuration else {
        return Err(invalid("configuration must be an object"));
    };
    if member(&mut configuration, "taskPushNotificationConfig").is_some() {
        return Err(Refusal::push_not_supported());
    }
    let mut out = JsonObject::new();
    if let Some(modes) = member(&mut configuration, "acceptedOutputModes") {
        let strings = modes
            .as_array()
            .is_some_and(|m| m.iter().all(Value::is_string));
        if !strings {
            return Err(invalid("acceptedOutputModes must be a list of strings"));
        }
        out.insert("acceptedOutputModes".into(), modes);
    }
    if let Some(n) = member(&mut configuration, "historyLength") {
        out.insert("historyLength".into(), integer(n, "historyLength")?);
    }
    match member(&mut configuration, "returnImmediately") {
        None => {}
        Some(Value::Bool(immediately)) => {
            out.insert("blocking".into(), (!immediately).into());
        }
        Some(_) => return Err(invalid("returnImmediately must be a boolean")),
    }
    Ok(Value::Object(out))
}

/// `value` when it is an integer (a history length).
fn integer(value: Value, name: &str) -> Result<Value, Refusal> {
    if value.is_i64() {
        Ok(value)
    } else {
        Err(invalid(&format!("{name} must be an integer")))
    }
}

/// `GetTask` / `CancelTask` parameters (parsed JSON) as `tasks/get` / `tasks/cancel` parameters:
/// `id`, `historyLength` and `metadata` as they are (`tenant` has no 0.2.6 place).
pub fn task_request_to_v0(params: Value) -> Result<Value, Refusal> {
    let Value::Object(mut params) = params else {
        return Err(invalid("params must be an object"));
    };
    let mut out = JsonObject::new();
    match member(&mut params, "id") {
        Some(id @ Value::String(_)) => out.insert("id".into(), id),
        _ => return Err(invalid("id must be a string")),
    };
    if let Some(n) = member(&mut params, "historyLength") {
        out.insert("historyLength".into(), integer(n, "historyLength")?);
    }
    match member(&mut params, "metadata") {
        None => {}
        Some(metadata @ Value::Object(_)) => {
            out.insert("metadata".into(), metadata);
        }
        Some(_) => return Err(invalid("metadata must be an object")),
    }
    Ok(Value::Object(out))
}

/// A 0.2.6 message (parsed JSON) in 1.0 form, through [`message_to_v1`]; `None` when it is not
/// a 0.2.6 message.
pub fn message_json_to_v1(message: Value) -> Option<Value> {
    let message: v0::Message = serde_json::from_value(message).ok()?;
    serde_json::to_value(message_to_v1(message)).ok()
}

/// A 0.2.6 task (parsed JSON) in 1.0 form: its state by its 1.0 name, its messages and its
/// artifacts' parts in 1.0 form, without `kind`; the other members as they are. `None` when it is
/// not a 0.2.6 task (no string `id` or `contextId`, no `status` with a string `state`, a message
/// or part that is not one).
pub fn task_json_to_v1(task: Value) -> Option<Value> {
    let Value::Object(mut task) = task else {
        return None;
    };
    if task.remove("kind").is_some_and(|k| k != "task") {
        return None;
    }
    task.get("id")?.as_str()?;
    task.get("contextId")?.as_str()?;
    let mut status = match task.remove("status")? {
        Value::Object(status) => status,
        _ => return None,
    };
    let state = v0::TaskState::from_name(status.get("state")?.as_str()?);
    status.insert(
        "state".into(),
        serde_json::to_value(state_to_v1(&state)).ok()?,
    );
    if let Some(message) = member(&mut status, "message") {
        status.insert("message".into(), message_json_to_v1(message)?);
    }
    task.insert("status".into(), Value::Object(status));
    if let Some(history) = member(&mut task, "history") {
        let Value::Array(history) = history else {
            return None;
        };
        let history: Option<Vec<Value>> = history.into_iter().map(message_json_to_v1).collect();
        task.insert("history".into(), Value::Array(history?));
    }
    if let Some(artifacts) = member(&mut task, "artifacts") {
        let Value::Array(artifacts) = artifacts else {
            return None;
        };
        let artifacts: Option<Vec<Value>> = artifacts.into_iter().map(artifact_to_v1).collect();
        task.insert("artifacts".into(), Value::Array(artifacts?));
    }
    Some(Value::Object(task))
}

/// A 0.2.6 artifact (parsed JSON) in 1.0 form: its parts through [`part_to_v1`].
fn artifact_to_v1(artifact: Value) -> Option<Value> {
    let Value::Object(mut artifact) = artifact else {
        return None;
    };
    artifact.get("artifactId")?.as_str()?;
    let Value::Array(parts) = artifact.remove("parts")? else {
        return None;
    };
    let parts: Option<Vec<Value>> = parts
        .into_iter()
        .map(|part| {
            let part: v0::Part = serde_json::from_value(part).ok()?;
            serde_json::to_value(part_to_v1(part)).ok()
        })
        .collect();
    artifact.insert("parts".into(), Value::Array(parts?));
    Some(Value::Object(artifact))
}
