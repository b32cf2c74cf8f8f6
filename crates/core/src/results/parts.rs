//! The shared readers: which artifact answers a skill, its text and data parts, and arrays of
//! checked items, each error naming the JSON path of what was wrong.

use crate::decode::{self, wrong_type};
use crate::error::Error;
use crate::json_view::{JsonKind, JsonView, Path};

/// The artifact named `name`, else the first one. Returns its index and node.
pub(super) fn pick_artifact<V: JsonView>(
    arts: &V,
    name: &str,
    at: &Path<'_>,
) -> Result<Option<(usize, V)>, Error> {
    let len = arts
        .array_len()
        .ok_or_else(|| wrong_type(at, "array", arts.kind()))?;
    let mut first = None;
    for i in 0..len {
        let Some(art) = arts.item(i) else { continue };
        if art.kind() != JsonKind::Object {
            return Err(wrong_type(&at.index(i), "object", art.kind()));
        }
        if art
            .field("name")
            .as_ref()
            .and_then(JsonView::string)
            .as_deref()
            == Some(name)
        {
            return Ok(Some((i, art)));
        }
        if first.is_none() {
            first = Some((i, art));
        }
    }
    Ok(first)
}

/// Where a data part sits: artifact index and part index.
#[derive(Debug, Clone, Copy)]
pub(super) struct DataAt {
    artifact: usize,
    part: usize,
}

impl DataAt {
    /// Calls `f` with the path `result.artifacts[a].parts[p].data`.
    pub(super) fn with_path<R>(self, f: impl FnOnce(&Path<'_>) -> R) -> R {
        let root = Path::Root;
        let result = root.key("result");
        let arts = result.key("artifacts");
        let art = arts.index(self.artifact);
        let parts = art.key("parts");
        let part = parts.index(self.part);
        f(&part.key("data"))
    }
}

pub(super) struct ArtifactParts<V> {
    pub(super) texts: Vec<V>,
    pub(super) data: Vec<V>,
    pub(super) data_paths: Vec<DataAt>,
}

impl<V> ArtifactParts<V> {
    pub(super) fn empty() -> Self {
        Self {
            texts: Vec::new(),
            data: Vec::new(),
            data_paths: Vec::new(),
        }
    }
}

pub(super) fn read_parts<V: JsonView>(
    artifact: &V,
    index: usize,
) -> Result<ArtifactParts<V>, Error> {
    let root = Path::Root;
    let result = root.key("result");
    let arts = result.key("artifacts");
    let at = arts.index(index);
    let parts_at = at.key("parts");
    let parts = artifact
        .field("parts")
        .ok_or_else(|| Error::invalid_response(format!("{parts_at}: missing")))?;
    let len = parts
        .array_len()
        .ok_or_else(|| wrong_type(&parts_at, "array", parts.kind()))?;
    let mut out = ArtifactParts::empty();
    for i in 0..len {
        let Some(part) = parts.item(i) else { continue };
        let part_at = parts_at.index(i);
        if part.kind() != JsonKind::Object {
            return Err(wrong_type(&part_at, "object", part.kind()));
        }
        let kind = decode::required_string(&part, "kind", &part_at)?;
        match kind.as_str() {
            "text" => {
                let text = part.field("text").ok_or_else(|| {
                    Error::invalid_response(format!("{}: missing", part_at.key("text")))
                })?;
                if text.kind() != JsonKind::String {
                    return Err(wrong_type(&part_at.key("text"), "string", text.kind()));
                }
                out.texts.push(text);
            }
            "data" => {
                let data = part.field("data").ok_or_else(|| {
                    Error::invalid_response(format!("{}: missing", part_at.key("data")))
                })?;
                if data.kind() != JsonKind::Object {
                    return Err(wrong_type(&part_at.key("data"), "object", data.kind()));
                }
                out.data.push(data);
                out.data_paths.push(DataAt {
                    artifact: index,
                    part: i,
                });
            }
            // File parts and kinds this version does not know are tolerated and skipped.
            _ => {}
        }
    }
    Ok(out)
}

/// Reads every item of the array `list` (at path `at`) with `read`, which checks its type. The
/// error names the path of the first bad item.
fn read_items<V: JsonView, T>(
    list: &V,
    at: &Path<'_>,
    mut read: impl FnMut(V, &Path<'_>) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    let len = list
        .array_len()
        .ok_or_else(|| wrong_type(at, "array", list.kind()))?;
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        let Some(item) = list.item(i) else { continue };
        out.push(read(item, &at.index(i))?);
    }
    Ok(out)
}

/// [`read_items`] for an array of objects.
pub(super) fn read_objects<V: JsonView, T>(
    list: &V,
    at: &Path<'_>,
    mut read: impl FnMut(V, &Path<'_>) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    read_items(list, at, |item, item_at| {
        if item.kind() != JsonKind::Object {
            return Err(wrong_type(item_at, "object", item.kind()));
        }
        read(item, item_at)
    })
}

pub(super) fn read_strings<V: JsonView>(list: &V, at: &Path<'_>) -> Result<Vec<V>, Error> {
    read_items(list, at, |s, s_at| match s.kind() {
        JsonKind::String => Ok(s),
        found => Err(wrong_type(s_at, "string", found)),
    })
}
