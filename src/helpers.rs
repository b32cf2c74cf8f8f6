//! The sans-IO helpers: build a JSON-RPC request, or read a response body, without fetching.

use js_sys::Reflect;
use wasm_bindgen::prelude::*;

use super::error::{error_js, into_js, invalid_input, Failure};
use super::globals::uuid;
use super::node::{to_js, Js};
use super::options::string_opt;
use super::parts::send_request;
use super::types::{BuildOptionsJs, InputJs, JsonRpcRequestJs, SkillOutputJs};
use magisterium_core::request::MessageIds;
use magisterium_core::results::{decode_other_skill, decode_skill_response, SkillAnswer};
use magisterium_core::wire::RequestId;
use magisterium_core::{decode, JsonView, Skill};

/// The JSON-RPC `message/send` request a client method would send for `skillId` and `input`
/// (a string is encoded the way the skill's own method encodes it; parts are sent as given).
///
/// # Errors
/// Throws `MagisteriumError` with kind `"invalid_input"` for empty input or a bad option.
#[wasm_bindgen(js_name = buildRequest)]
pub fn build_request(
    #[wasm_bindgen(js_name = skillId)] skill_id: &str,
    input: InputJs,
    opts: Option<BuildOptionsJs>,
) -> Result<JsonRpcRequestJs, JsValue> {
    let opts: JsValue = opts.map_or(JsValue::UNDEFINED, Into::into);
    let mut ids = MessageIds::new(String::new());
    if opts.is_object() {
        // Read as a client method's `opts` are, with the same messages.
        let text = |key| string_opt(&opts, key, "opts").map_err(invalid_input);
        ids.message_id = text("messageId")?.unwrap_or_default();
        ids.context_id = text("contextId")?;
        let id = Reflect::get(&opts, &JsValue::from_str("id")).unwrap_or(JsValue::UNDEFINED);
        ids.request_id = if let Some(s) = id.as_string() {
            Some(RequestId::String(s))
        } else if let Some(n) = id.as_f64() {
            // JSON-RPC ids should not be fractional; ids beyond 2^53 would not survive JSON.parse.
            let safe = n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0;
            if !safe {
                return Err(invalid_input("opts.id must be a string or a safe integer"));
            }
            Some(RequestId::Number((n as i64).into()))
        } else if id.is_undefined() {
            None
        } else {
            return Err(invalid_input("opts.id must be a string or a safe integer"));
        };
    } else if !opts.is_undefined() && !opts.is_null() {
        return Err(invalid_input("opts must be an object"));
    }
    if ids.message_id.is_empty() {
        ids.message_id = uuid();
    }
    let (req, _) = send_request(skill_id, &input.into(), ids).map_err(error_js)?;
    Ok(req.into())
}

/// Decodes a response body of a `message/send` to `skillId` into the skill's typed result
/// (`null` for the skill's "not found" answer); a skill this version does not know gives a
/// `SkillResult`. The JSON-RPC id is not checked (the request is not known here).
///
/// The body string stays in JavaScript: it is parsed by the platform's `JSON.parse` and read in
/// place, never copied into wasm memory.
///
/// # Errors
/// Throws `MagisteriumError` exactly like the client would reject.
#[wasm_bindgen(js_name = decodeResponse)]
pub fn decode_response_js(
    #[wasm_bindgen(js_name = skillId)] skill_id: &str,
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<SkillOutputJs, JsValue> {
    decode_parsed(skill_id, Js::parse(&body))
}

/// [`decode_response_js`] for a body held in Rust.
///
/// # Errors
/// As [`decode_response_js`].
pub fn decode_response(skill_id: &str, body: &str) -> Result<SkillOutputJs, JsValue> {
    decode_parsed(skill_id, Js::parse(&JsValue::from_str(body)))
}

fn decode_parsed(skill_id: &str, parsed: Option<Js>) -> Result<SkillOutputJs, JsValue> {
    let data = parsed
        .as_ref()
        .and_then(|b| b.field("error"))
        .and_then(|e| e.field("data"));
    let answer = match Skill::from_id(skill_id) {
        Some(skill) => decode_skill_response(skill, parsed, 200, None),
        None => decode::read_envelope(parsed, 200, None)
            .and_then(|result| decode_other_skill(&format!("{skill_id}_result"), &result))
            .map(SkillAnswer::Lookup),
    };
    let answer = answer.map_err(|error| {
        into_js(Failure {
            error,
            data,
            cause: None,
            ignored: None,
        })
    })?;
    to_js(&answer)
        .map(Into::into)
        .map_err(|_| super::calls::unbuildable())
}
