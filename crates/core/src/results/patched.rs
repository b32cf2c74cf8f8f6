//! An object as received, or a copy of it with some members changed: how a typed result holds a
//! citation, an artifact or a part whose members differ from the contract (`coerce::TABLE`). With
//! no change it serialises as the node itself (in the browser, the very object `JSON.parse` made).

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::coerce::{self, Text};
use crate::json_view::{JsonKind, JsonView};

/// An object node and the changes its typed reading needs (none: it is handed over as received).
#[derive(Debug, Clone, PartialEq)]
pub struct Patched<N> {
    /// The object as received.
    pub node: N,
    /// The members that differ, and what the typed object holds instead; a member the node lacks
    /// is added.
    pub changes: Vec<(&'static str, Change<N>)>,
}

/// What a changed member becomes.
#[derive(Debug, Clone, PartialEq)]
pub enum Change<N> {
    /// A string (a number's decimal string, or a part's `kind` read from the member it has).
    Text(String),
    /// An integer read from a string.
    Number(f64),
    /// Left out.
    Omit,
    /// A list of objects, each typed (an artifact's `parts`).
    List(Vec<Patched<N>>),
}

/// A documented member: its key, the JSON type the contract gives it, and whether `null` is
/// allowed.
pub type Member = (&'static str, JsonKind, bool);

/// The changes the members of `node` need to have their documented types (`coerce::TABLE`): a
/// string-typed member holding a number becomes its decimal string, a number-typed one holding a
/// string of digits becomes that number, and any other member of another type is left out.
/// Missing members need none.
pub fn member_changes<N: JsonView>(node: &N, members: &[Member]) -> Vec<(&'static str, Change<N>)> {
    let mut changes = Vec::new();
    for &(key, want, nullable) in members {
        let Some(value) = node.field(key) else {
            continue;
        };
        let found = value.kind();
        let change = match want {
            JsonKind::Number => match coerce::index(&value) {
                Some(_) if found == want => continue,
                Some(n) => Change::Number(n),
                None => Change::Omit,
            },
            _ if found == want || (nullable && found == JsonKind::Null) => continue,
            _ => match coerce::text(&value) {
                Some(Text::Coerced(text)) if want == JsonKind::String => Change::Text(text),
                _ => Change::Omit,
            },
        };
        changes.push((key, change));
    }
    changes
}

impl<N: JsonView + Serialize> Serialize for Change<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Text(text) => serializer.serialize_str(text),
            // Read from a string of at most 15 digits (`coerce::index`): a whole number below 2^53.
            Self::Number(n) => serializer.serialize_u64(*n as u64),
            Self::Omit => serializer.serialize_none(),
            Self::List(items) => items.serialize(serializer),
        }
    }
}

impl<N: JsonView + Serialize> Serialize for Patched<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.changes.is_empty() {
            return self.node.serialize(serializer);
        }
        let mut map = serializer.serialize_map(None)?;
        let keys = self.node.keys();
        for key in &keys {
            match self.changes.iter().find(|(k, _)| k == key) {
                Some((_, Change::Omit)) => {}
                Some((_, change)) => map.serialize_entry(key, change)?,
                None => {
                    if let Some(value) = self.node.field(key) {
                        map.serialize_entry(key, &value)?;
                    }
                }
            }
        }
        for (key, change) in &self.changes {
            if !matches!(change, Change::Omit) && !keys.iter().any(|k| k == key) {
                map.serialize_entry(key, change)?;
            }
        }
        map.end()
    }
}
