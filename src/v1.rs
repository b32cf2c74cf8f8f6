//! The client's A2A 1.0 mode, as values crossing: the request the client built (0.2.6) written in
//! 1.0, and a 1.0 answer written as the 0.2.6 answer the core decodes.
//! The rules are the core's (`protocol::v1::project`, which reads the parsed JavaScript values
//! through the core's JSON view); this file only hands values to the SDK's one serializer.

use wasm_bindgen::JsValue;

use super::node::{to_js, Js};
use magisterium_core::v1::project::{AnswerInLegacy, RequestInV1};
use magisterium_core::v1::Method;
use magisterium_core::Error;

/// The 1.0 request object for a 0.2.6 request object, and its 1.0 method.
///
/// # Errors
/// `invalid_input` when the request is not one 1.0 has, or cannot be written.
pub fn request_in_v1(request: &JsValue) -> Result<(JsValue, Method), Error> {
    let v1 = RequestInV1::new(Js(request.clone()))
        .ok_or_else(|| Error::invalid_input("the request has no A2A 1.0 method"))?;
    let object =
        to_js(&v1).map_err(|_| Error::invalid_input("the request cannot be written in A2A 1.0"))?;
    Ok((object, v1.method))
}

/// A parsed 1.0 answer to `method` as the 0.2.6 answer the decoders read.
///
/// # Errors
/// `invalid_response` when it cannot be written (it never happens: every node is written as it is).
pub fn answer_from_v1(method: Method, answer: Js) -> Result<Js, Error> {
    to_js(&AnswerInLegacy { answer, method })
        .map(Js)
        .map_err(|_| Error::invalid_response("the A2A 1.0 answer cannot be read"))
}
