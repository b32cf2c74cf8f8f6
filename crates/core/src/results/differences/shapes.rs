//! The documented shapes `responseDifferences` compares an answer with: the members of each object
//! of a skill's answer (the contract of `docs/client.md`, the same as the stand-in agent sends),
//! and the walk over the skill's own data (citations, search hits, a document's metadata).

use super::super::parts::{read_part, Reading};
use super::super::CITATION_MEMBERS;
use super::{a, DifferenceKind, Notes};
use crate::coerce::{self, Text};
use crate::json_view::{JsonKind, JsonView, Path};
use crate::skill::Skill;

/// What the typed result holds when a typed member differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fallback {
    /// Coercion row 3: left out.
    Omit,
    /// Coercion row 4: a required string, `""`.
    Empty,
    /// A list read as empty.
    EmptyList,
}

/// One documented member.
#[derive(Debug, Clone, Copy)]
pub(super) struct Doc {
    /// Its key.
    pub(super) key: &'static str,
    /// Its documented JSON type; `Other` for a member whose type this walk does not compare
    /// (the decoders require it, or the walk reads it itself).
    pub(super) kind: JsonKind,
    /// Whether `null` is documented.
    pub(super) nullable: bool,
    /// Whether the service always sends it (its absence is a difference).
    pub(super) sent: bool,
    /// What the typed result holds when it differs.
    pub(super) fallback: Fallback,
}

const fn doc(key: &'static str, kind: JsonKind, sent: bool, fallback: Fallback) -> Doc {
    Doc {
        key,
        kind,
        nullable: false,
        sent,
        fallback,
    }
}

const ANY: JsonKind = JsonKind::Other;
const STRING: JsonKind = JsonKind::String;
const OBJECT: JsonKind = JsonKind::Object;
const ARRAY: JsonKind = JsonKind::Array;
use Fallback::{Empty, EmptyList, Omit};

/// The JSON-RPC envelope.
pub(super) static ENVELOPE: &[Doc] = &[
    doc("jsonrpc", ANY, true, Omit),
    doc("id", ANY, true, Omit),
    doc("result", ANY, false, Omit),
    doc("error", ANY, false, Omit),
];

/// The Task (`result`).
pub(super) static TASK: &[Doc] = &[
    doc("id", STRING, true, Empty),
    doc("contextId", STRING, true, Empty),
    doc("kind", ANY, true, Omit),
    doc("status", ANY, true, Omit),
    doc("artifacts", ANY, false, Omit),
    doc("history", ANY, false, Omit),
    doc("metadata", ANY, false, Omit),
];

/// The Task's `status`.
pub(super) static STATUS: &[Doc] = &[
    doc("state", ANY, true, Omit),
    doc("timestamp", ANY, false, Omit),
    doc("message", ANY, false, Omit),
];

/// An artifact.
pub(super) static ARTIFACT: &[Doc] = &[
    doc("artifactId", STRING, true, Omit),
    doc("name", STRING, true, Omit),
    doc("description", STRING, false, Omit),
    doc("metadata", OBJECT, false, Omit),
    doc("parts", ARRAY, true, EmptyList),
    doc("extensions", ANY, false, Omit),
];

/// A part (its `kind` and content are read by `read_part`).
pub(super) static PART: &[Doc] = &[
    doc("kind", ANY, false, Omit),
    doc("text", STRING, false, Omit),
    doc("data", ANY, false, Omit),
    doc("file", ANY, false, Omit),
    doc("metadata", OBJECT, false, Omit),
];

/// The `catholic_qa` data parts.
static QA_DATA: &[Doc] = &[
    doc("citations", ARRAY, false, EmptyList),
    doc("related_questions", ARRAY, false, EmptyList),
];

/// The `document_search` data part.
static SEARCH_DATA: &[Doc] = &[doc("results", ANY, true, Omit)];

/// A search hit (one without an id is left out before its members are compared).
static HIT: &[Doc] = &[
    doc("id", STRING, true, Omit),
    doc("url", STRING, true, Empty),
    doc("title", STRING, true, Empty),
];

/// A document's metadata (`document_fetch`).
static DOCUMENT: &[Doc] = &[
    doc("id", STRING, true, Empty),
    doc("title", STRING, true, Empty),
    doc("author", STRING, true, Empty),
    doc("ref", STRING, true, Empty),
];

