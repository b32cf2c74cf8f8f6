//! `responseDifferences`: how an answer the tolerant reader kept differs from the documentation.
//! Each coercion the reader made (a row of `coerce::TABLE`), each member the documentation does
//! not list, and each documented member that is missing, with its path.
//!
//! It is a separate walk over the answer, run only when asked for (by `magisterium-a2a check`), so
//! the typed methods do not pay for it: they neither build paths nor keep notes. The walk decides
//! each coercion with the same row functions the decoders use (`coerce::text`, `coerce::index`,
//! `read_part`) and finds the artifact that answered with the decoders' own choice.

mod shapes;

use serde::Serialize;

use super::parts::{candidates, read_part, read_parts};
use super::{decode_known, decode_other_skill, decode_skill, SkillAnswer};
use crate::coerce::{self, Text};
use crate::decode::{self, task_info};
use crate::error::Error;
use crate::json_view::{JsonKind, JsonView, Path};
use crate::skill::Skill;
use shapes::{Doc, Fallback, ARTIFACT, ENVELOPE, PART, STATUS, TASK};

/// One difference between an answer and the documentation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// Where it is, as a JavaScript accessor of the response (`result.artifacts[0].parts[1]`).
    pub path: String,
    /// What it is.
    pub kind: DifferenceKind,
    /// What arrived and, for a coercion, what the typed result holds instead.
    pub detail: String,
}

/// The three kinds of [`Difference`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DifferenceKind {
    /// The tolerant reader read a member that differs from the contract (a row of the coercion
    /// table of `docs/client.md`).
    Coerced,
    /// A member the documentation does not list (kept in `task.raw`, not typed).
    Unknown,
    /// A documented member that is absent.
    Missing,
}

/// Reads a response body of a `message/send` to `skill_id` as `decodeResponse` does and lists how
/// it differs from the documentation; an empty list is an answer exactly as documented.
///
/// # Errors
/// Exactly the error `decodeResponse` gives when the answer is rejected.
pub fn response_differences<V: JsonView>(
    skill_id: &str,
    body: Option<V>,
) -> Result<Vec<Difference>, Error> {
    let result = decode::read_envelope(body.clone(), 200, None)?;
    let skill = Skill::from_id(skill_id);
    let answer = match skill {
        Some(skill) => decode_skill(skill, &result)?,
        None => SkillAnswer::Lookup(decode_other_skill(&format!("{skill_id}_result"), &result)?),
    };
    let mut notes = Notes::default();
    let root = Path::Root;
    if let Some(body) = &body {
        notes.unknown(body, &root, ENVELOPE);
    }
    let at = root.key("result");
    notes.members(&result, &at, TASK);
    if let Some(status) = result.field("status") {
        notes.members(&status, &at.key("status"), STATUS);
    }
    let artifacts_at = at.key("artifacts");
    let Some(artifacts) = result.field_present("artifacts") else {
        notes.add(
            &artifacts_at,
            DifferenceKind::Missing,
            "no artifacts".into(),
        );
        return Ok(notes.0);
    };
    let name = skill.map_or_else(
        || format!("{skill_id}_result"),
        |s| s.artifact_name().to_owned(),
    );
    let answering = answering(skill, &result, &artifacts, &name);
    for i in 0..artifacts.array_len().unwrap_or(0) {
        let Some(artifact) = artifacts.item(i) else {
            continue;
        };
        let art_at = artifacts_at.index(i);
        if artifact.kind() != JsonKind::Object {
            notes.left_out(&art_at, "an artifact", artifact.kind());
            continue;
        }
        notes.members(&artifact, &art_at, ARTIFACT);
        notes.parts(&artifact, &art_at);
        if answering != Some(i) {
            let detail = "an artifact the skill does not document (typed only in a SkillResult)";
            notes.add(&art_at, DifferenceKind::Unknown, detail.into());
            continue;
        }
        let named = artifact.field("name");
        let named = named.as_ref().and_then(JsonView::string);
        if named.as_deref() != Some(name.as_str()) {
            let detail = match named {
                Some(other) => {
                    format!("named \"{other}\", not \"{name}\": read as the skill's artifact")
                }
                None => format!("no name (documented: \"{name}\"): read as the skill's artifact"),
            };
            notes.add(&art_at, DifferenceKind::Coerced, detail);
        }
        if let (Some(skill), false) = (skill, is_not_found(&answer)) {
            shapes::skill_data(&mut notes, skill, &artifact, &art_at);
        }
    }
    Ok(notes.0)
}

/// The index of the artifact the decoders answered from: the first candidate whose parts give the
/// skill's answer (the first candidate for a lookup or a skill this version does not know).
fn answering<V: JsonView>(
    skill: Option<Skill>,
    result: &V,
    artifacts: &V,
    name: &str,
) -> Option<usize> {
    let arts = candidates(Some(artifacts), name);
    match skill {
        Some(skill) if !skill.is_lookup() => {
            let task = task_info(result).ok()?;
            arts.iter()
                .find(|(index, art)| decode_known(skill, read_parts(art, *index), &task).is_ok())
                .map(|(index, _)| *index)
        }
        _ => arts.first().map(|(index, _)| *index),
    }
}

