//! The A2A answer to a tool's `message/send` as MCP's `CallToolResult`: `content` for the model
//! (the answer with its sources listed, search hits as `resource_link`s with a summary, the
//! document's text; its title, author and reference are in `structuredContent`), `structuredContent` matching the tool's `outputSchema`, and `isError` for
//! what a caller can act on (rate limited with the seconds to wait, plan required, credential
//! refused, not found, a failed task). Protocol misuse stays a JSON-RPC error.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use super::modern::complete_members;
use super::{complete, object, string, success, Era};
use crate::serve::http::code;
use crate::serve::written;
use crate::Skill;

/// The MCP answer to a tool call (a JSON-RPC response body), ready to be written. A fetched
/// document's text goes both in `content` and in `structuredContent`: it is held once here and
/// written twice, so a large document is not copied for it.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolAnswer {
    /// Every answer but a found document's.
    Json(Value),
    /// A found document (`document_fetch`): its text in a text block, and with its record (`data`:
    /// `id`, `title`, `author`, `ref`) in `structuredContent`.
    Document {
        /// The JSON-RPC id.
        id: Value,
        /// The document's text.
        text: String,
        /// Its record, without `text`.
        data: Map<String, Value>,
        /// The era the result is written in.
        era: Era,
    },
}

impl ToolAnswer {
    /// The answer as `era` writes it (2026-07-28 adds `resultType` and `_meta` to a result; an
    /// error stays as it is).
    pub fn in_era(self, era: Era) -> Self {
        match self {
            Self::Json(mut body) => {
                if let Some(result) = body.get_mut("result") {
                    *result = complete(result.take(), era);
                }
                Self::Json(body)
            }
            Self::Document { id, text, data, .. } => Self::Document {
                id,
                text,
                data,
                era,
            },
        }
    }

    /// The answer as JSON text, in a string of its exact size.
    pub fn to_json(&self) -> String {
        written::to_string(self)
    }
}

impl Serialize for ToolAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (id, text, data, era) = match self {
            Self::Json(value) => return value.serialize(serializer),
            Self::Document {
                id,
                text,
                data,
                era,
            } => (id, text, data, *era),
        };
        let mut body = serializer.serialize_map(Some(3))?;
        body.serialize_entry("jsonrpc", "2.0")?;
        body.serialize_entry("id", id)?;
        body.serialize_entry("result", &DocumentResult { text, data, era })?;
        body.end()
    }
}

/// A document's `CallToolResult`, written from its one text.
struct DocumentResult<'a> {
    text: &'a str,
    data: &'a Map<String, Value>,
    era: Era,
}

impl Serialize for DocumentResult<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut result = serializer.serialize_map(None)?;
        if self.era == Era::Modern {
            for (key, value) in complete_members() {
                result.serialize_entry(key, &value)?;
            }
        }
        result.serialize_entry("content", &[TextBlock(self.text)])?;
        result.serialize_entry("structuredContent", &Structured(self.data, self.text))?;
        result.end()
    }
}

/// `{ "type": "text", "text": … }`.
struct TextBlock<'a>(&'a str);

impl Serialize for TextBlock<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut block = serializer.serialize_map(Some(2))?;
        block.serialize_entry("type", "text")?;
        block.serialize_entry("text", self.0)?;
        block.end()
    }
}

/// A record with `text` added.
struct Structured<'a>(&'a Map<String, Value>, &'a str);

impl Serialize for Structured<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut record = serializer.serialize_map(Some(self.0.len() + 1))?;
        for (key, value) in self.0 {
            record.serialize_entry(key, value)?;
        }
        record.serialize_entry("text", self.1)?;
        record.end()
    }
}

/// What a task's answer makes: a tool result, or a found document.
enum Made {
    Result(Value),
    Document(String, Map<String, Value>),
}

/// A tool result with `isError`: one text for the model.
pub fn tool_error(text: &str) -> Value {
    object(vec![
        ("content", Value::Array(vec![text_block(text.to_owned())])),
        ("isError", Value::Bool(true)),
    ])
}

