//! Bindings to `runtime.js` and to the few globals the SDK uses. `fetch` is looked up on
//! `globalThis`, never through `window`, so the same build runs in pages, workers, workerd and Node.

use js_sys::{Array, Function, Promise};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/web/runtime.js")]
extern "C" {
    /// `new MagisteriumError(message, { kind, code, status, retryAfterMs, data, taskId, cause })`.
    #[wasm_bindgen(js_name = makeError)]
    #[allow(clippy::too_many_arguments)]
    pub fn make_error(
        message: &str,
        kind: &str,
        code: Option<f64>,
        status: Option<u16>,
        retry_after_ms: Option<f64>,
        data: &JsValue,
        task_id: Option<String>,
        cause: &JsValue,
    ) -> JsValue;

    /// True for a `MagisteriumError` of any copy of this package.
    #[wasm_bindgen(js_name = isMagisteriumError)]
    pub fn is_magisterium_error(value: &JsValue) -> bool;

    /// `JSON.parse`, or `undefined` for text that is not JSON.
    #[wasm_bindgen(js_name = parseJson)]
    pub fn parse_json(text: &JsValue) -> JsValue;

    /// One call, start to end: pacing, token, attempts and retry waits, each decided by `step`
    /// (see `runtime.js`). Resolves with the result, rejects with a `MagisteriumError`.
    #[allow(clippy::too_many_arguments)]
    pub fn call(
        step: &JsValue,
        fetch: &Function,
        urls: &Array,
        method: &JsValue,
        headers: &Array,
        token: &JsValue,
        body: &JsValue,
        timeout_ms: f64,
        signal: Option<&web_sys::AbortSignal>,
        max_bytes: f64,
        paced: bool,
    ) -> Promise;

    /// A verdict of `step`: `{ k, p }`.
    pub fn verdict(k: u32, p: &JsValue) -> JsValue;

    /// The `message/send` request object: `strings` = message id, skill id, context id, then a
    /// kind (`text`, `id`, `date`) and a value per part; `parts`, when not undefined, replaces the
    /// parts.
    #[wasm_bindgen(js_name = sendRequest)]
    pub fn send_request(
        id: &JsValue,
        strings: &str,
        ends: &[u32],
        has_context: bool,
        parts: &JsValue,
    ) -> JsValue;

    /// The `tasks/get` or `tasks/cancel` request object.
    #[wasm_bindgen(js_name = taskRequest)]
    pub fn task_request(id: &JsValue, method: &str, task_id: &str) -> JsValue;

    /// The JSON type code of a value (see `runtime.js`).
    #[wasm_bindgen(js_name = jsonKind)]
    pub fn json_kind(value: &JsValue) -> u32;

    /// Member `key` of a non-array object, else `undefined`.
    pub fn member(value: &JsValue, key: &JsValue) -> JsValue;

    /// The kinds of several members of a non-array object, 3 bits each (see `MemberKinds`).
    #[wasm_bindgen(js_name = memberKinds)]
    pub fn member_kinds(value: &JsValue, keys: &JsValue) -> u32;

    /// Length of an array, -1 for anything else.
    #[wasm_bindgen(js_name = arrayLength)]
    pub fn array_length(value: &JsValue) -> i32;

    /// Item `index` of an array; `undefined` past its end or for anything else.
    pub fn item(value: &JsValue, index: u32) -> JsValue;

    /// `SearchResults` from the task strings and three string nodes per hit (id, url, title).
    #[wasm_bindgen(js_name = searchResults)]
    pub fn search_results(strings: &str, ends: &[u32], hits: Vec<JsValue>) -> JsValue;

    /// `Document` from the task strings, its four metadata strings and the text node.
    #[wasm_bindgen(js_name = documentResult)]
    pub fn document_result(strings: &str, ends: &[u32], text: &JsValue) -> JsValue;

    /// `QaAnswer` from the task strings and the picked nodes.
    #[wasm_bindgen(js_name = qaAnswer)]
    pub fn qa_answer(
        strings: &str,
        ends: &[u32],
        answer: &JsValue,
        citations: Vec<JsValue>,
        related: Vec<JsValue>,
    ) -> JsValue;

    /// `TextResult` from the task strings and the text node.
    #[wasm_bindgen(js_name = textResult)]
    pub fn text_result(strings: &str, ends: &[u32], text: &JsValue) -> JsValue;

    /// `SkillResult` from the task strings and the picked nodes.
    #[wasm_bindgen(js_name = skillResult)]
    pub fn skill_result(
        strings: &str,
        ends: &[u32],
        text: Option<JsValue>,
        data: Vec<JsValue>,
        artifacts: Option<JsValue>,
    ) -> JsValue;

    /// A random UUID v4.
    pub fn uuid() -> String;

    /// An absolute URL, resolved against the page location when relative.
    #[wasm_bindgen(js_name = resolveUrl)]
    pub fn resolve_url(url: &str) -> Option<String>;

    /// `globalThis.fetch`.
    #[wasm_bindgen(js_name = globalFetch)]
    pub fn global_fetch() -> JsValue;

    /// `Math.random()`.
    pub fn random() -> f64;

    /// `Date.now()`.
    pub fn now() -> f64;

    /// `Date.parse(text)` of an HTTP date, or `undefined` when it is not one.
    #[wasm_bindgen(js_name = parseHttpDate)]
    pub fn parse_http_date(text: &str) -> Option<f64>;
}
