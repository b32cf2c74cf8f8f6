//! The `magisterium-a2a/differences` entry: `responseDifferences(skillId, body)`, how an answer
//! differs from the documentation (the core's `results::response_differences`). Its own wasm, like
//! the calendar's, so the client's download does not carry a walk only `npx magisterium-a2a check`
//! and tools like it need. The body is parsed here (serde_json): a check reads a dozen answers.
#![cfg(target_arch = "wasm32")]

use magisterium_core::results::response_differences;
use magisterium_platform::error_class::magisterium_error;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** One way a kept answer differs from the documentation ({@link responseDifferences}).
 *  `kind`: `"coerced"`, the tolerant reader read a member that differs (a row of the coercion
 *  table of docs/client.md); `"unknown"`, a member the documentation does not list (kept in
 *  `task.raw`); `"missing"`, a documented member that is absent. `path` is a JavaScript accessor
 *  of the response (`result.artifacts[0].parts[1].data.citations[0].document_year`); `detail` says
 *  what arrived and what the typed result holds instead. */
export interface Difference { path: string; kind: "coerced" | "unknown" | "missing"; detail: string }
"#;

#[wasm_bindgen]
extern "C" {
    /// The TypeScript `Difference[]`.
    #[wasm_bindgen(typescript_type = "Difference[]")]
    pub type DifferencesJs;
}

/// How a response body of a `message/send` to `skillId` differs from the documentation, read as
/// `decodeResponse` reads it: each coercion the tolerant reader made, each member the
/// documentation does not list and each documented member that is missing, with its path. An
/// empty list is an answer exactly as documented.
///
/// # Errors
/// Throws a `MagisteriumError` of the kind `decodeResponse` gives for a body it rejects.
#[wasm_bindgen(js_name = responseDifferences)]
pub fn response_differences_js(
    #[wasm_bindgen(js_name = skillId)] skill_id: &str,
    body: &str,
) -> Result<DifferencesJs, JsValue> {
    let parsed: Option<serde_json::Value> = serde_json::from_str(body).ok();
    match response_differences(skill_id, parsed.as_ref()) {
        Ok(differences) => Ok(to_js(&differences).into()),
        Err(error) => {
            #[derive(Serialize)]
            #[serde(rename_all = "camelCase")]
            struct Init<'a> {
                kind: &'a str,
                #[serde(skip_serializing_if = "Option::is_none")]
                code: Option<i64>,
                #[serde(skip_serializing_if = "Option::is_none")]
                task_id: Option<&'a str>,
            }
            let init = to_js(&Init {
                kind: error.kind().as_str(),
                code: error.code(),
                task_id: error.task_id(),
            });
            Err(magisterium_error(error.message(), &init))
        }
    }
}

fn to_js(value: &impl Serialize) -> JsValue {
    // Strings and lists of them: serialisation cannot fail.
    magisterium_platform::to_js(value).unwrap_or(JsValue::NULL)
}
