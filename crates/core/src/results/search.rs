//! The `documentSearch` result ([`SearchResults`]) and the reader of its hits.

use serde::{Serialize, Serializer};

use super::parts::read_objects;
use crate::decode::{self, wrong_type, TaskInfo};
use crate::error::Error;
use crate::json_view::{JsonKind, JsonView, Path};

/// One hit of `documentSearch`: the string nodes as received (checked, not copied).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchHit<N> {
    /// Feed it to `documentFetch`.
    pub id: HitId<N>,
    /// The document's page (a string node).
    pub url: N,
    /// The title (a string node).
    pub title: N,
}

/// A hit's id: a string node, or an integer, which the typed result gives as its decimal string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HitId<N> {
    /// A string id.
    Text(N),
    /// An integer id.
    Number(i64),
}

/// A string id as it is, an integer id as its decimal string.
impl<N: Serialize> Serialize for HitId<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Text(node) => node.serialize(serializer),
            Self::Number(n) => serializer.collect_str(n),
        }
    }
}

impl<N: JsonView> HitId<N> {
    /// The id as the typed result gives it.
    pub fn text(&self) -> String {
        match self {
            Self::Text(node) => node.string().map(|s| s.into_owned()).unwrap_or_default(),
            Self::Number(n) => n.to_string(),
        }
    }
}

/// `documentSearch` → `SearchResults`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchResults<N> {
    /// The hits, best first.
    pub results: Vec<SearchHit<N>>,
    /// The task.
    pub task: TaskInfo,
}

pub(super) fn read_hits<V: JsonView>(data: &V, at: &Path<'_>) -> Result<Vec<SearchHit<V>>, Error> {
    let list = data
        .field("results")
        .ok_or_else(|| Error::invalid_response(format!("{at}: missing")))?;
    read_objects(&list, at, |hit, p| {
        let string_node = |key: &str| -> Result<V, Error> {
            match hit.field(key) {
                None => Err(Error::invalid_response(format!("{}: missing", p.key(key)))),
                Some(node) if node.kind() == JsonKind::String => Ok(node),
                Some(node) => Err(wrong_type(&p.key(key), "string", node.kind())),
            }
        };
        let id = match hit.field("id") {
            Some(n) if n.kind() == JsonKind::Number => {
                HitId::Number(decode::integer(&n, &p.key("id"))?)
            }
            _ => HitId::Text(string_node("id")?),
        };
        Ok(SearchHit {
            id,
            url: string_node("url")?,
            title: string_node("title")?,
        })
    })
}
