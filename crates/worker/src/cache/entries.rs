//! What an answer leaves in the cache, and the answer each later caller gets from it.
//!
//! An entry is two lines: a JSON header (`skill`, `subject`, `at`: when it was stored, `history`:
//! the service's Task carried one), then the artifacts as a JSON array, each with its `name` and
//! `parts` only (no `artifactId`, nothing of the caller, its Task or its account). A hit builds a
//! Task of the caller's own around them: its own `contextId` (a fresh one when it sent none, as
//! the service does), a fresh task id and artifact ids, its own message as `history` when the
//! service's answer carried one (no `status.timestamp`: it is optional and no reader uses it),
//! and `metadata.cache` (`"hit"` or `"stale"`).
//!
//! Only a completed Task that carries what its skill promises is kept ([`promised`]). This reads
//! the parsed answer directly rather than through the SDK's decoder, which would add its every
//! skill to the proxy's bundle (tests hold the two readings together).

use serde_json::{json, Value};

use super::{Cached, Mark};
use magisterium_core::ids::{self, Random};
use magisterium_core::Skill;

/// The document's members a `document_fetch` answer must carry, all strings.
const DOCUMENT: [&str; 4] = ["id", "title", "author", "ref"];

/// The entry to keep for the upstream's `result` (its JSON bytes) to the call `cached`, stored at
/// `now_ms`; `None` unless it is a completed Task that carries what the skill promises.
pub fn entry(result: &[u8], cached: &Cached, now_ms: f64) -> Option<String> {
    let result: Value = serde_json::from_slice(result).ok()?;
    let status = result.pointer("/status/state").and_then(Value::as_str);
    if result.get("kind").and_then(Value::as_str) != Some("task") || status != Some("completed") {
        return None;
    }
    let artifacts = result.get("artifacts")?.as_array()?;
    if !promised(cached.rule.skill, artifacts, &cached.subject) {
        return None;
    }
    let kept: Vec<Value> = artifacts
        .iter()
        .map(|a| json!({ "name": a.get("name"), "parts": a.get("parts") }))
        .collect();
    let history = result
        .get("history")
        .and_then(Value::as_array)
        .is_some_and(|history| !history.is_empty());
    let header = json!({
        "skill": cached.rule.skill.id(),
        "subject": cached.subject,
        "at": now_ms,
        "history": history,
    });
    Some(format!("{header}\n{}", Value::Array(kept)))
}

/// When the entry was stored (Unix ms), if it is an entry of this format.
pub fn stored_at(entry: &str) -> Option<f64> {
    let (header, _) = entry.split_once('\n')?;
    let header: Value = serde_json::from_str(header).ok()?;
    header.get("at")?.as_f64()
}

/// True when `artifacts` carry what `skill` promises (the contract's shapes): never a not-found
/// text, an empty search, or a document other than `subject`.
pub fn promised(skill: Skill, artifacts: &[Value], subject: &str) -> bool {
    let Some(first) = artifacts.first() else {
        return false;
    };
    if first.get("name").and_then(Value::as_str) != Some(skill.artifact_name()) {
        return false;
    }
    let Some(parts) = first.get("parts").and_then(Value::as_array) else {
        return false;
    };
    let texts: Vec<&str> = parts
        .iter()
        .filter_map(|p| part(p, "text")?.as_str())
        .collect();
    let datas: Vec<&Value> = parts.iter().filter_map(|p| part(p, "data")).collect();
    let not_found = skill
        .not_found_text()
        .is_some_and(|nf| texts.iter().any(|t| t.trim() == nf));
    if not_found || parts.is_empty() || texts.iter().any(|t| t.trim().is_empty()) {
        return false;
    }
    let string = |data: &Value, member: &str| data.get(member).is_some_and(Value::is_string);
    match skill {
        // The service's own shape: one artifact, its text then its data, the four members as
        // strings, the id asked for.
        Skill::DocumentFetch => {
            let [text, data] = parts.as_slice() else {
                return false;
            };
            artifacts.len() == 1
                && part(text, "text").is_some_and(Value::is_string)
                && part(data, "data").is_some_and(|d| {
                    DOCUMENT.iter().all(|m| string(d, m))
                        && d.get("id").and_then(Value::as_str) == Some(subject)
                })
        }
        Skill::LiturgicalReadings | Skill::SaintsOfTheDay => parts.len() == 1 && texts.len() == 1,
        Skill::DocumentSearch => datas.iter().any(|d| {
            d.get("results")
                .and_then(Value::as_array)
                .is_some_and(|r| !r.is_empty())
        }),
        Skill::CatholicQa => !texts.is_empty(),
        _ => !texts.is_empty() && datas.iter().any(|d| string(d, "id") && string(d, "name")),
    }
}

/// The member of `part` named by its `kind` (`text` or `data`), when `kind` is `kind`.
fn part<'a>(part: &'a Value, kind: &str) -> Option<&'a Value> {
    if part.get("kind").and_then(Value::as_str) != Some(kind) {
        return None;
    }
    part.get(kind)
}

/// The whole JSON-RPC answer (to request `rpc_id`) that the cache `entry` gives `cached`'s
/// caller, marked `mark`: the kept artifacts in a Task of the caller's own. `None` when the entry
/// is no entry of this format, or of another skill or subject: the call then goes upstream.
pub fn answer(
    entry: &str,
    cached: &Cached,
    rpc_id: &Value,
    random: &mut dyn Random,
    mark: Mark,
) -> Option<String> {
    let (header, artifacts) = entry.split_once('\n')?;
    let header: Value = serde_json::from_str(header).ok()?;
    let ours = header.get("skill").and_then(Value::as_str) == Some(cached.rule.skill.id())
        && header.get("subject").and_then(Value::as_str) == Some(cached.subject.as_str());
    let history = header.get("history").and_then(Value::as_bool)?;
    let Value::Array(mut artifacts) = serde_json::from_str(artifacts).ok()? else {
        return None;
    };
    if !ours || !promised(cached.rule.skill, &artifacts, &cached.subject) {
        return None;
    }
    for artifact in &mut artifacts {
        let kept = artifact.as_object_mut()?;
        kept.insert("artifactId".into(), Value::String(ids::artifact_id(random)));
    }
    let task_id = ids::uuid_v4(random);
    let context_id = match cached.message.get("contextId").and_then(Value::as_str) {
        Some(id) if !id.is_empty() => id.to_owned(),
        _ => ids::uuid_v4(random),
    };
    let mut task = json!({
        "kind": "task",
        "id": task_id,
        "contextId": context_id,
        "status": { "state": "completed" },
        "artifacts": artifacts,
    });
    // The caller's own message, with the ids of its Task, as the service's `history` holds it.
    if let (true, Value::Object(mut message), Some(task)) =
        (history, cached.message.clone(), task.as_object_mut())
    {
        message.insert("taskId".to_owned(), Value::String(task_id));
        message.insert("contextId".to_owned(), Value::String(context_id));
        task.insert("history".into(), json!([message]));
    }
    if let Some(task) = task.as_object_mut() {
        task.insert("metadata".into(), json!({ "cache": mark.as_str() }));
    }
    Some(json!({ "jsonrpc": "2.0", "id": rpc_id, "result": task }).to_string())
}
