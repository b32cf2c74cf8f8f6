//! The document cache, pure: the key a `document_fetch` is kept under, what a found document
//! leaves in the cache, and the answer each later caller gets from it.
//!
//! Documents are public, so one entry serves every caller of every account, and therefore holds
//! nothing of the caller who fetched it: only the document (its text and `{ id, title, author,
//! ref }`), and only under its own id (the id in the answer, not the proxy's reading of the
//! request). Each caller gets a Task of its own around it: its own `contextId` (a fresh one when
//! it sent none, as the service does), a fresh task id, and its own message as `history` when the
//! service's answer carried one (no `status.timestamp`: it is optional, no reader uses it, and
//! writing one costs the proxy's bundle 1.8 KB). The entry (`entry/forward.rs`) only reads and
//! writes the Cache API.
//!
//! Only an answer of the service's own shape is kept (one artifact whose parts are one text part
//! and one data part with the four members as strings): there, every reader (the SDK's decoder,
//! the A2A 1.0 and MCP doors) reads the same document in the answer and in a Task rebuilt from the
//! entry. Anything else passes through uncached. This reads the parsed answer directly rather
//! than through the SDK's decoder, which would add its every skill to the proxy's bundle (a test
//! holds the two readings together: `tests/document_cache.rs`).

use serde_json::{Map, Value};

use magisterium_core::ids::{self, Random};
use magisterium_core::serve::answer::is_json;
use magisterium_core::Skill;

/// Where every key starts. The version segment changes with the entry's format, so an entry
/// written in another format (`v1` kept the first caller's whole Task) is never read as this one.
const KEY_PREFIX: &str = "https://cache.magisterium-a2a.invalid/v2/document_fetch/";

/// The document's members an entry keeps, in the data part's names.
const MEMBERS: [&str; 4] = ["id", "title", "author", "ref"];

/// A `document_fetch` the cache may answer.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentFetch {
    /// The Cache API key (see [`key`]).
    pub key: String,
    /// The document id asked for, trimmed.
    pub id: String,
    /// The caller's message as it sent it: its `contextId` goes into the caller's Task, and it
    /// is that Task's history.
    pub message: Value,
}

impl DocumentFetch {
    /// The fetch of document `id` (trimmed) by the caller who sent `message`.
    pub fn new(id: &str, message: Value) -> Self {
        Self {
            key: key(id),
            id: id.trim().to_owned(),
            message,
        }
    }
}

/// The synthetic GET URL under which document `id` is cached: the format's version, the skill
/// and the trimmed id, percent-encoded byte by byte (so no id can reach another key). Nothing of
/// the caller or its account is in it.
pub fn key(id: &str) -> String {
    let mut key = String::from(KEY_PREFIX);
    for b in id.trim().bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') {
            key.push(char::from(b));
        } else {
            key.push_str(&format!("%{b:02X}"));
        }
    }
    key
}

/// The entry to keep for the upstream's `result` (its JSON bytes) to a fetch of `id`, when it is
/// a completed Task holding document `id` in the service's shape; `None` for anything else
/// (another document, not found, failed, another shape).
///
/// The entry is two lines: a JSON object with the four members and `history` (the service's Task
/// carried one), then the text as a JSON string, so a hit puts the text into its answer as it is.
pub fn entry(result: &[u8], id: &str) -> Option<String> {
    let mut result: Value = serde_json::from_slice(result).ok()?;
    let status = result.pointer("/status/state").and_then(Value::as_str);
    if result.get("kind").and_then(Value::as_str) != Some("task") || status != Some("completed") {
        return None;
    }
    let history = result
        .get("history")
        .and_then(Value::as_array)
        .is_some_and(|history| !history.is_empty());
    let artifacts = result.get_mut("artifacts")?.as_array_mut()?;
    let [artifact] = artifacts.as_mut_slice() else {
        return None;
    };
    let parts = artifact.get_mut("parts")?.as_array_mut()?;
    let [text, data] = parts.as_mut_slice() else {
        return None;
    };
    let mut header = members(part(data, "data")?)?;
    if header.get("id").and_then(Value::as_str) != Some(id) {
        return None;
    }
    header.insert("history".to_owned(), Value::Bool(history));
    let text = part(text, "text").filter(|t| t.is_string())?.take();
    Some(format!("{}\n{text}", Value::Object(header)))
}

/// The four members of a document's data (all strings), or `None`.
fn members(data: &Value) -> Option<Map<String, Value>> {
    let mut kept = Map::new();
    for member in MEMBERS {
        let value = data.get(member).filter(|v| v.is_string())?;
        kept.insert(member.to_owned(), value.clone());
    }
    Some(kept)
}

/// The member of `part` named by its `kind` (`text` or `data`), when `kind` is `kind`.
fn part<'a>(part: &'a mut Value, kind: &str) -> Option<&'a mut Value> {
    if part.get("kind").and_then(Value::as_str) != Some(kind) {
        return None;
    }
    part.get_mut(kind)
}

/// A JSON string.
fn quoted(text: &str) -> Value {
    Value::String(text.to_owned())
}

/// The whole JSON-RPC answer (to request `rpc_id`) that the cache `entry` gives `fetch`'s caller:
/// the document in a Task of the caller's own. `None` when the entry is no entry of this format,
/// or holds another document than the one asked for: the call then goes upstream, as a miss.
pub fn answer(
    entry: &str,
    fetch: &DocumentFetch,
    rpc_id: &Value,
    random: &mut dyn Random,
) -> Option<String> {
    let (header, text) = entry.split_once('\n')?;
    let header: Value = serde_json::from_slice(header.as_bytes()).ok()?;
    let document = members(&header)?;
    let history = header.get("history").and_then(Value::as_bool)?;
    let is_text = text.starts_with('"') && is_json(text.as_bytes());
    if !is_text || document.get("id").and_then(Value::as_str) != Some(fetch.id.as_str()) {
        return None;
    }
    let task_id = ids::uuid_v4(random);
    let context_id = match fetch.message.get("contextId").and_then(Value::as_str) {
        Some(id) if !id.is_empty() => id.to_owned(),
        _ => ids::uuid_v4(random),
    };
    // The caller's own message, with the ids of its Task, as the service's `history` holds it.
    let history = match (history, fetch.message.clone()) {
        (true, Value::Object(mut message)) => {
            message.insert("taskId".to_owned(), quoted(&task_id));
            message.insert("contextId".to_owned(), quoted(&context_id));
            format!(r#","history":[{}]"#, Value::Object(message))
        }
        _ => String::new(),
    };
    Some(format!(
        concat!(
            r#"{{"jsonrpc":"2.0","id":{rpc_id},"result":{{"kind":"task","id":{task},"#,
            r#""contextId":{context},"status":{{"state":"completed"}},"#,
            r#""artifacts":[{{"artifactId":{artifact},"name":{name},"parts":["#,
            r#"{{"kind":"text","text":{text}}},{{"kind":"data","data":{document}}}]}}]"#,
            r#"{history}}}}}"#
        ),
        rpc_id = rpc_id,
        task = quoted(&task_id),
        context = quoted(&context_id),
        artifact = quoted(&ids::artifact_id(random)),
        name = quoted(Skill::DocumentFetch.artifact_name()),
        text = text,
        document = Value::Object(document),
        history = history,
    ))
}
