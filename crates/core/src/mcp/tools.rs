//! The tool table and `tools/call` → A2A. One tool per skill, named by the skill's id, in the
//! order of [`Skill::ALL`] (the agent card's), from the data file `tools.json` (name, title, a
//! description a model can act on, `inputSchema` with the one argument, `outputSchema` where the
//! answer is structured, `annotations`). The Worker lists only the skills it allows.

use std::sync::OnceLock;

use serde_json::{json, Map, Value};

use crate::request::{skill_parts, SkillArg, When};
use crate::serve::params::{RpcFailure, MAX_TEXT_CHARS};
use crate::Skill;

/// The tool table as written: a JSON array of MCP `Tool`s.
pub const TOOLS_JSON: &str = include_str!("tools.json");

/// The parsed table (an empty list if the file were not an array, which the tests rule out).
pub fn table() -> &'static [Value] {
    static TABLE: OnceLock<Vec<Value>> = OnceLock::new();
    TABLE.get_or_init(|| serde_json::from_str(TOOLS_JSON).unwrap_or_default())
}

/// The `tools/list` result for the `allowed` skills.
pub fn list_result(allowed: &[Skill]) -> Value {
    let tools: Vec<&Value> = table()
        .iter()
        .filter(|t| skill_of(t).is_some_and(|s| allowed.contains(&s)))
        .collect();
    json!({ "tools": tools })
}

fn skill_of(tool: &Value) -> Option<Skill> {
    Skill::from_id(tool.get("name")?.as_str()?)
}

/// The name of a tool's one argument (`question`, `query`, `id`, `date`): the first `required`
/// of its `inputSchema`.
pub fn argument(tool: &Value) -> Option<&str> {
    tool.pointer("/inputSchema/required/0")?.as_str()
}

/// Why a `tools/call` does not go upstream.
#[derive(Debug)]
pub enum Refused {
    /// Protocol misuse, a JSON-RPC error (-32602): `Unknown tool: <name>` for a tool not listed,
    /// `Invalid arguments: …` when the argument is missing, not a string, blank or too long.
    Protocol(RpcFailure),
    /// An input the model can correct, a tool result with `isError` (an impossible date).
    Tool(String),
}

/// The `message/send` params for a `tools/call` of `name` with `arguments`, among the `allowed`
/// skills: the same message the SDK's skill methods send ([`skill_parts`]: one text part, a data
/// part `{ id }` for `document_fetch`, `{ date }` for an ISO date to `saints_of_the_day`;
/// `metadata.skillId`), with `message_id`. Also the skill and the input.
///
/// # Errors
/// [`Refused`], before any upstream call.
pub fn call_params(
    name: &str,
    arguments: &Map<String, Value>,
    allowed: &[Skill],
    message_id: &str,
) -> Result<(Skill, String, Value), Refused> {
    let unknown = || Refused::Protocol(RpcFailure::new(-32602, format!("Unknown tool: {name}")));
    let skill = Skill::from_id(name)
        .filter(|s| allowed.contains(s))
        .ok_or_else(unknown)?;
    let tool = table()
        .iter()
        .find(|t| skill_of(t) == Some(skill))
        .ok_or_else(unknown)?;
    let key = argument(tool).unwrap_or("query");
    let bad = |why: &str| {
        Refused::Protocol(RpcFailure::new(
            -32602,
            format!("Invalid arguments: {key} {why}"),
        ))
    };
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
    let arg = if key == "date" {
        SkillArg::When(When::Text(input.to_owned()))
    } else {
        SkillArg::Text(input.to_owned())
    };
    let parts = skill_parts(skill, &arg).map_err(|e| {
        Refused::Tool(format!(
            "Bad date: {}. Give an ISO date (YYYY-MM-DD) or words such as \"today\" or \"next Sunday\".",
            e.message()
        ))
    })?;
    let params = json!({
        "message": {
            "kind": "message",
            "role": "user",
            "messageId": message_id,
            "parts": parts,
            "metadata": { "skillId": skill.id() },
        },
    });
    Ok((skill, input.to_owned(), params))
}
