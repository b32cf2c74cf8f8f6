//! The client's A2A 1.0 mode, as values crossing: the request the client built (0.2.6) written in
//! 1.0, a 1.0 answer read back as the 0.2.6 answer the core decodes, and the 1.0 interface of a
//! card. The translation is the core's (`protocol::v1`); this file only moves JavaScript values
//! through serde-wasm-bindgen.

use wasm_bindgen::JsValue;

use super::globals::resolve_url;
use super::node::{to_js, Js};
use crate::protocol::v1::card::Interfaces;
use crate::protocol::v1::client::{answer_to_v0, request_to_v1};
use crate::protocol::v1::Method;
use crate::protocol::Error;

/// The 1.0 request object for a 0.2.6 request object, and its 1.0 method.
///
/// # Errors
/// `invalid_input` when the request does not read (a caller's part that is not a 0.2.6 part).
pub fn request_in_v1(request: &JsValue) -> Result<(JsValue, Method), Error> {
    let deserializer = serde_wasm_bindgen::Deserializer::from(request.clone());
    let (v1, method) = request_to_v1(deserializer)?;
    let object =
        to_js(&v1).map_err(|_| Error::invalid_input("the request cannot be written in A2A 1.0"))?;
    Ok((object, method))
}

/// A parsed 1.0 answer to `method` as the 0.2.6 answer the decoders read.
///
/// # Errors
/// `invalid_response` when the body is not a 1.0 answer of that method.
pub fn answer_from_v1(method: Method, body: Js) -> Result<Js, Error> {
    let legacy = answer_to_v0(method, serde_wasm_bindgen::Deserializer::from(body.0))?;
    to_js(&legacy)
        .map(Js)
        .map_err(|_| Error::invalid_response("the A2A 1.0 answer cannot be read"))
}

/// The URL of a card's first JSON-RPC interface speaking 1.0 (resolved against the page, as the
/// endpoint is), if it offers one.
pub fn interface_url(card: &JsValue) -> Option<String> {
    let interfaces: Interfaces = serde_wasm_bindgen::from_value(card.clone()).ok()?;
    resolve_url(&interfaces.json_rpc_v1()?.url)
}
