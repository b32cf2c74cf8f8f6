//! The `catholicQa` result ([`QaAnswer`]) and the reader of its citations.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::parts::each_object;
use crate::coerce::{self, Text};
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
/// else the same members with those that differ coerced (`coerce::TABLE`) or left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Citation<N> {
    /// The citation object as received.
    pub node: N,
    /// The documented members that differ, and what the typed citation holds instead.
    pub changes: Vec<(&'static str, Change)>,
}

/// What a coerced citation member becomes.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A number's decimal string.
    Text(String),
    /// An integer read from a string.
    Number(f64),
    /// Left out.
    Omit,
}

impl<N: JsonView + Serialize> Serialize for Citation<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.changes.is_empty() {
            return self.node.serialize(serializer);
        }
        let mut map = serializer.serialize_map(None)?;
        for key in self.node.keys() {
            match self.changes.iter().find(|(k, _)| *k == key) {
                Some((_, Change::Text(text))) => map.serialize_entry(&key, text)?,
                // Read from a string of at most 15 digits (`coerce::index`): a whole number below 2^53.
                Some((_, Change::Number(n))) => map.serialize_entry(&key, &(*n as u64))?,
                Some((_, Change::Omit)) => {}
                None => {
                    if let Some(value) = self.node.field(&key) {
                        map.serialize_entry(&key, &value)?;
                    }
                }
            }
        }
        map.end()
    }
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

/// Appends to `out` the object items of `list`, each with the changes its documented members
/// need.
pub(super) fn read_citations<V: JsonView>(list: &V, out: &mut Vec<Citation<V>>) {
    each_object(list, |node| {
        let mut changes = Vec::new();
        for (key, (want, nullable)) in CITATION_KEYS.iter().zip(CITATION_FIELDS) {
            let Some(value) = node.field(key) else {
                continue;
            };
            let found = value.kind();
            let change = if want == JsonKind::Number {
                match coerce::index(&value) {
                    Some(_) if found == JsonKind::Number => continue,
                    Some(n) => Change::Number(n),
                    None => Change::Omit,
                }
            } else if found == want || (nullable && found == JsonKind::Null) {
                continue;
            } else {
                match coerce::text(&value) {
                    Some(Text::Coerced(text)) => Change::Text(text),
                    _ => Change::Omit,
                }
            };
            changes.push((*key, change));
        }
        out.push(Citation { node, changes });
    });
}
