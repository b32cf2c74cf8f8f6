//! The document cache, pure: the key a `document_fetch` is kept under, what a found document
//! leaves in the cache, and the answer each later caller gets from it.
//!
//! Documents are public, so one entry serves every caller of every account, and therefore holds
//! nothing of the caller who fetched it: only the document (its text and `{ id, title, author,
//! ref }`), and only under its own id (the id the SDK reads in the answer, not the proxy's reading
//! of the request). Each caller gets a Task of its own around it: its own `contextId` (a fresh one
//! when it sent none, as the service does), a fresh task id, and its own message as `history` when
//! the service's answer carried one. The entry (`entry/forward.rs`) only reads and writes the
//! Cache API.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;

use magisterium_core::ids::{self, Random};
use magisterium_core::results::{decode_skill, SkillAnswer};
use magisterium_core::wire::Message;
use magisterium_core::Skill;

/// Where every key starts. The version segment changes with the entry's format, so an entry
/// written in another format (`v1` kept the first caller's whole Task) is never read as this one.
const KEY_PREFIX: &str = "https://cache.magisterium-a2a.invalid/v2/document_fetch/";

/// A `document_fetch` the cache may answer.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentFetch {
    /// The Cache API key (see [`key`]).
    pub key: String,
    /// The document id asked for, trimmed.
    pub id: String,
    /// The caller's message: its ids go into the caller's Task, and it is that Task's history.
    pub message: Message,
    /// When the call came, in ms since the epoch (the Task's `status.timestamp`).
    pub now_ms: f64,
}

impl DocumentFetch {
    /// The fetch of document `id` (trimmed) by the caller who sent `message` at `now_ms`.
    pub fn new(id: &str, message: Message, now_ms: f64) -> Self {
        Self {
            key: key(id),
            id: id.trim().to_owned(),
            message,
            now_ms,
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

/// A document's `{ id, title, author, ref }`, as the service's data part names them.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Meta {
    id: String,
    title: String,
    author: String,
    #[serde(rename = "ref")]
    reference: String,
}

/// An entry as it is written.
#[derive(Serialize)]
struct Written<'a> {
    document: Meta,
    text: &'a str,
    history: bool,
}

/// An entry as it is read: the text stays the JSON string it was stored as, so it goes into each
/// answer as it is, without being decoded and encoded again.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry<'a> {
    /// The document's metadata.
    document: Meta,
    /// Its text, a JSON string.
    #[serde(borrow)]
    text: &'a RawValue,
    /// The service's Task carried a `history`, so each caller's Task carries one too.
    history: bool,
}

/// The entry to keep for the upstream's `result` (its JSON bytes) to a fetch of `id`: the
/// document the SDK's decoder reads there, when it is a found document whose own id is `id`.
/// `None` for anything else (another document, not found, failed, not a Task).
pub fn entry(result: &[u8], id: &str) -> Option<String> {
    let result: Value = serde_json::from_slice(result).ok()?;
    let Ok(SkillAnswer::Document(Some(document))) = decode_skill(Skill::DocumentFetch, &&result)
    else {
        return None;
    };
    if document.id != id {
        return None;
    }
    let history = result
        .get("history")
        .and_then(Value::as_array)
        .is_some_and(|history| !history.is_empty());
    let text = document.text.text();
    let written = Written {
        document: Meta {
            id: document.id,
            title: document.title,
            author: document.author,
            reference: document.reference,
        },
        text: &text,
        history,
    };
    serde_json::to_string(&written).ok()
}

/// A data part of the rebuilt Task.
#[derive(Serialize)]
struct DataPart<'a> {
    kind: &'static str,
    data: &'a Meta,
}

/// A text part of the rebuilt Task.
#[derive(Serialize)]
struct TextPart<'a> {
    kind: &'static str,
    text: &'a RawValue,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Artifact<'a> {
    artifact_id: String,
    name: &'static str,
    parts: (TextPart<'a>, DataPart<'a>),
}

#[derive(Serialize)]
struct Status {
    state: &'static str,
    timestamp: String,
}

/// The caller's Task, in the service's shape (`completed`, one `document` artifact).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Task<'a> {
    kind: &'static str,
    id: &'a str,
    context_id: &'a str,
    status: Status,
    artifacts: [Artifact<'a>; 1],
    #[serde(skip_serializing_if = "Option::is_none")]
    history: Option<[Message; 1]>,
}

/// The JSON-RPC answer around the Task.
#[derive(Serialize)]
struct Envelope<'a> {
    jsonrpc: &'static str,
    id: &'a Value,
    result: Task<'a>,
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
    let entry: Entry = serde_json::from_str(entry).ok()?;
    if entry.document.id != fetch.id || !entry.text.get().starts_with('"') {
        return None;
    }
    let task_id = ids::uuid_v4(random);
    let context_id = match &fetch.message.context_id {
        Some(id) if !id.is_empty() => id.clone(),
        _ => ids::uuid_v4(random),
    };
    let history = entry.history.then(|| {
        let mut message = fetch.message.clone();
        message.task_id = Some(task_id.clone());
        message.context_id = Some(context_id.clone());
        [message]
    });
    let artifact = Artifact {
        artifact_id: ids::artifact_id(random),
        name: Skill::DocumentFetch.artifact_name(),
        parts: (
            TextPart {
                kind: "text",
                text: entry.text,
            },
            DataPart {
                kind: "data",
                data: &entry.document,
            },
        ),
    };
    let envelope = Envelope {
        jsonrpc: "2.0",
        id: rpc_id,
        result: Task {
            kind: "task",
            id: &task_id,
            context_id: &context_id,
            status: Status {
                state: "completed",
                timestamp: ids::rfc3339(fetch.now_ms),
            },
            artifacts: [artifact],
            history,
        },
    };
    serde_json::to_string(&envelope).ok()
}
