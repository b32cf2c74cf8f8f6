//! The tool table and `tools/call` → A2A. One tool per skill, named by the skill's id, in the
//! order of [`Skill::ALL`] (the agent card's), from the data file `tools.json` (name, title, a
//! description a model can act on, `inputSchema` with the one argument, `outputSchema` where the
//! answer is structured, `annotations`). The Worker lists only the skills it allows.

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

/// The `tools/list` result for the `allowed` skills.
pub fn list_result(allowed: &[Skill]) -> Value {
    let tools = table()
        .iter()
        .filter(|t| skill_of(t).is_some_and(|s| allowed.contains(&s)))
        .cloned()
        .collect();
    object(vec![("tools", Value::Array(tools))])
}

fn skill_of(tool: &Value) -> Option<Skill> {
    Skill::from_id(tool.get("name")?.as_str()?)
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
/// for a tool not listed, `Invalid arguments: …` when the argument is missing, not a string,
/// blank or too long.
pub fn call_params(
    name: &str,
    arguments: &Map<String, Value>,
    allowed: &[Skill],
    message_id: &str,
) -> Result<(Skill, String, Value), RpcFailure> {
    let unknown = || RpcFailure::new(-32602, format!("Unknown tool: {name}"));
    let skill = Skill::from_id(name)
        .filter(|s| allowed.contains(s))
        .ok_or_else(unknown)?;
    let tool = table()
        .iter()
        .find(|t| skill_of(t) == Some(skill))
        .ok_or_else(unknown)?;
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
