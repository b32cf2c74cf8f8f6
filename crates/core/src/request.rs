//! Request builders: one per skill, plus `message/send` for any skill and `tasks/get` / `tasks/cancel`.
//!
//! Every builder validates its input first and returns `invalid_input` without building anything
//! for an empty question, an empty id or an impossible date.

use super::date::CivilDate;
use super::error::Error;
use super::outgoing::{
    OutgoingMessage, OutgoingPart, OutgoingRequest, SendParams, SkillData, SkillMetadata,
    TaskIdParams,
};
use super::skill::Skill;
use super::wire::RequestId;

/// The JSON-RPC method names the SDK sends.
pub mod method {
    /// Send a message (all skills).
    pub const MESSAGE_SEND: &str = "message/send";
    /// Read a stored task.
    pub const TASKS_GET: &str = "tasks/get";
    /// Cancel a task.
    pub const TASKS_CANCEL: &str = "tasks/cancel";
}

/// Identifiers of one outgoing message.
#[derive(Debug, Clone, PartialEq)]
pub struct MessageIds {
    /// The JSON-RPC id; `None` uses the message id.
    pub request_id: Option<RequestId>,
    /// `message.messageId`: unique per message, reused by retries.
    pub message_id: String,
    /// `message.contextId`, when the caller groups tasks.
    pub context_id: Option<String>,
}

impl MessageIds {
    /// Ids with a fresh message id and nothing else.
    pub fn new(message_id: impl Into<String>) -> Self {
        Self {
            request_id: None,
            message_id: message_id.into(),
            context_id: None,
        }
    }
}

/// A date argument: a calendar date, or free text such as `next Sunday`.
#[derive(Debug, Clone, PartialEq)]
pub enum When {
    /// A calendar date, sent as `YYYY-MM-DD`.
    Date(CivilDate),
    /// Free text; an ISO-looking string must be a real date.
    Text(String),
}

/// A `message/send` request.
pub type SendRequest = OutgoingRequest<SendParams>;
/// A `tasks/get` or `tasks/cancel` request.
pub type TaskRequest = OutgoingRequest<TaskIdParams>;

/// `message/send` to `skill_id` with these parts. The skill id is sent as given, so skills added to
/// the service later work too.
///
/// # Errors
/// `invalid_input` for an empty skill id or message id, no parts, or a blank text part.
pub fn message_send(
    skill_id: &str,
    parts: Vec<OutgoingPart>,
    ids: MessageIds,
) -> Result<SendRequest, Error> {
    if parts.is_empty() {
        return Err(Error::invalid_input("input must have at least one part"));
    }
    if parts
        .iter()
        .any(|p| p.as_text().is_some_and(|t| t.trim().is_empty()))
    {
        return Err(Error::invalid_input("text parts must not be empty"));
    }
    message_send_with(skill_id, parts, ids)
}

/// `message/send` with parts the caller already checked ([`validate_parts`]), sent as they are.
///
/// # Errors
/// `invalid_input` for an empty skill id, message id or context id.
pub fn message_send_with<P>(
    skill_id: &str,
    parts: P,
    ids: MessageIds,
) -> Result<OutgoingRequest<SendParams<P>>, Error> {
    if skill_id.trim().is_empty() {
        return Err(Error::invalid_input("skillId must not be empty"));
    }
    if ids.message_id.trim().is_empty() {
        return Err(Error::invalid_input("messageId must not be empty"));
    }
    if ids
        .context_id
        .as_deref()
        .is_some_and(|c| c.trim().is_empty())
    {
        return Err(Error::invalid_input(
            "contextId must not be empty when given",
        ));
    }
    let id = ids
        .request_id
        .unwrap_or_else(|| RequestId::String(ids.message_id.clone()));
    let message = OutgoingMessage {
        role: "user",
        parts,
        message_id: ids.message_id,
        kind: "message",
        context_id: ids.context_id,
        metadata: SkillMetadata {
            skill_id: skill_id.to_owned(),
        },
    };
    Ok(OutgoingRequest::new(
        id,
        method::MESSAGE_SEND,
        SendParams { message },
    ))
}

/// The parts a skill method sends for its argument (see the table of `sdk-api.md`).
///
/// # Errors
/// `invalid_input` for a blank argument or an impossible date.
pub fn skill_parts(skill: Skill, input: &SkillArg) -> Result<Vec<OutgoingPart>, Error> {
    match (skill, input) {
        (Skill::DocumentFetch, SkillArg::Text(id)) => {
            let id = non_blank(id, "document id")?;
            Ok(vec![OutgoingPart::data(SkillData::Id {
                id: id.to_owned(),
            })])
        }
        (Skill::LiturgicalReadings, SkillArg::When(when)) => match when {
            When::Date(date) => Ok(vec![OutgoingPart::text(date.to_string())]),
            When::Text(text) => {
                let text = date_text(text)?;
                Ok(vec![OutgoingPart::text(text)])
            }
        },
        (Skill::SaintsOfTheDay, SkillArg::When(when)) => match when {
            When::Date(date) => Ok(vec![OutgoingPart::data(SkillData::Date {
                date: date.to_string(),
            })]),
            When::Text(text) => {
                let text = date_text(text)?;
                if CivilDate::looks_iso(text) {
                    Ok(vec![OutgoingPart::data(SkillData::Date {
                        date: text.to_owned(),
                    })])
                } else {
                    Ok(vec![OutgoingPart::text(text)])
                }
            }
        },
        (_, SkillArg::Text(text)) => {
            let what = match skill {
                Skill::CatholicQa => "question",
                Skill::DocumentSearch => "search query",
                _ => "query",
            };
            Ok(vec![OutgoingPart::text(non_blank(text, what)?)])
        }
        (_, SkillArg::When(When::Text(text))) => {
            Ok(vec![OutgoingPart::text(non_blank(text, "query")?)])
        }
        (_, SkillArg::When(When::Date(date))) => Ok(vec![OutgoingPart::text(date.to_string())]),
    }
}