/// The differences in the data of `skill`'s answering artifact (at `at`).
pub(super) fn skill_data<V: JsonView>(
    notes: &mut Notes,
    skill: Skill,
    artifact: &V,
    at: &Path<'_>,
) {
    let Some(parts) = artifact.field("parts") else {
        return;
    };
    let parts_at = at.key("parts");
    if skill.is_lookup() {
        // A lookup's records are open (any member is typed, `SkillResult.data`); its text part is
        // documented.
        let len = parts.array_len().unwrap_or(0);
        let text = (0..len).any(|i| {
            matches!(
                parts.item(i).as_ref().and_then(read_part),
                Some(Reading::Text(_))
            )
        });
        if !text {
            let detail = "no text part: SkillResult.text is left out";
            notes.add(&parts_at, DifferenceKind::Missing, detail.into());
        }
        return;
    }
    let mut read = false;
    for i in 0..parts.array_len().unwrap_or(0) {
        let Some(Reading::Data(data)) = parts.item(i).as_ref().and_then(read_part) else {
            continue;
        };
        let data_at_part = parts_at.index(i);
        let data_at = data_at_part.key("data");
        match skill {
            Skill::CatholicQa => qa_data(notes, &data, &data_at),
            Skill::DocumentSearch if !read && data.field_present("results").is_some() => {
                read = true;
                notes.members(&data, &data_at, SEARCH_DATA);
                hits(notes, &data, &data_at);
            }
            Skill::DocumentFetch if !read => {
                read = true;
                notes.members(&data, &data_at, DOCUMENT);
            }
            _ => {
                let detail = "a data part the skill does not document (typed only in task.raw)";
                notes.add(&data_at_part, DifferenceKind::Unknown, detail.into());
            }
        }
    }
    if skill == Skill::DocumentFetch && !read {
        let detail =
            "no data part with the document's id, title, author and ref: each read as \"\"";
        notes.add(&parts_at, DifferenceKind::Coerced, detail.into());
    }
}

/// A `catholic_qa` data part: its citations and related questions.
fn qa_data<V: JsonView>(notes: &mut Notes, data: &V, at: &Path<'_>) {
    notes.members(data, at, QA_DATA);
    let citation_docs = CITATION_MEMBERS.map(|(key, kind, nullable)| Doc {
        key,
        kind,
        nullable,
        sent: true,
        fallback: Omit,
    });
    let list_at = at.key("citations");
    let list = data.field("citations");
    for i in 0..list.as_ref().and_then(JsonView::array_len).unwrap_or(0) {
        let Some(citation) = list.as_ref().and_then(|l| l.item(i)) else {
            continue;
        };
        if citation.kind() == JsonKind::Object {
            notes.members(&citation, &list_at.index(i), &citation_docs);
        } else {
            notes.left_out(&list_at.index(i), "a citation", citation.kind());
        }
    }
    let list_at = at.key("related_questions");
    let list = data.field("related_questions");
    for i in 0..list.as_ref().and_then(JsonView::array_len).unwrap_or(0) {
        let Some(question) = list.as_ref().and_then(|l| l.item(i)) else {
            continue;
        };
        match coerce::text(&question) {
            Some(Text::Node(_)) => {}
            Some(Text::Coerced(text)) => {
                let detail = format!("a number: read as its decimal string \"{text}\"");
                notes.add(&list_at.index(i), DifferenceKind::Coerced, detail);
            }
            None => notes.left_out(&list_at.index(i), "a related question", question.kind()),
        }
    }
}

/// The hits of a `document_search` data part.
fn hits<V: JsonView>(notes: &mut Notes, data: &V, at: &Path<'_>) {
    let list_at = at.key("results");
    let list = data.field("results");
    for i in 0..list.as_ref().and_then(JsonView::array_len).unwrap_or(0) {
        let Some(hit) = list.as_ref().and_then(|l| l.item(i)) else {
            continue;
        };
        let hit_at = list_at.index(i);
        if hit.kind() != JsonKind::Object {
            notes.left_out(&hit_at, "a search hit", hit.kind());
        } else if hit.field("id").as_ref().and_then(coerce::text).is_none() {
            let id = hit.field("id").map_or(JsonKind::Other, |id| id.kind());
            let what = if id == JsonKind::Other {
                "no id".to_owned()
            } else {
                format!("an id that is {}", a(id))
            };
            let detail = format!("a search hit with {what}: left out of the typed list");
            notes.add(&hit_at, DifferenceKind::Coerced, detail);
        } else {
            notes.members(&hit, &hit_at, HIT);
        }
    }
}
