//! The text results of the readings and saints skills ([`TextResult`]) and of the lookups
//! ([`SkillResult`]).

use serde::Serialize;

use super::artifacts::Artifact;
use crate::coerce::Text;
use crate::decode::TaskInfo;
use crate::json_view::JsonView;

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
#[serde(bound(serialize = "N: JsonView + Serialize"))]
pub struct SkillResult<N> {
    /// The first text part of the skill's artifact, if any (left out when there is none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<Text<N>>,
    /// The `data` objects of the skill's artifact's data parts.
    pub data: Vec<N>,
    /// The artifacts, typed (`artifacts.rs`): as received where they fit, else read tolerantly.
    pub artifacts: Vec<Artifact<N>>,
    /// The task.
    pub task: TaskInfo<N>,
}
