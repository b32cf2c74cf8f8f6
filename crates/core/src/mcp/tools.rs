//! The tool table and `tools/call` → A2A. One tool per skill, named by the skill's id, in the
//! order of [`Skill::ALL`] (the agent card's), from the data file `tools.json` (name, title, a
//! description a model can act on, `inputSchema` with the one argument, `outputSchema` where the
//! answer is structured, `annotations`). The Worker lists only the skills it allows. After them,
//! the two tools ChatGPT's connectors and deep research look for, `search` and `fetch`
//! ([`CHATGPT_TOOLS`]): the same skills as `document_search` and `document_fetch`, answered in the
//! shape those clients read, listed only where the operator asks for them (`MCP_SEARCH_FETCH`).

use std::sync::OnceLock;

use serde_json::{Map, Value};

use super::{object, string};

use crate::serve::params::{RpcFailure, MAX_TEXT_CHARS};
use crate::Skill;

/// The tool table: `tools.json` (a JSON array of MCP `Tool`s), checked and minified by the
/// core's build script.
pub const TOOLS_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/tools.min.json"));

/// The parsed table (an empty list if the file were not an array, which the tests rule out).
pub fn table() -> &'static [Value] {
    static TABLE: OnceLock<Value> = OnceLock::new();
    let table =
        TABLE.get_or_init(|| serde_json::from_slice(TOOLS_JSON.as_bytes()).unwrap_or(Value::Null));
    table.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// ChatGPT's tool names and the skills they call.
pub const CHATGPT_TOOLS: [(&str, Skill); 2] = [
    ("search", Skill::DocumentSearch),
    ("fetch", Skill::DocumentFetch),
];

/// Whether `name` is one of [`CHATGPT_TOOLS`].
pub fn is_chatgpt(name: &str) -> bool {
    CHATGPT_TOOLS.iter().any(|(n, _)| *n == name)
}

/// The `tools/list` result for the `allowed` skills, ChatGPT's two tools among them when
/// `chatgpt`.
pub fn list_result(allowed: &[Skill], chatgpt: bool) -> Value {
    let tools = table()
        .iter()
        .filter(|t| offered(t, allowed, chatgpt).is_some())
        .cloned()
        .collect();
    object(vec![("tools", Value::Array(tools))])
}

/// The skill `tool` calls, when it is offered: its skill allowed, and a ChatGPT tool only when
/// `chatgpt`.
fn offered(tool: &Value, allowed: &[Skill], chatgpt: bool) -> Option<Skill> {
    let name = tool.get("name")?.as_str()?;
    let skill = match CHATGPT_TOOLS.iter().find(|(n, _)| *n == name) {
        Some((_, skill)) if chatgpt => *skill,
        Some(_) => return None,
        None => Skill::from_id(name)?,
    };
    allowed.contains(&skill).then_some(skill)
}

/// The name of a tool's one argument (`question`, `query`, `id`, `date`): the first `required`
/// of its `inputSchema`.
pub fn argument(tool: &Value) -> Option<&str> {
    tool.pointer("/inputSchema/required/0")?.as_str()
}

/// The `message/send` params for a `tools/call` of `name` with `arguments`, among the `allowed`
/// skills: one text part (a data part `{ id }` for `document_fetch`, as the SDK sends it) and
/// `metadata.skillId`, with `message_id`. Also the skill and the input. A date goes as text,
/// which the service reads as an ISO date or as words; one it cannot read gets the skill's "not
/// found" answer, which [`super::result`] turns into a "bad date" tool error.
///
/// # Errors
/// -32602 (protocol misuse, a JSON-RPC error), before any upstream call: `Unknown tool: <name>`
/// for a tool not listed (with ChatGPT's tools when `chatgpt`), `Invalid arguments: …` when the
/// argument is missing, not a string, blank or too long.
pub fn call_params(
    name: &str,
    arguments: &Map<String, Value>,
    (allowed, chatgpt): (&[Skill], bool),
    message_id: &str,
) -> Result<(Skill, String, Value), RpcFailure> {
    let unknown = || RpcFailure::new(-32602, format!("Unknown tool: {name}"));
    let tool = table()
        .iter()
        .find(|t| t.get("name").and_then(Value::as_str) == Some(name))
        .ok_or_else(unknown)?;
    let skill = offered(tool, allowed, chatgpt).ok_or_else(unknown)?;
    let key = argument(tool).unwrap_or("query");
    let bad = |why: &str| RpcFailure::new(-32602, format!("Invalid arguments: {key} {why}"));
    let input = match arguments.get(key) {
        Some(Value::String(s)) => s.trim(),
        Some(_) => return Err(bad("must be a string")),
        None => return Err(bad("is required")),
    };
    if input.is_empty() {
        return Err(bad("must not be blank"));
    }
    if input.chars().count() > MAX_TEXT_CHARS {
        return Err(bad("is longer than 4000 characters"));
    }
    let (kind, value) = if skill == Skill::DocumentFetch {
        ("data", object(vec![("id", string(input))]))
    } else {
        ("text", string(input))
    };
    let part = object(vec![("kind", string(kind)), (kind, value)]);
    let message = object(vec![
        ("kind", string("message")),
        ("role", string("user")),
        ("messageId", string(message_id)),
        ("parts", Value::Array(vec![part])),
        ("metadata", object(vec![("skillId", string(skill.id()))])),
    ]);
    let params = object(vec![("message", message)]);
    Ok((skill, input.to_owned(), params))
}
