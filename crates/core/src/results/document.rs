//! The `documentFetch` result ([`Document`]).

use serde::Serialize;

use crate::coerce::Text;
use crate::decode::TaskInfo;

/// `documentFetch` → `Document`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Document<N> {
    /// The document id (`""` when the metadata has none).
    pub id: String,
    /// The title (`""` when the metadata has none).
    pub title: String,
    /// The author (`""` when the metadata has none).
    pub author: String,
    /// The reference (`ref` on the wire; `""` when the metadata has none).
    #[serde(rename = "ref")]
    pub reference: String,
    /// The full text (a string node, possibly megabytes).
    pub text: Text<N>,
    /// The task.
    pub task: TaskInfo<N>,
}
