//! The two-way translation between A2A 1.0 and Magisterium's 0.2.6 wire shapes.
//!
//! This direction serves A2A 1.0 clients in front of the 0.2.6 service (the Worker): a 1.0 request
//! becomes `message/send`, `tasks/get` or `tasks/cancel`, and the 0.2.6 answer becomes a 1.0 answer,
//! over typed values. The other direction, our own client talking 1.0 to an agent that speaks it,
//! is [`super::project`]: it reads JavaScript nodes without copying them.

use serde_json::Value;

use super::errors::Refusal;
use super::wire as v1;
use crate::protocol::wire::{self as v0, JsonObject};

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

/// A 1.0 message in 0.2.6 form; the role must be one 0.2.6 has.
pub fn message_to_v0(message: v1::Message) -> Result<v0::Message, Refusal> {
    Ok(v0::Message {
        role: role_to_v0(&message.role)?,
        parts: message.parts.into_iter().map(part_to_v0).collect(),
        message_id: message.message_id,
        kind: v0::MessageKind::Message,
        task_id: message.task_id,
        context_id: message.context_id,
        reference_task_ids: message.reference_task_ids,
        metadata: message.metadata,
    })
}

/// A 0.2.6 task in 1.0 form.
pub fn task_to_v1(task: v0::Task) -> v1::Task {
    v1::Task {
        id: task.id,
        context_id: task.context_id,
        status: v1::TaskStatus {
            state: state_to_v1(&task.status.state),
            message: task.status.message.map(message_to_v1),
            timestamp: task.status.timestamp,
        },
        artifacts: task.artifacts.map(|list| {
            list.into_iter()
                .map(|a| v1::Artifact {
                    artifact_id: a.artifact_id,
                    name: a.name,
                    description: a.description,
                    parts: a.parts.into_iter().map(part_to_v1).collect(),
                    metadata: a.metadata,
                    extensions: None,
                })
                .collect()
        }),
        history: task
            .history
            .map(|list| list.into_iter().map(message_to_v1).collect()),
        metadata: task.metadata,
    }
}

/// `SendMessage` parameters as `message/send` parameters, for the 0.2.6 service.
///
/// The skill is the message's `metadata.skillId`, else the request's. `returnImmediately` becomes
/// `blocking: false`; push notifications are refused (Magisterium has none); a data part must hold
/// an object, the only data 0.2.6 carries.
pub fn send_request_to_v0(
    request: v1::SendMessageRequest,
) -> Result<v0::MessageSendParams, Refusal> {
    let v1::SendMessageRequest {
        message,
        configuration,
        metadata,
        ..
    } = request;
    if message
        .parts
        .iter()
        .any(|p| matches!(&p.content, v1::Content::Data(d) if !d.is_object()))
    {
        return Err(Refusal::invalid_params(
            "message.parts: a data part must hold a JSON object",
        ));
    }
    let mut message = message_to_v0(message)?;
    let skill = metadata.as_ref().and_then(|m| m.get(SKILL_ID)).cloned();
    if let Some(skill) = skill {
        message
            .metadata
            .get_or_insert_with(JsonObject::new)
            .entry(SKILL_ID)
            .or_insert(skill);
    }
    let configuration = match configuration {
        None => None,
        Some(c) if c.task_push_notification_config.is_some() => {
            return Err(Refusal::push_not_supported())
        }
        Some(c) => Some(configuration_to_v0(c)),
    };
    Ok(v0::MessageSendParams {
        message,
        configuration,
        metadata,
    })
}

fn configuration_to_v0(c: v1::SendMessageConfiguration) -> JsonObject {
    let mut out = JsonObject::new();
    if let Some(modes) = c.accepted_output_modes {
        out.insert("acceptedOutputModes".into(), modes.into());
    }
    if let Some(n) = c.history_length {
        out.insert("historyLength".into(), n.into());
    }
    if let Some(immediately) = c.return_immediately {
        out.insert("blocking".into(), (!immediately).into());
    }
    out
}

/// `GetTask` / `CancelTask` parameters as `tasks/get` / `tasks/cancel` parameters.
pub fn task_request_to_v0(request: v1::TaskIdRequest) -> v0::TaskQueryParams {
    v0::TaskQueryParams {
        id: request.id,
        history_length: request.history_length,
        metadata: request.metadata,
    }
}
