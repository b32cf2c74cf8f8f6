//! The `catholicQa` result ([`QaAnswer`]) and the reader of its citations.

use serde::Serialize;

use super::parts::objects;
use super::patched::{member_changes, Member, Patched};
use crate::coerce::Text;
use crate::decode::TaskInfo;
use crate::json_view::{JsonKind, JsonView};

/// `catholicQa` → `QaAnswer`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", bound(serialize = "N: JsonView + Serialize"))]
pub struct QaAnswer<N> {
    /// The Markdown answer with `[^n]` footnotes (a string node).
    pub answer: Text<N>,
    /// The citations; footnote n is citation n − 1.
    pub citations: Vec<Citation<N>>,
    /// Suggested follow-up questions.
    pub related_questions: Vec<Text<N>>,
    /// The task.
    pub task: TaskInfo<N>,
}

/// One citation: the object as received when its documented members have their documented types,
/// else a copy with those that differ coerced (`coerce::TABLE`) or left out.
pub type Citation<N> = Patched<N>;

/// The documented members of a citation: the JSON type the contract gives each, and whether
/// `null` is allowed. The stand-in agent's tests check its citations against the same list.
pub static CITATION_MEMBERS: [Member; 8] = [
    ("cited_text", JsonKind::String, false),
    ("cited_text_heading", JsonKind::String, true),
    ("document_title", JsonKind::String, true),
    ("document_index", JsonKind::Number, false),
    ("document_author", JsonKind::String, true),
    ("document_year", JsonKind::String, true),
    ("document_reference", JsonKind::String, true),
    ("source_url", JsonKind::String, false),
];

/// Appends to `out` the object items of `list`, each with the changes its documented members
/// need.
pub(super) fn read_citations<V: JsonView>(list: &V, out: &mut Vec<Citation<V>>) {
    for node in objects(list) {
        let changes = member_changes(&node, &CITATION_MEMBERS);
        out.push(Patched { node, changes });
    }
}