/// The argument of a skill method.
#[derive(Debug, Clone, PartialEq)]
pub enum SkillArg {
    /// A question, query, name or id.
    Text(String),
    /// A date or date text (`liturgicalReadings`, `saintsOfTheDay`).
    When(When),
}

/// The `message/send` request of a skill method.
///
/// # Errors
/// `invalid_input` as [`skill_parts`] and [`message_send`] say.
pub fn skill_request(
    skill: Skill,
    input: &SkillArg,
    ids: MessageIds,
) -> Result<SendRequest, Error> {
    let parts = skill_parts(skill, input)?;
    message_send(skill.id(), parts, ids)
}

/// A `tasks/get` request.
///
/// # Errors
/// `invalid_input` for an empty task id.
pub fn tasks_get(task_id: &str, request_id: RequestId) -> Result<TaskRequest, Error> {
    task_request(method::TASKS_GET, task_id, request_id)
}

/// A `tasks/cancel` request.
///
/// # Errors
/// `invalid_input` for an empty task id.
pub fn tasks_cancel(task_id: &str, request_id: RequestId) -> Result<TaskRequest, Error> {
    task_request(method::TASKS_CANCEL, task_id, request_id)
}

fn task_request(
    method: &'static str,
    task_id: &str,
    request_id: RequestId,
) -> Result<TaskRequest, Error> {
    let id = non_blank(task_id, "task id")?;
    Ok(OutgoingRequest::new(
        request_id,
        method,
        TaskIdParams { id: id.to_owned() },
    ))
}

fn non_blank<'a>(text: &'a str, what: &str) -> Result<&'a str, Error> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        Err(Error::invalid_input(format!("{what} must not be empty")))
    } else {
        Ok(trimmed)
    }
}

fn date_text(text: &str) -> Result<&str, Error> {
    let text = non_blank(text, "date")?;
    if CivilDate::looks_iso(text) && CivilDate::parse_iso(text).is_none() {
        return Err(Error::invalid_input(format!(
            "{text} is not a calendar date"
        )));
    }
    Ok(text)
}

/// Checks that a caller-supplied list of parts (read through [`JsonView`](super::JsonView)) is a
/// non-empty array of A2A parts: `text` with a non-blank string, `data` with an object, `file` with
/// exactly one of `bytes` / `uri`. Parts of other kinds are allowed (a newer skill may take them).
///
/// # Errors
/// `invalid_input` naming the first bad part.
pub fn validate_parts<V: super::JsonView>(parts: &V) -> Result<(), Error> {
    use super::JsonKind;
    let len = parts
        .array_len()
        .ok_or_else(|| Error::invalid_input("input must be a string or an array of parts"))?;
    if len == 0 {
        return Err(Error::invalid_input("input must have at least one part"));
    }
    for i in 0..len {
        let bad = |why: &str| Error::invalid_input(format!("input[{i}]: {why}"));
        let part = parts.item(i).ok_or_else(|| bad("missing"))?;
        if part.kind() != JsonKind::Object {
            return Err(bad("a part must be an object"));
        }
        let kind = part
            .field("kind")
            .and_then(|k| k.string().map(|s| s.into_owned()));
        match kind.as_deref() {
            Some("text") => {
                let ok = part
                    .field("text")
                    .and_then(|t| t.string().map(|s| !s.trim().is_empty()));
                if ok != Some(true) {
                    return Err(bad("a text part needs a non-empty string `text`"));
                }
            }
            Some("data") => {
                if part.field("data").map(|d| d.kind()) != Some(JsonKind::Object) {
                    return Err(bad("a data part needs an object `data`"));
                }
            }
            Some("file") => {
                let file = part.field("file").filter(|f| f.kind() == JsonKind::Object);
                let file = file.ok_or_else(|| bad("a file part needs an object `file`"))?;
                let has = |key: &str| {
                    file.field(key)
                        .is_some_and(|v| v.kind() == JsonKind::String)
                };
                if has("bytes") == has("uri") {
                    return Err(bad("a file part needs exactly one of `bytes` and `uri`"));
                }
            }
            Some(_) => {}
            None => return Err(bad("a part needs a string `kind`")),
        }
        if let Some(meta) = part.field("metadata") {
            if meta.kind() != JsonKind::Object {
                return Err(bad("`metadata` must be an object"));
            }
        }
    }
    Ok(())
}
