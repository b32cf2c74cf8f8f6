//! Arguments of the client methods and `buildRequest` (text, dates, `string | Part[]`) read into
//! the core's requests, and requests turned into JavaScript objects by serde.

use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};

use super::node::{to_js, Js};
use magisterium_core::request::{self, MessageIds, SkillArg, When};
use magisterium_core::wire::RequestId;
use magisterium_core::{CivilDate, Error, Skill};

/// A text argument (question, query, name, id): a string.
pub fn text_arg(value: &JsValue, what: &str) -> Result<SkillArg, Error> {
    value
        .as_string()
        .map(SkillArg::Text)
        .ok_or_else(|| Error::invalid_input(format!("{what} must be a string")))
}

/// A date argument: a `Date` (its local calendar day) or a string.
pub fn date_arg(value: &JsValue) -> Result<SkillArg, Error> {
    if let Some(text) = value.as_string() {
        return Ok(SkillArg::When(When::Text(text)));
    }
    if let Some(date) = value.dyn_ref::<js_sys::Date>() {
        let (y, m, d) = (date.get_full_year(), date.get_month() + 1, date.get_date());
        return i32::try_from(y)
            .ok()
            .and_then(|y| CivilDate::new(y, m, d))
            .map(|date| SkillArg::When(When::Date(date)))
            .ok_or_else(|| Error::invalid_input("the Date is invalid"));
    }
    Err(Error::invalid_input("the date must be a Date or a string"))
}

/// The `message/send` request of a skill method as a JavaScript object, and its id.
///
/// # Errors
/// `invalid_input` for a blank argument or an impossible date.
pub fn skill_request(
    skill: Skill,
    arg: &SkillArg,
    ids: MessageIds,
) -> Result<(JsValue, RequestId), Error> {
    skill_message(skill.id(), skill, arg, ids)
}

/// `message/send` to `skill_id` with the parts `skill`'s own method sends for `arg`.
fn skill_message(
    skill_id: &str,
    skill: Skill,
    arg: &SkillArg,
    ids: MessageIds,
) -> Result<(JsValue, RequestId), Error> {
    let parts = request::skill_parts(skill, arg)?;
    message_object(skill_id, Js(object(&parts)?), ids)
}

/// The `message/send` request of `send` and `buildRequest` as a JavaScript object, and its id. A
/// string `input` becomes the parts the skill's own method would send (a question for a skill this
/// version does not know); an array of parts is checked by the core and sent as it is.
///
/// # Errors
/// `invalid_input` for empty input, a bad part or an empty id.
pub fn send_request(
    skill_id: &str,
    input: &JsValue,
    ids: MessageIds,
) -> Result<(JsValue, RequestId), Error> {
    if let Some(text) = input.as_string() {
        let (skill, arg) = match Skill::from_id(skill_id) {
            Some(skill @ (Skill::LiturgicalReadings | Skill::SaintsOfTheDay)) => {
                (skill, SkillArg::When(When::Text(text)))
            }
            Some(skill) => (skill, SkillArg::Text(text)),
            None => (Skill::CatholicQa, SkillArg::Text(text)),
        };
        return skill_message(skill_id, skill, &arg, ids);
    }
    let parts = Js(input.clone());
    request::validate_parts(&parts)?;
    message_object(skill_id, parts, ids)
}

/// `message/send` with `parts` (the core's own parts already serialised, or a caller's checked
/// array): every request of the browser build goes through this one serialisation.
fn message_object(
    skill_id: &str,
    parts: Js,
    ids: MessageIds,
) -> Result<(JsValue, RequestId), Error> {
    let req = request::message_send_with(skill_id, parts, ids)?;
    Ok((object(&req)?, req.id))
}

/// A request as a JavaScript object.
///
/// # Errors
/// `invalid_input` for a request serde-wasm-bindgen cannot express (it never happens for the
/// core's requests: strings and safe integers).
pub fn object<T: Serialize>(request: &T) -> Result<JsValue, Error> {
    to_js(request).map_err(|_| Error::invalid_input("the request cannot be built"))
}

/// The JSON text of a request object.
///
/// # Errors
/// `invalid_input` when `JSON.stringify` throws (a caller's part holding a `BigInt` or a cycle).
pub fn json_of(request: &JsValue) -> Result<JsValue, Error> {
    js_sys::JSON::stringify(request)
        .map(Into::into)
        .map_err(|_| Error::invalid_input("the request cannot be serialised as JSON"))
}
