//! Typed results of the skill methods, decoded from a Task.
//!
//! The decoders select, they do not copy: big fields (an answer, a document body, citations, data
//! records) are returned as nodes of the parsed body (`N`), so in the browser the JavaScript strings
//! the platform parsed are handed back as they are. Small fields (ids, titles) are copied.
//!
//! Each result serialises (serde) to the exact shape of its TypeScript type, so the browser build
//! turns it into a JavaScript object with one serializer and no hand-written conversion.

mod artifacts;
mod differences;
mod document;
mod parts;
mod patched;
mod qa;
mod search;
mod text;

use serde::Serialize;

use super::coerce::{self, Text};
use super::decode::{self, require_completed, task_info, TaskInfo};
use super::error::Error;
use super::json_view::JsonView;
use super::skill::Skill;
use artifacts::read_artifacts;
use parts::{candidates, read_parts, read_strings, ArtifactParts};
use qa::read_citations;
use search::read_hits;

pub use artifacts::Artifact;
pub use differences::{response_differences, Difference, DifferenceKind};
pub use document::Document;
pub use patched::{Change, Member, Patched};
pub use qa::{Citation, QaAnswer, CITATION_MEMBERS};
pub use search::{SearchHit, SearchResults};
pub use text::{SkillResult, TextResult};

/// The typed answer of one skill. `None` inside is the skill's "not found" answer (`null`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged, bound(serialize = "N: JsonView + Serialize"))]
pub enum SkillAnswer<N> {
    /// `catholic_qa`
    Qa(QaAnswer<N>),
    /// `document_search`
    Search(SearchResults<N>),
    /// `document_fetch`; `None` for "Document not found."
    Document(Option<Document<N>>),
    /// `liturgical_readings` and `saints_of_the_day`; `None` for their not-found texts.
    Text(Option<TextResult<N>>),
    /// The five lookups (their "No results found." is a `SkillResult` with that text).
    Lookup(SkillResult<N>),
}

/// Decodes the `result` of a `message/send` to `skill` into its typed answer.
///
/// The reader is tolerant (`coerce::TABLE`): only what the method promises is required (the Q&A
/// answer text, the search `results` list, the document's text, the readings or saints text). The
/// artifact named for the skill is read first, then the others in order, and the first that holds
/// the promised member answers.
///
/// # Errors
/// `task_failed` for a failed task; `invalid_response` when the result is not a completed Task or
/// no artifact holds the promised member (the message names the path).
pub fn decode_skill<V: JsonView>(skill: Skill, result: &V) -> Result<SkillAnswer<V>, Error> {
    let task = task_info(result)?;
    require_completed(result, &task)?;
    let artifacts = result.field_present("artifacts");
    let arts = candidates(artifacts.as_ref(), skill.artifact_name());
    if skill.is_lookup() {
        return Ok(SkillAnswer::Lookup(lookup(&arts, artifacts.as_ref(), task)));
    }
    let mut first_miss = None;
    for (index, artifact) in &arts {
        match decode_known(skill, read_parts(artifact, *index), &task) {
            Ok(answer) => return Ok(answer),
            Err(miss) => {
                first_miss.get_or_insert(miss);
            }
        }
    }
    let message =
        first_miss.unwrap_or_else(|| format!("result.artifacts: no artifact for {}", skill.id()));
    Err(Error::invalid_response(message).with_task_id(task.id))
}

/// Decodes the `result` of a skill this version does not know as a [`SkillResult`] over the
/// artifact named `artifact_name` (else the first artifact).
///
/// # Errors
/// As [`decode_skill`].
pub fn decode_other_skill<V: JsonView>(
    artifact_name: &str,
    result: &V,
) -> Result<SkillResult<V>, Error> {
    let task = task_info(result)?;
    require_completed(result, &task)?;
    let artifacts = result.field_present("artifacts");
    let arts = candidates(artifacts.as_ref(), artifact_name);
    Ok(lookup(&arts, artifacts.as_ref(), task))
}

/// A [`SkillResult`] over the first candidate artifact.
fn lookup<V: JsonView>(
    arts: &[(usize, V)],
    artifacts: Option<&V>,
    task: TaskInfo<V>,
) -> SkillResult<V> {
    let parts = arts
        .first()
        .map(|(index, artifact)| read_parts(artifact, *index));
    let mut text = None;
    let mut data = Vec::new();
    if let Some(p) = parts {
        text = p.texts.into_iter().next();
        for (_, d) in p.data {
            data.push(d);
        }
    }
    SkillResult {
        text,
        data,
        artifacts: read_artifacts(artifacts),
        task,
    }
}