/// The MCP answer for the A2A answer `answer` (a JSON-RPC response of the service, the stand-in
/// or the proxy itself) to a call of `skill` with `input`. `retry_after`: the answer's
/// `Retry-After` header (whole seconds), the wait of a refusal. The answer is taken apart, not
/// copied: a document's text moves into the MCP answer.
pub fn tool_answer(
    skill: Skill,
    input: &str,
    mut answer: Value,
    retry_after: Option<&str>,
) -> ToolAnswer {
    let id = answer.get_mut("id").map(Value::take).unwrap_or(Value::Null);
    let Some(error) = answer.get("error") else {
        let result = answer
            .get_mut("result")
            .map(Value::take)
            .unwrap_or(Value::Null);
        return match task_result(skill, input, result) {
            Made::Result(result) => ToolAnswer::Json(success(&id, result)),
            Made::Document(text, data) => ToolAnswer::Document {
                id,
                text,
                data,
                era: Era::Legacy,
            },
        };
    };
    let code = error.get("code").and_then(Value::as_i64).unwrap_or(0);
    let message = error.get("message").and_then(Value::as_str).unwrap_or("");
    let text = match code {
        // Protocol misuse (the proxy's checks, or the service's): a JSON-RPC error.
        code::PARSE_ERROR | code::INVALID_REQUEST | code::METHOD_NOT_FOUND | code::INVALID_PARAMS => {
            return ToolAnswer::Json(super::error_body(&id, code, message));
        }
        code::RATE_LIMITED => {
            // The `Retry-After` the answer carries in seconds (the proxy always sets one), else
            // the error's own, else the service's window.
            let header = retry_after
                .map(str::trim)
                .filter(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_digit()));
            let wait = match (header, error.pointer("/data/retryAfterSeconds")) {
                (Some(h), _) => h.to_owned(),
                (None, Some(Value::Number(n))) => n.to_string(),
                _ => "60".to_owned(),
            };
            format!("Rate limited: {}. Try again in {wait} seconds.", limited_by(skill, error.get("data")))
        }
        code::PLAN_REQUIRED => "Plan required: the Magisterium account behind this server has no A2A access; its owner needs a plan with API access.".to_owned(),
        code::UNAUTHORIZED => "Unauthorized: Magisterium refused this server's credential (missing, wrong or expired token); the server's operator must fix it.".to_owned(),
        _ => format!("Magisterium could not answer ({code}): {message}"),
    };
    ToolAnswer::Json(success(&id, tool_error(&text)))
}

/// Which limit refused a call of `skill`, from the refusal's `data`: the proxy's per-client
/// share or its account's budget (`limit`, with `allowed` calls per `windowSeconds`), else the
/// service's own limits. The pool is the refusal's (`pool`), else the skill's.
fn limited_by(skill: Skill, data: Option<&Value>) -> String {
    let member = |name: &str| data.and_then(|d| d.get(name));
    let qa = match member("pool").and_then(Value::as_str) {
        Some(pool) => pool == "catholic_qa",
        None => skill == Skill::CatholicQa,
    };
    let kind = if qa { "catholic_qa " } else { "" };
    let calls = format!("{kind}calls");
    let allowed = member("allowed").and_then(Value::as_u64);
    let per = match member("windowSeconds").and_then(Value::as_u64) {
        None | Some(60) => "a minute".to_owned(),
        Some(secs) => format!("per {secs} seconds"),
    };
    let share = allowed.map_or_else(
        || format!("its {calls}"),
        |n| format!("{n} {kind}call{} {per}", if n == 1 { "" } else { "s" }),
    );
    match member("limit").and_then(Value::as_str) {
        Some("client") => format!("this server's per-client limit allows each client {share}"),
        Some("account") => {
            format!("this server's Magisterium account has used its budget of {share}, shared by all its clients")
        }
        _ => format!(
            "the service allows {} {calls} a minute",
            if qa { 2 } else { 15 }
        ),
    }
}

