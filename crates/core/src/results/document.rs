//! The `documentFetch` result ([`Document`]) and the reader of its id.

use serde::Serialize;

use crate::decode::{self, wrong_type, TaskInfo};
use crate::error::Error;
use crate::json_view::{JsonKind, JsonView, Path};

/// `documentFetch` → `Document`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Document<N> {
    /// The document id.
    pub id: String,
    /// The title.
    pub title: String,
    /// The author.
    pub author: String,
    /// The reference (`ref` on the wire).
    #[serde(rename = "ref")]
    pub reference: String,
    /// The full text (a string node, possibly megabytes).
    pub text: N,
    /// The task.
    pub task: TaskInfo,
}

/// A string id, or an integer id turned into its decimal string.
pub(super) fn id_string<V: JsonView>(obj: &V, key: &str, at: &Path<'_>) -> Result<String, Error> {
    let v = obj
        .field(key)
        .ok_or_else(|| Error::invalid_response(format!("{}: missing", at.key(key))))?;
    match v.kind() {
        JsonKind::Number => Ok(decode::integer(&v, &at.key(key))?.to_string()),
        _ => v
            .string()
            .map(|s| s.into_owned())
            .ok_or_else(|| wrong_type(&at.key(key), "string", v.kind())),
    }
}
