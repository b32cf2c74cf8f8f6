//! Typed results of the skill methods, decoded from a Task.
//!
//! The decoders select, they do not copy: big fields (an answer, a document body, citations, data
//! records) are returned as nodes of the parsed body (`N`), so in the browser the JavaScript strings
//! the platform parsed are handed back as they are. Small fields (ids, titles) are copied.
//!
//! Each result serialises (serde) to the exact shape of its TypeScript type, so the browser build
//! turns it into a JavaScript object with one serializer and no hand-written conversion.

mod document;
mod parts;
mod qa;
mod search;
mod text;

use serde::Serialize;

use super::decode::{self, require_completed, task_info, TaskInfo};
use super::error::Error;
use super::json_view::{JsonView, Path};
use super::skill::Skill;
use document::id_string;
use parts::{pick_artifact, read_parts, read_strings, ArtifactParts};
use qa::read_citations;
use search::read_hits;

pub use document::Document;
pub use qa::{QaAnswer, CITATION_KEYS};
pub use search::{HitId, SearchHit, SearchResults};
pub use text::{SkillResult, TextResult};

/// The typed answer of one skill. `None` inside is the skill's "not found" answer (`null`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
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
/// # Errors
/// `task_failed` for a failed task; `invalid_response` (naming the JSON path) when the task lacks
/// what the skill answers with or a documented field has the wrong type.
pub fn decode_skill<V: JsonView>(skill: Skill, result: &V) -> Result<SkillAnswer<V>, Error> {
    let task = task_info(result)?;
    require_completed(result, &task)?;
    let root = Path::Root;
    let at = root.key("result");
    let artifacts = result.field_present("artifacts");
    let chosen = match &artifacts {
        Some(arts) => pick_artifact(arts, skill.artifact_name(), &at.key("artifacts"))?,
        None => None,
    };
    let parts = match &chosen {
        Some((index, artifact)) => read_parts(artifact, *index)?,
        None => ArtifactParts::empty(),
    };
    if skill.is_lookup() {
        return Ok(SkillAnswer::Lookup(SkillResult {
            text: parts.texts.into_iter().next(),
            data: parts.data,
            artifacts,
            task,
        }));
    }
    decode_known(skill, chosen.is_some(), parts, task)
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
    let root = Path::Root;
    let at = root.key("result");
    let artifacts = result.field_present("artifacts");
    let parts = match &artifacts {
        Some(arts) => match pick_artifact(arts, artifact_name, &at.key("artifacts"))? {
            Some((index, artifact)) => read_parts(&artifact, index)?,
            None => ArtifactParts::empty(),
        },
        None => ArtifactParts::empty(),
    };
    Ok(SkillResult {
        text: parts.texts.into_iter().next(),
        data: parts.data,
        artifacts,
        task,
    })
}

fn decode_known<V: JsonView>(
    skill: Skill,
    has_artifact: bool,
    parts: ArtifactParts<V>,
    task: TaskInfo,
) -> Result<SkillAnswer<V>, Error> {
    if !has_artifact {
        return Err(Error::invalid_response(format!(
            "result.artifacts: no artifact for {}",
            skill.id()
        ))
        .with_task_id(task.id));
    }
    if let Some(not_found) = skill.not_found_text() {
        if parts.data.is_empty() && parts.texts.len() == 1 {
            let is_not_found = parts
                .texts
                .first()
                .and_then(JsonView::string)
                .is_some_and(|t| t.trim() == not_found);
            if is_not_found {
                return Ok(match skill {
                    Skill::DocumentFetch => SkillAnswer::Document(None),
                    _ => SkillAnswer::Text(None),
                });
            }
        }
    }
    let missing = |what: &str| {
        Error::invalid_response(format!(
            "result.artifacts: {} answer without {what}",
            skill.id()
        ))
    };
    match skill {
        Skill::CatholicQa => {
            let answer = parts
                .texts
                .into_iter()
                .next()
                .ok_or_else(|| missing("a text part"))?;
            let mut citations = Vec::new();
            let mut related = Vec::new();
            for (data, data_at) in parts.data.iter().zip(parts.data_paths.iter()) {
                if let Some(list) = data.field_present("citations") {
                    citations =
                        data_at.with_path(|p| read_citations(&list, &p.key("citations")))?;
                }
                if let Some(list) = data.field_present("related_questions") {
                    related =
                        data_at.with_path(|p| read_strings(&list, &p.key("related_questions")))?;
                }
            }
            Ok(SkillAnswer::Qa(QaAnswer {
                answer,
                citations,
                related_questions: related,
                task,
            }))
        }
        Skill::DocumentSearch => {
            let (data, data_at) = parts
                .data
                .iter()
                .zip(parts.data_paths.iter())
                .find(|(d, _)| d.field("results").is_some())
                .ok_or_else(|| missing("a results data part"))?;
            let results = data_at.with_path(|p| read_hits(data, &p.key("results")))?;
            Ok(SkillAnswer::Search(SearchResults { results, task }))
        }
        Skill::DocumentFetch => {
            let text = parts
                .texts
                .into_iter()
                .next()
                .ok_or_else(|| missing("a text part"))?;
            let (meta, meta_at) = parts
                .data
                .iter()
                .zip(parts.data_paths.iter())
                .next()
                .ok_or_else(|| missing("a metadata data part"))?;
            let (id, title, author, reference) = meta_at.with_path(|p| {
                Ok::<_, Error>((
                    id_string(meta, "id", p)?,
                    decode::required_string(meta, "title", p)?,
                    decode::required_string(meta, "author", p)?,
                    decode::required_string(meta, "ref", p)?,
                ))
            })?;
            Ok(SkillAnswer::Document(Some(Document {
                id,
                title,
                author,
                reference,
                text,
                task,
            })))
        }
        Skill::LiturgicalReadings | Skill::SaintsOfTheDay => {
            let text = parts
                .texts
                .into_iter()
                .next()
                .ok_or_else(|| missing("a text part"))?;
            Ok(SkillAnswer::Text(Some(TextResult { text, task })))
        }
        _ => Err(missing("a known shape")),
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