/// A skill's "not found" answer (`null`) has no data to compare.
fn is_not_found<V>(answer: &SkillAnswer<V>) -> bool {
    matches!(
        answer,
        SkillAnswer::Document(None) | SkillAnswer::Text(None)
    )
}

/// The differences found so far.
#[derive(Default)]
struct Notes(Vec<Difference>);

impl Notes {
    /// Notes a difference at `at` (the only place a path is formatted).
    fn add(&mut self, at: &Path<'_>, kind: DifferenceKind, detail: String) {
        self.0.push(Difference {
            path: at.to_string(),
            kind,
            detail,
        });
    }

    /// Coercion row 5: an item of a list that fits no reading is left out of the typed list.
    fn left_out(&mut self, at: &Path<'_>, what: &str, found: JsonKind) {
        let detail = format!("{what} that is {}: left out of the typed list", a(found));
        self.add(at, DifferenceKind::Coerced, detail);
    }

    /// Each member of `node` that `docs` does not list.
    fn unknown<V: JsonView>(&mut self, node: &V, at: &Path<'_>, docs: &[Doc]) {
        for key in node.keys() {
            if !docs.iter().any(|d| d.key == key) {
                let detail = "a member the documentation does not list (kept in task.raw)";
                self.add(&at.key(&key), DifferenceKind::Unknown, detail.into());
            }
        }
    }

    /// The members of the object `node` against `docs`: unknown ones, missing ones the service
    /// sends, and typed ones of another type (coerced as `coerce::TABLE` says).
    fn members<V: JsonView>(&mut self, node: &V, at: &Path<'_>, docs: &[Doc]) {
        self.unknown(node, at, docs);
        for doc in docs {
            let member_at = at.key(doc.key);
            let Some(value) = node.field(doc.key) else {
                match doc.fallback {
                    Fallback::Empty => {
                        let detail = "missing: read as \"\"".to_owned();
                        self.add(&member_at, DifferenceKind::Coerced, detail);
                    }
                    _ if doc.sent => {
                        let detail = "a documented member that is absent (left out)".to_owned();
                        self.add(&member_at, DifferenceKind::Missing, detail);
                    }
                    _ => {}
                }
                continue;
            };
            if let Some(detail) = coercion(&value, doc) {
                self.add(&member_at, DifferenceKind::Coerced, detail);
            }
        }
    }

    /// The parts of an artifact: each left out (row 5), read without a `kind` (row 6), or with
    /// members of another type.
    fn parts<V: JsonView>(&mut self, artifact: &V, at: &Path<'_>) {
        let Some(parts) = artifact.field("parts") else {
            return;
        };
        let parts_at = at.key("parts");
        for i in 0..parts.array_len().unwrap_or(0) {
            let Some(part) = parts.item(i) else {
                continue;
            };
            let part_at = parts_at.index(i);
            let Some(reading) = read_part(&part) else {
                match part.field("kind").as_ref().and_then(JsonView::string) {
                    Some(kind) if part.kind() == JsonKind::Object => {
                        let detail = format!(
                            "a part of kind \"{kind}\" this version cannot read: left out of the typed list"
                        );
                        self.add(&part_at, DifferenceKind::Coerced, detail);
                    }
                    _ => self.left_out(&part_at, "a part", part.kind()),
                }
                continue;
            };
            if part.field("kind").is_none() {
                let detail = format!("no kind: read as \"{}\"", reading.kind());
                self.add(&part_at.key("kind"), DifferenceKind::Coerced, detail);
            }
            self.members(&part, &part_at, PART);
        }
    }
}

/// What the typed result makes of `value` where `doc` is documented, or `None` when it has the
/// documented type.
fn coercion<V: JsonView>(value: &V, doc: &Doc) -> Option<String> {
    let found = value.kind();
    if doc.kind == JsonKind::Other || found == doc.kind || (doc.nullable && found == JsonKind::Null)
    {
        return None;
    }
    let becomes = match doc.fallback {
        Fallback::Empty => "read as \"\"",
        Fallback::Omit => "left out",
        Fallback::EmptyList => "read as an empty list",
    };
    Some(match (doc.kind, found) {
        (JsonKind::Number, JsonKind::String) if coerce::index(value).is_some() => {
            format!(
                "a string of digits: read as the number {}",
                value.string().unwrap_or_default()
            )
        }
        (JsonKind::String, JsonKind::Number) => match coerce::text(value) {
            Some(Text::Coerced(text)) => format!("a number: read as its decimal string \"{text}\""),
            _ => format!("a number without an exact decimal reading: {becomes}"),
        },
        _ => format!(
            "{} where {} is documented: {becomes}",
            a(found),
            a(doc.kind)
        ),
    })
}

/// A JSON type with its article, for details (`an object`, `a string`).
fn a(kind: JsonKind) -> String {
    let name = kind.name();
    match name.chars().next() {
        Some('a' | 'o' | 'u') => format!("an {name}"),
        _ if kind == JsonKind::Null => "null".to_owned(),
        _ => format!("a {name}"),
    }
}