/// The typed answer `parts` give for `skill`, or why they cannot (the path and what is missing).
fn decode_known<V: JsonView>(
    skill: Skill,
    parts: ArtifactParts<V>,
    task: &TaskInfo<V>,
) -> Result<SkillAnswer<V>, String> {
    let index = parts.index;
    let missing = |what: &str| {
        format!(
            "result.artifacts[{index}].parts: no {what} (the {} answer)",
            skill.id()
        )
    };
    if let Some(not_found) = skill.not_found_text() {
        if let ([only], []) = (parts.texts.as_slice(), parts.data.as_slice()) {
            if only.text().trim() == not_found {
                return Ok(match skill {
                    Skill::DocumentFetch => SkillAnswer::Document(None),
                    _ => SkillAnswer::Text(None),
                });
            }
        }
    }
    let task = task.clone();
    let first_text =
        |texts: Vec<Text<V>>, what: &str| texts.into_iter().next().ok_or_else(|| missing(what));
    match skill {
        Skill::CatholicQa => {
            let answer = first_text(parts.texts, "text part")?;
            let mut citations = Vec::new();
            let mut related_questions = Vec::new();
            for (_, data) in &parts.data {
                if let Some(list) = data.field_present("citations") {
                    read_citations(&list, &mut citations);
                }
                if let Some(list) = data.field_present("related_questions") {
                    read_strings(&list, &mut related_questions);
                }
            }
            Ok(SkillAnswer::Qa(QaAnswer {
                answer,
                citations,
                related_questions,
                task,
            }))
        }
        Skill::DocumentSearch => {
            let (part, list) = parts
                .data
                .iter()
                .find_map(|(i, d)| Some((*i, d.field_present("results")?)))
                .ok_or_else(|| missing("data part with a results list"))?;
            if list.array_len().is_none() {
                return Err(format!(
                    "result.artifacts[{index}].parts[{part}].data.results: expected array, found {}",
                    list.kind().name()
                ));
            }
            Ok(SkillAnswer::Search(SearchResults {
                results: read_hits(&list),
                task,
            }))
        }
        Skill::DocumentFetch => {
            let text = first_text(parts.texts, "text part")?;
            let meta = parts.data.first().map(|(_, d)| d);
            let member = |key: &str| {
                meta.and_then(|m| coerce::owned_text(m, key))
                    .unwrap_or_default()
            };
            Ok(SkillAnswer::Document(Some(Document {
                id: member("id"),
                title: member("title"),
                author: member("author"),
                reference: member("ref"),
                text,
                task,
            })))
        }
        _ => Ok(SkillAnswer::Text(Some(TextResult {
            text: first_text(parts.texts, "text part")?,
            task,
        }))),
    }
}

/// Reads a whole `message/send` response for `skill`: envelope, Task, then the typed answer.
///
/// `body` is the parsed body (`None`: not JSON), `status` the HTTP status.
///
/// # Errors
/// Everything [`decode::read_envelope`] and [`decode_skill`] report.
pub fn decode_skill_response<V: JsonView>(
    skill: Skill,
    body: Option<V>,
    status: u16,
    expected_id: Option<&super::wire::RequestId>,
) -> Result<SkillAnswer<V>, Error> {
    let result = decode::read_envelope(body, status, expected_id)?;
    decode_skill(skill, &result)
}

/// Reads a `message/send` response for any skill and returns the Task node in whatever state the
/// agent returned it (`submitted`, `working`, `input-required`, `auth-required`, `completed`,
/// `canceled` or a state this version does not know), so callers of long-running or future skills
/// can poll (`tasks/get`) or cancel it.
///
/// # Errors
/// Everything [`decode::read_envelope`] reports; `invalid_response` when the result is not a Task;
/// `task_failed` for a `failed` or `rejected` task.
pub fn decode_sent_task<V: JsonView>(
    body: Option<V>,
    status: u16,
    expected_id: Option<&super::wire::RequestId>,
) -> Result<V, Error> {
    let result = decode::read_envelope(body, status, expected_id)?;
    let info = task_info(&result)?;
    decode::reject_failed(&result, &info)?;
    Ok(result)
}

/// Reads a `tasks/get` or `tasks/cancel` response and returns the Task node in whatever state.
///
/// # Errors
/// Everything [`decode::read_envelope`] reports; `invalid_response` when the result is not a Task.
pub fn decode_task<V: JsonView>(
    body: Option<V>,
    status: u16,
    expected_id: Option<&super::wire::RequestId>,
) -> Result<V, Error> {
    let result = decode::read_envelope(body, status, expected_id)?;
    task_info(&result)?;
    Ok(result)
}
