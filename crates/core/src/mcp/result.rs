//! The A2A answer to a tool's `message/send` as MCP's `CallToolResult`: `content` for the model
//! (the answer with its sources listed, search hits as `resource_link`s with a summary, the
//! document's text), `structuredContent` matching the tool's `outputSchema`, and `isError` for
//! what a caller can act on (rate limited with the seconds to wait, plan required, credential
//! refused, not found, a failed task). Protocol misuse stays a JSON-RPC error.

use serde_json::{json, Map, Value};

use super::success;
use crate::serve::http::code;
use crate::Skill;

/// A tool result with `isError`: one text for the model.
pub fn tool_error(text: &str) -> Value {
    json!({ "content": [{ "type": "text", "text": text }], "isError": true })
}

/// The MCP answer (a JSON-RPC response body) for the A2A answer `answer` (a JSON-RPC response of
/// the service, the stand-in or the proxy itself) to a call of `skill` with `input`.
/// `retry_after`: the answer's `Retry-After` header, for a refusal whose data has no wait.
pub fn tool_answer(skill: Skill, input: &str, answer: &Value, retry_after: Option<&str>) -> Value {
    let id = answer.get("id").cloned().unwrap_or(Value::Null);
    if let Some(error) = answer.get("error") {
        let code = error.get("code").and_then(Value::as_i64).unwrap_or(0);
        let message = error.get("message").and_then(Value::as_str).unwrap_or("");
        if matches!(
            code,
            code::PARSE_ERROR
                | code::INVALID_REQUEST
                | code::METHOD_NOT_FOUND
                | code::INVALID_PARAMS
        ) {
            let error = json!({ "code": code, "message": message });
            return json!({ "jsonrpc": "2.0", "id": id, "error": error });
        }
        return success(
            &id,
            tool_error(&refusal(skill, code, message, error, retry_after)),
        );
    }
    let result = answer.get("result").unwrap_or(&Value::Null);
    success(&id, task_result(skill, input, result))
}

fn refusal(
    skill: Skill,
    code: i64,
    message: &str,
    error: &Value,
    retry_after: Option<&str>,
) -> String {
    match code {
        code::RATE_LIMITED => {
            let wait = error
                .pointer("/data/retryAfterSeconds")
                .and_then(Value::as_u64)
                .map(|s| s.to_string())
                .or_else(|| retry_after.map(|s| s.trim().to_owned()))
                .unwrap_or_else(|| "60".to_owned());
            let pool = if skill == Skill::CatholicQa {
                "2 catholic_qa calls a minute"
            } else {
                "15 calls a minute"
            };
            format!("Rate limited: the service allows {pool}. Try again in {wait} seconds.")
        }
        code::PLAN_REQUIRED => "Plan required: the Magisterium account behind this server has no A2A access; its owner needs a plan with API access.".to_owned(),
        code::UNAUTHORIZED => "Unauthorized: Magisterium refused this server's credential (missing, wrong or expired token); the server's operator must fix it.".to_owned(),
        _ => format!("Magisterium could not answer ({code}): {message}"),
    }
}

