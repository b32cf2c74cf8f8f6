//! The text results of the readings and saints skills ([`TextResult`]) and of the lookups
//! ([`SkillResult`]).

use serde::{Serialize, Serializer};

use crate::coerce::Text;
use crate::decode::TaskInfo;

/// `liturgicalReadings`, `saintsOfTheDay` → `TextResult`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextResult<N> {
    /// The formatted text (a string node).
    pub text: Text<N>,
    /// The task.
    pub task: TaskInfo<N>,
}

/// The lookup skills → `SkillResult`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SkillResult<N> {
    /// The first text part of the skill's artifact, if any (left out when there is none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<Text<N>>,
    /// The `data` objects of the skill's artifact's data parts.
    pub data: Vec<N>,
    /// All artifacts as received (`None`: the task had none; serialised as `[]`).
    #[serde(serialize_with = "node_or_empty_list")]
    pub artifacts: Option<N>,
    /// The task.
    pub task: TaskInfo<N>,
}

/// `artifacts` of a [`SkillResult`]: the node, or `[]` when the task had none.
fn node_or_empty_list<N: Serialize, S: Serializer>(
    node: &Option<N>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match node {
        Some(node) => node.serialize(serializer),
        None => serializer.collect_seq(std::iter::empty::<N>()),
    }
}
