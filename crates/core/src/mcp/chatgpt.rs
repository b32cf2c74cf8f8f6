//! The answers of ChatGPT's `search` and `fetch` ([`super::tools::CHATGPT_TOOLS`]) in the shape its
//! connectors and deep research read: one text block holding the result as JSON (`search`:
//! `{ results: [{ id, title, url }] }`, ids as strings; `fetch`: `{ id, title, text, url?,
//! metadata }`), and the same object as `structuredContent`. Tool errors (`isError`) and
//! JSON-RPC errors stay as `document_search` and `document_fetch` write them.

use serde_json::{Map, Value};

use super::result::ToolAnswer;
use super::{object, string, success};

/// `answer` (of `document_search` or `document_fetch`) in ChatGPT's shape.
pub fn reshape(answer: ToolAnswer) -> ToolAnswer {
    match answer {
        ToolAnswer::Document {
            id, text, mut data, ..
        } => {
            let mut document = Map::new();
            document.insert("id".into(), data.remove("id").unwrap_or_default());
            let title = data.remove("title").unwrap_or_else(|| string(""));
            document.insert("title".into(), title);
            document.insert("text".into(), Value::String(text));
            if let Some(url) = data.remove("url") {
                document.insert("url".into(), url);
            }
            document.insert("metadata".into(), Value::Object(data));
            ToolAnswer::Json(success(&id, both(Value::Object(document))))
        }
        ToolAnswer::Json(mut body) => {
            let searched = body
                .pointer_mut("/result/structuredContent/results")
                .and_then(Value::as_array_mut)
                .map(std::mem::take);
            if let (Some(hits), Some(result)) = (searched, body.get_mut("result")) {
                let results = hits.into_iter().map(hit).collect();
                *result = both(object(vec![("results", Value::Array(results))]));
            }
            ToolAnswer::Json(body)
        }
    }
}

/// One search hit as ChatGPT reads it: `id` (a string), `title`, `url`.
fn hit(mut found: Value) -> Value {
    let mut take = |key: &str| found.get_mut(key).map(Value::take).unwrap_or_default();
    let id = match take("id") {
        Value::String(id) => id,
        other => other.to_string(),
    };
    let (title, url) = (take("title"), take("url"));
    object(vec![("id", string(id)), ("title", title), ("url", url)])
}

/// A `CallToolResult` carrying `structured` twice: as JSON text for the model, and as
/// `structuredContent`.
fn both(structured: Value) -> Value {
    let block = object(vec![
        ("type", string("text")),
        ("text", string(structured.to_string())),
    ]);
    object(vec![
        ("content", Value::Array(vec![block])),
        ("structuredContent", structured),
    ])
}