/// The `CallToolResult` for a task (or message) `result` of `skill`, or the document it found.
fn task_result(skill: Skill, input: &str, mut result: Value) -> Made {
    let state = result.pointer("/status/state").and_then(Value::as_str);
    let artifact = match result.get("kind").and_then(Value::as_str) {
        Some("message") => Some(result),
        _ if state == Some("failed") => {
            let reason = result.pointer_mut("/status/message").map(Value::take);
            let (reason, _) = parts(reason);
            return Made::Result(tool_error(&format!("The task failed: {}", reason.trim())));
        }
        _ => match result.get_mut("artifacts") {
            Some(Value::Array(list)) => {
                let named = list
                    .iter()
                    .position(|a| {
                        a.get("name").and_then(Value::as_str) == Some(skill.artifact_name())
                    })
                    .unwrap_or(0);
                (named < list.len()).then(|| list.swap_remove(named))
            }
            _ => None,
        },
    };
    let Some(artifact) = artifact else {
        return Made::Result(tool_error("The agent gave no answer"));
    };
    let (text, mut data) = parts(Some(artifact));
    if data.is_empty() && skill.not_found_text() == Some(text.trim()) {
        return Made::Result(tool_error(&not_found(skill, input)));
    }
    let list = |key: &str| data.get(key).cloned().unwrap_or(Value::Array(Vec::new()));
    let (content, structured) = match skill {
        Skill::CatholicQa => {
            let citations = list("citations");
            let related = list("related_questions");
            let mut shown = text.clone();
            for (n, c) in citations.as_array().into_iter().flatten().enumerate() {
                if n == 0 {
                    shown.push_str("\n\nSources:");
                }
                shown.push_str("\n[^");
                shown.push_str(&(n + 1).to_string());
                shown.push(']');
                for key in ["document_title", "document_reference", "source_url"] {
                    if let Some(v) = c.get(key).and_then(Value::as_str) {
                        shown.push(' ');
                        shown.push_str(v);
                    }
                }
            }
            let structured = object(vec![
                ("answer", string(text)),
                ("citations", citations),
                ("relatedQuestions", related),
            ]);
            (vec![text_block(shown)], structured)
        }
        Skill::DocumentSearch => {
            let hits = list("results");
            let rows = hits.as_array().map(Vec::as_slice).unwrap_or_default();
            let mut summary = format!("{} documents found for \"{input}\":", rows.len());
            let mut content = Vec::new();
            for hit in rows {
                let field = |k: &str| match hit.get(k) {
                    Some(Value::String(s)) => s.clone(),
                    Some(other) => other.to_string(),
                    None => String::new(),
                };
                let (id, title) = (field("id"), field("title"));
                for piece in ["\n- ", &title, " (id ", &id, ")"] {
                    summary.push_str(piece);
                }
                content.push(object(vec![
                    ("type", string("resource_link")),
                    ("uri", string(field("url"))),
                    ("name", string(id)),
                    ("title", string(title)),
                ]));
            }
            summary.push_str("\nCall document_fetch with an id for the full text.");
            content.insert(0, text_block(summary));
            (content, object(vec![("results", hits)]))
        }
        Skill::DocumentFetch => {
            if !data.contains_key("id") {
                data.insert("id".into(), string(input));
            }
            data.remove("text");
            return Made::Document(text, data);
        }
        // The readings and the martyrology are text only.
        _ if !skill.is_lookup() => {
            return Made::Result(object(vec![(
                "content",
                Value::Array(vec![text_block(text)]),
            )]))
        }
        // A lookup's record is its data part, always with `id` and `name` (its `outputSchema`).
        _ if data.contains_key("id") && data.contains_key("name") => {
            (vec![text_block(text)], Value::Object(data))
        }
        _ => return Made::Result(tool_error("The agent's answer carries no record")),
    };
    Made::Result(object(vec![
        ("content", Value::Array(content)),
        ("structuredContent", structured),
    ]))
}

fn not_found(skill: Skill, input: &str) -> String {
    let hint = match skill {
        Skill::DocumentFetch => "no document has this id. Use an id that document_search gave",
        Skill::LiturgicalReadings | Skill::SaintsOfTheDay => "bad date, or nothing on it. Give an ISO date (YYYY-MM-DD) or words such as \"today\", \"next Sunday\" or \"March 19\"",
        _ => "nothing matches. Try another name or spelling",
    };
    format!("Not found: \"{input}\": {hint}.")
}

/// The texts (joined by blank lines) and the merged data objects of a part list's owner (an
/// artifact or a message), moved out of it: one text part is not copied.
fn parts(owner: Option<Value>) -> (String, Map<String, Value>) {
    let mut text = String::new();
    let mut data = Map::new();
    let list = match owner {
        Some(Value::Object(mut owner)) => match owner.remove("parts") {
            Some(Value::Array(list)) => list,
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    for part in list {
        let Value::Object(mut part) = part else {
            continue;
        };
        if let Some(Value::String(t)) = part.remove("text") {
            if text.is_empty() {
                text = t;
            } else {
                text.push_str("\n\n");
                text.push_str(&t);
            }
        } else if let Some(Value::Object(d)) = part.remove("data") {
            data.extend(d);
        }
    }
    (text, data)
}

fn text_block(text: String) -> Value {
    object(vec![("type", string("text")), ("text", string(text))])
}