/// The `CallToolResult` for a task (or message) `result` of `skill`.
fn task_result(skill: Skill, input: &str, result: &Value) -> Value {
    let state = result.pointer("/status/state").and_then(Value::as_str);
    if result.get("kind").and_then(Value::as_str) == Some("message") {
        let (texts, _) = parts(result);
        return text_result(texts.join("\n\n"));
    }
    if state == Some("failed") {
        let (reason, _) = parts(result.pointer("/status/message").unwrap_or(&Value::Null));
        let reason = reason.join(" ");
        return tool_error(&format!("The task failed: {}", reason.trim()));
    }
    let artifacts = result.get("artifacts").and_then(Value::as_array);
    let artifact = artifacts.and_then(|list| {
        list.iter()
            .find(|a| a.get("name").and_then(Value::as_str) == Some(skill.artifact_name()))
            .or_else(|| list.first())
    });
    let Some(artifact) = artifact else {
        return tool_error(&format!(
            "The agent gave no answer (task {})",
            state.unwrap_or("without a state")
        ));
    };
    let (texts, data) = parts(artifact);
    let text = texts.join("\n\n");
    if data.is_empty() && skill.not_found_text() == Some(text.trim()) {
        return tool_error(&not_found(skill, input));
    }
    let list = |key: &str| data.get(key).cloned().unwrap_or_else(|| json!([]));
    match skill {
        Skill::CatholicQa => {
            let citations = list("citations");
            let mut shown = text.clone();
            if let Some(cited) = citations.as_array().filter(|c| !c.is_empty()) {
                shown.push_str("\n\nSources:");
                for (n, c) in cited.iter().enumerate() {
                    let field = |k: &str| c.get(k).and_then(Value::as_str).unwrap_or("");
                    shown.push_str(&format!("\n[^{}] {}", n + 1, field("document_title")));
                    for extra in [field("document_reference"), field("source_url")] {
                        if !extra.is_empty() {
                            shown.push_str(" · ");
                            shown.push_str(extra);
                        }
                    }
                }
            }
            let structured = json!({
                "answer": text,
                "citations": citations,
                "relatedQuestions": list("related_questions"),
            });
            structured_result(vec![text_block(shown)], structured)
        }
        Skill::DocumentSearch => {
            let hits = list("results");
            let hits = hits.as_array().map(Vec::as_slice).unwrap_or_default();
            let mut summary = format!("{} documents found for \"{input}\"", hits.len());
            let mut content = Vec::new();
            for hit in hits {
                let field = |k: &str| match hit.get(k) {
                    Some(Value::String(s)) => s.clone(),
                    Some(Value::Number(n)) => n.to_string(),
                    _ => String::new(),
                };
                summary.push_str(&format!("\n- {} (id {})", field("title"), field("id")));
                content.push(json!({
                    "type": "resource_link",
                    "uri": field("url"),
                    "name": field("id"),
                    "title": field("title"),
                    "description": "A document: call document_fetch with this id for its text.",
                }));
            }
            summary.push_str("\nCall document_fetch with an id for the full text.");
            content.insert(0, text_block(summary));
            structured_result(content, json!({ "results": hits }))
        }
        Skill::DocumentFetch => {
            let mut doc = data;
            doc.entry("id")
                .or_insert_with(|| Value::String(input.to_owned()));
            doc.insert("text".into(), Value::String(text.clone()));
            let field = |k: &str| doc.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
            let shown = format!(
                "# {}\n{} · {}\n\n{text}",
                field("title"),
                field("author"),
                field("ref")
            );
            structured_result(vec![text_block(shown)], Value::Object(doc))
        }
        Skill::LiturgicalReadings | Skill::SaintsOfTheDay => text_result(text),
        _ if data.is_empty() => text_result(text),
        _ => structured_result(vec![text_block(text)], Value::Object(data)),
    }
}

fn not_found(skill: Skill, input: &str) -> String {
    match skill {
        Skill::DocumentFetch => format!("Not found: no document has the id \"{input}\". Use an id that document_search gave."),
        Skill::LiturgicalReadings | Skill::SaintsOfTheDay => format!(
            "Not found: nothing for the date \"{input}\". Give an ISO date (YYYY-MM-DD) or words such as \"today\", \"next Sunday\" or \"March 19\"."
        ),
        _ => format!("Not found: nothing matches \"{input}\". Try another name or spelling."),
    }
}

/// The texts and the merged data objects of a part list's owner (an artifact or a message).
fn parts(owner: &Value) -> (Vec<&str>, Map<String, Value>) {
    let mut texts = Vec::new();
    let mut data = Map::new();
    for part in owner
        .get("parts")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if let Some(t) = part.get("text").and_then(Value::as_str) {
            texts.push(t);
        } else if let Some(Value::Object(d)) = part.get("data") {
            data.extend(d.clone());
        }
    }
    (texts, data)
}

fn text_block(text: String) -> Value {
    json!({ "type": "text", "text": text })
}

fn text_result(text: String) -> Value {
    json!({ "content": [text_block(text)] })
}

fn structured_result(content: Vec<Value>, structured: Value) -> Value {
    json!({ "content": content, "structuredContent": structured })
}
