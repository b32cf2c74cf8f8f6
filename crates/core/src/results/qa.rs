//! The `catholicQa` result ([`QaAnswer`]) and the reader of its citations.

use serde::Serialize;

use super::parts::read_objects;
use crate::decode::{wrong_type, TaskInfo};
use crate::error::Error;
use crate::json_view::{JsonKind, JsonView, Path};

/// `catholicQa` → `QaAnswer`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QaAnswer<N> {
    /// The Markdown answer with `[^n]` footnotes (a string node).
    pub answer: N,
    /// The citations as received (object nodes); footnote n is citation n − 1.
    pub citations: Vec<N>,
    /// Suggested follow-up questions (string nodes).
    pub related_questions: Vec<N>,
    /// The task.
    pub task: TaskInfo,
}

/// The JSON type the contract gives each member of `CITATION_KEYS`, and whether `null` is allowed.
const CITATION_FIELDS: [(JsonKind, bool); 8] = [
    (JsonKind::String, false),
    (JsonKind::String, true),
    (JsonKind::String, true),
    (JsonKind::Number, false),
    (JsonKind::String, true),
    (JsonKind::String, true),
    (JsonKind::String, true),
    (JsonKind::String, false),
];
/// The documented members of a citation, in the order of `CITATION_FIELDS`. The stand-in agent's
/// tests check its citations against the same list.
pub static CITATION_KEYS: [&str; 8] = [
    "cited_text",
    "cited_text_heading",
    "document_title",
    "document_index",
    "document_author",
    "document_year",
    "document_reference",
    "source_url",
];

pub(super) fn read_citations<V: JsonView>(list: &V, at: &Path<'_>) -> Result<Vec<V>, Error> {
    read_objects(list, at, |c, c_at| {
        for (key, (want, nullable)) in CITATION_KEYS.iter().zip(CITATION_FIELDS) {
            let Some(found) = c.field(key).map(|v| v.kind()) else {
                continue;
            };
            if !(found == want || (nullable && found == JsonKind::Null)) {
                let expected = if nullable {
                    format!("{} or null", want.name())
                } else {
                    want.name().to_owned()
                };
                return Err(wrong_type(&c_at.key(key), &expected, found));
            }
            if *key == "document_index" {
                let n = c.field(key).and_then(|v| v.number()).unwrap_or(f64::NAN);
                if !(n.fract() == 0.0 && n >= 0.0) {
                    return Err(Error::invalid_response(format!(
                        "{}: expected a non-negative integer",
                        c_at.key(key)
                    )));
                }
            }
        }
        Ok(c)
    })
}
