//! The `documentSearch` result ([`SearchResults`]) and the reader of its hits.

use serde::Serialize;

use super::parts::objects;
use crate::coerce::{self, Text};
use crate::decode::TaskInfo;
use crate::json_view::JsonView;

/// One hit of `documentSearch`: the string nodes as received (numbers as their decimal strings).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchHit<N> {
    /// Feed it to `documentFetch`.
    pub id: Text<N>,
    /// The document's page (`""` when the hit has none).
    pub url: Text<N>,
    /// The title (`""` when the hit has none).
    pub title: Text<N>,
}

/// `documentSearch` → `SearchResults`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchResults<N> {
    /// The hits, best first.
    pub results: Vec<SearchHit<N>>,
    /// The task.
    pub task: TaskInfo<N>,
}

/// The hits of the array `list`: object items with an id; a hit without one cannot be fetched
/// and is left out.
pub(super) fn read_hits<V: JsonView>(list: &V) -> Vec<SearchHit<V>> {
    let member = |hit: &V, key: &str| {
        hit.field(key)
            .as_ref()
            .and_then(coerce::text)
            .unwrap_or_else(|| Text::Coerced(String::new()))
    };
    let mut out = Vec::new();
    for hit in objects(list) {
        if let Some(id) = hit.field("id").as_ref().and_then(coerce::text) {
            out.push(SearchHit {
                id,
                url: member(&hit, "url"),
                title: member(&hit, "title"),
            });
        }
    }
    out
}
