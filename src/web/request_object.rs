//! Requests built by the core, as JavaScript objects: one call into `runtime.js` each, then the
//! platform's `JSON.stringify` writes the body. (Writing JSON with serde in wasm would ship a
//! second JSON writer, and its escaping and number formatting, in every download.)

use js_sys::JSON;
use wasm_bindgen::JsValue;

use super::convert::Packed;
use super::error::Failure;
use super::runtime;
use crate::protocol::outgoing::{OutgoingPart, SkillData};
use crate::protocol::request::{self, MessageIds, SendRequest, TaskRequest};
use crate::protocol::wire::RequestId;
use crate::protocol::{Error, ErrorKind};

fn id_value(id: &RequestId) -> JsValue {
    match id {
        RequestId::String(s) => JsValue::from_str(s),
        RequestId::Number(n) => n.as_f64().map_or(JsValue::NULL, JsValue::from_f64),
    }
}

/// `message/send` as an object; `own_parts`, when given, replaces `params.message.parts` as it is
/// (a caller's array, checked by the core, never copied through Rust).
pub fn send_request(req: &SendRequest, own_parts: Option<&JsValue>) -> JsValue {
    let message = &req.params.message;
    let mut strings = Packed::default();
    strings.push(&message.message_id);
    strings.push(&message.metadata.skill_id);
    strings.push(message.context_id.as_deref().unwrap_or_default());
    for part in &message.parts {
        match (&part.text, &part.data) {
            (Some(text), _) => {
                strings.push("text");
                strings.push(text);
            }
            (None, Some(SkillData::Id { id })) => {
                strings.push("id");
                strings.push(id);
            }
            (None, Some(SkillData::Date { date })) => {
                strings.push("date");
                strings.push(date);
            }
            (None, None) => {}
        }
    }
    runtime::send_request(
        &id_value(&req.id),
        &strings.strings,
        &strings.ends,
        message.context_id.is_some(),
        own_parts.unwrap_or(&JsValue::UNDEFINED),
    )
}

/// `message/send` to `skill_id` as an object, and its id: with `parts` when the core built them
/// (see `parts_for`), else with the caller's own checked array `input`, handed over as it is.
///
/// # Errors
/// `invalid_input` from [`request::message_send`] (an empty skill id, message id or context id).
pub fn message_send_object(
    skill_id: &str,
    parts: Option<Vec<OutgoingPart>>,
    input: &JsValue,
    ids: MessageIds,
) -> Result<(JsValue, RequestId), Error> {
    let own_parts = parts.is_none().then_some(input);
    // The placeholder is only checked by message_send, then replaced by the caller's parts.
    let parts = parts.unwrap_or_else(|| vec![OutgoingPart::text("-")]);
    let req = request::message_send(skill_id, parts, ids)?;
    Ok((send_request(&req, own_parts), req.id))
}

/// `tasks/get` or `tasks/cancel` as an object.
pub fn task_request(req: &TaskRequest) -> JsValue {
    runtime::task_request(&id_value(&req.id), req.method, &req.params.id)
}

/// The JSON text of a request object.
pub fn json_text(request: &JsValue) -> Result<JsValue, Failure> {
    JSON::stringify(request).map(Into::into).map_err(|e| {
        Failure::caused(
            ErrorKind::InvalidInput,
            "the request cannot be serialised",
            e,
        )
    })
}
