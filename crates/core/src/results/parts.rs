//! The shared readers: which artifacts may answer a skill, their text and data parts, and lists
//! read item by item. Each reads tolerantly (the coercion table of `coerce.rs`): a member that fits
//! no reading is left out, never fatal.

use crate::coerce::{self, Text};
use crate::json_view::{JsonKind, JsonView};

/// The artifacts of a task that are objects, with their indexes: the first one named `name`, then
/// the others in their order (a renamed artifact is still found).
pub(super) fn candidates<V: JsonView>(artifacts: Option<&V>, name: &str) -> Vec<(usize, V)> {
    let mut out = Vec::new();
    let Some(arts) = artifacts else {
        return out;
    };
    let mut named = false;
    for i in 0..arts.array_len().unwrap_or(0) {
        let Some(art) = arts.item(i).filter(|a| a.kind() == JsonKind::Object) else {
            continue;
        };
        let is_named = !named
            && art
                .field("name")
                .as_ref()
                .and_then(JsonView::string)
                .as_deref()
                == Some(name);
        if is_named {
            named = true;
            out.insert(0, (i, art));
        } else {
            out.push((i, art));
        }
    }
    out
}

/// The text and data parts of one artifact.
pub(super) struct ArtifactParts<V> {
    /// The artifact's index in `result.artifacts`.
    pub(super) index: usize,
    /// The text parts' texts, in order.
    pub(super) texts: Vec<Text<V>>,
    /// The data parts' `data` objects, in order, with their part indexes.
    pub(super) data: Vec<(usize, V)>,
}

/// The parts of `artifact` (at `index`) that [`read_part`] reads as text or data.
pub(super) fn read_parts<V: JsonView>(artifact: &V, index: usize) -> ArtifactParts<V> {
    let mut out = ArtifactParts {
        index,
        texts: Vec::new(),
        data: Vec::new(),
    };
    let Some(parts) = artifact.field("parts") else {
        return out;
    };
    for i in 0..parts.array_len().unwrap_or(0) {
        match parts.item(i).as_ref().and_then(read_part) {
            Some(Reading::Text(text)) => out.texts.push(text),
            Some(Reading::Data(data)) => out.data.push((i, data)),
            _ => {}
        }
    }
    out
}

/// What one part holds.
pub(super) enum Reading<V> {
    /// A text part's text (its string reading).
    Text(Text<V>),
    /// A data part's `data` object.
    Data(V),
    /// A file part (its `file` names a `uri` or holds `bytes`).
    File,
}

impl<V> Reading<V> {
    /// The part's `kind`.
    pub(super) fn kind(&self) -> &'static str {
        match self {
            Self::Text(_) => "text",
            Self::Data(_) => "data",
            Self::File => "file",
        }
    }
}

/// Reads a part by its `kind`, or without one by the member it has (`text`, `data`); `None` for a
/// part that fits no reading (not an object, a kind this version does not know, a member of
/// another type).
pub(super) fn read_part<V: JsonView>(part: &V) -> Option<Reading<V>> {
    let object = |key: &str| part.field(key).filter(|v| v.kind() == JsonKind::Object);
    let kind = part.field("kind");
    match kind.as_ref().and_then(JsonView::string).as_deref() {
        Some("text") | None if part.field("text").is_some() => part
            .field("text")
            .as_ref()
            .and_then(coerce::text)
            .map(Reading::Text),
        Some("data") | None => object("data").map(Reading::Data),
        Some("file") => {
            let file = object("file")?;
            let named = |key| {
                file.field(key)
                    .is_some_and(|v| v.kind() == JsonKind::String)
            };
            (named("uri") || named("bytes")).then_some(Reading::File)
        }
        _ => None,
    }
}

/// The object items of `list` (none when it is not an array).
pub(super) fn objects<V: JsonView>(list: &V) -> Vec<V> {
    let mut out = Vec::new();
    for i in 0..list.array_len().unwrap_or(0) {
        if let Some(item) = list.item(i).filter(|item| item.kind() == JsonKind::Object) {
            out.push(item);
        }
    }
    out
}

/// Appends to `out` the items of `list` with a string reading (none when it is not an array).
pub(super) fn read_strings<V: JsonView>(list: &V, out: &mut Vec<Text<V>>) {
    for i in 0..list.array_len().unwrap_or(0) {
        if let Some(text) = list.item(i).as_ref().and_then(coerce::text) {
            out.push(text);
        }
    }
}
