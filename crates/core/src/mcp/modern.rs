//! What 2026-07-28 adds to results: `resultType` (`"complete"`: this endpoint never asks a client
//! for input), the server's identity in `_meta` (`io.modelcontextprotocol/serverInfo`), caching
//! hints (`ttlMs`, `cacheScope`) on `tools/list` and `server/discover`, and `server/discover`
//! itself. The handshake era's results stay as those revisions write them.

use serde_json::{Map, Value};

use super::{object, server, server_field, string, tools, Era, VERSIONS};
use crate::Skill;

/// The `_meta` key of the server's identity in a result.
pub const META_SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

/// `result` as `era` writes it: in 2026-07-28 with `resultType: "complete"` and `_meta`
/// `serverInfo` (a `result` that is not an object is left as it is).
pub fn complete(mut result: Value, era: Era) -> Value {
    if let (Era::Modern, Some(members)) = (era, result.as_object_mut()) {
        for (key, value) in complete_members() {
            members.insert(key.into(), value);
        }
    }
    result
}

/// The members 2026-07-28 adds to every result: `resultType` and `_meta`.
pub fn complete_members() -> [(&'static str, Value); 2] {
    let mut meta = Map::new();
    meta.insert(META_SERVER_INFO.into(), server_field("serverInfo"));
    [
        ("resultType", string("complete")),
        ("_meta", Value::Object(meta)),
    ]
}

/// `server.json`'s caching hints (`ttlMs`, `cacheScope`): the tool list is the deployment's, the
/// same for every caller, and changes only when it is redeployed.
fn cached(mut result: Value) -> Value {
    let hints = server().get("cache").and_then(Value::as_object);
    if let (Some(hints), Some(members)) = (hints, result.as_object_mut()) {
        for (key, value) in hints {
            members.insert(key.clone(), value.clone());
        }
    }
    result
}

/// The `tools/list` result for the `allowed` skills (ChatGPT's two tools among them when
/// `chatgpt`), in the table's (fixed) order; with 2026-07-28's caching hints in that era.
pub fn list_result(allowed: &[Skill], chatgpt: bool, era: Era) -> Value {
    let list = tools::list_result(allowed, chatgpt);
    match era {
        Era::Legacy => list,
        Era::Modern => complete(cached(list), era),
    }
}

/// The `server/discover` result: every revision spoken here (newest first), the one capability,
/// the instructions, the caching hints, and who answers.
pub fn discover_result() -> Value {
    let versions = VERSIONS.iter().map(|v| string(*v)).collect();
    let result = object(vec![
        ("supportedVersions", Value::Array(versions)),
        ("capabilities", server_field("capabilities")),
        ("instructions", server_field("instructions")),
    ]);
    complete(cached(result), Era::Modern)
}
