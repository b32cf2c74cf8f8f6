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

/// The parts of `artifact` (at `index`): text parts whose `text` has a string reading and data
/// parts whose `data` is an object. A part without `kind` is read by the member it has; other
/// kinds (files, kinds this version does not know) and parts that fit no reading are skipped.
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
        let Some(part) = parts.item(i) else { continue };
        let kind_node = part.field("kind");
        let kind = kind_node.as_ref().and_then(JsonView::string);
        let text = part.field("text");
        let data = part.field("data");
        match kind.as_deref() {
            Some("text") | None if text.is_some() => {
                if let Some(text) = text.as_ref().and_then(coerce::text) {
                    out.texts.push(text);
                }
            }
            Some("data") | None => {
                if let Some(data) = data.filter(|d| d.kind() == JsonKind::Object) {
                    out.data.push((i, data));
                }
            }
            _ => {}
        }
    }
    out
}

/// Calls `each` with the object items of `list` (none when it is not an array).
pub(super) fn each_object<V: JsonView>(list: &V, mut each: impl FnMut(V)) {
    for i in 0..list.array_len().unwrap_or(0) {
        if let Some(item) = list.item(i).filter(|item| item.kind() == JsonKind::Object) {
            each(item);
        }
    }
}

/// Appends to `out` the items of `list` with a string reading (none when it is not an array).
pub(super) fn read_strings<V: JsonView>(list: &V, out: &mut Vec<Text<V>>) {
    for i in 0..list.array_len().unwrap_or(0) {
        if let Some(text) = list.item(i).as_ref().and_then(coerce::text) {
            out.push(text);
        }
    }
}
