//! Typed results of the skill methods, decoded from a Task.
//!
//! The decoders select, they do not copy: big fields (an answer, a document body, citations, data
//! records) are returned as nodes of the parsed body (`N`), so in the browser the JavaScript strings
//! the platform parsed are handed back as they are. Small fields (ids, titles) are copied.
//!
//! Each result serialises (serde) to the exact shape of its TypeScript type, so the browser build
//! turns it into a JavaScript object with one serializer and no hand-written conversion.

use serde::{Serialize, Serializer};

use super::decode::{self, require_completed, task_info, wrong_type, TaskInfo};
use super::error::Error;
use super::json_view::{JsonKind, JsonView, Path};
use super::skill::Skill;

/// `catholicQa` → `QaAnswer`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QaAnswer<N> {
    /// The Markdown answer with `[^n]` footnotes (a string node).
    pub answer: N,
    /// The citations as received (object nodes); footnote n is citation n − 1.
    pub citations: Vec<N>,
    /// Suggested follow-up questions (string nodes).
    pub related_questions: Vec<N>,
    /// The task.
    pub task: TaskInfo,
}

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

/// `documentFetch` → `Document`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Document<N> {
    /// The document id.
    pub id: String,
    /// The title.
    pub title: String,
    /// The author.
    pub author: String,
    /// The reference (`ref` on the wire).
    #[serde(rename = "ref")]
    pub reference: String,
    /// The full text (a string node, possibly megabytes).
    pub text: N,
    /// The task.
    pub task: TaskInfo,
}

/// `liturgicalReadings`, `saintsOfTheDay` → `TextResult`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextResult<N> {
    /// The formatted text (a string node).
    pub text: N,
    /// The task.
    pub task: TaskInfo,
}

/// The lookup skills → `SkillResult`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SkillResult<N> {
    /// The first text part of the skill's artifact, if any (left out when there is none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<N>,
    /// The `data` objects of the skill's artifact's data parts.
    pub data: Vec<N>,
    /// All artifacts as received (`None`: the task had none; serialised as `[]`).
    #[serde(serialize_with = "node_or_empty_list")]
    pub artifacts: Option<N>,
    /// The task.
    pub task: TaskInfo,
}

/// `artifacts` of a [`SkillResult`]: the node, or `[]` when the task had none.
fn node_or_empty_list<N: Serialize, S: Serializer>(
    node: &Option<N>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match node {
        Some(node) => node.serialize(serializer),
        None => serializer.collect_seq(std::iter::empty::<N>()),
    }
}

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

/// The artifact named `name`, else the first one. Returns its index and node.
fn pick_artifact<V: JsonView>(
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
struct DataAt {
    artifact: usize,
    part: usize,
}

impl DataAt {
    /// Calls `f` with the path `result.artifacts[a].parts[p].data`.
    fn with_path<R>(self, f: impl FnOnce(&Path<'_>) -> R) -> R {
        let root = Path::Root;
        let result = root.key("result");
        let arts = result.key("artifacts");
        let art = arts.index(self.artifact);
        let parts = art.key("parts");
        let part = parts.index(self.part);
        f(&part.key("data"))
    }
}

struct ArtifactParts<V> {
    texts: Vec<V>,
    data: Vec<V>,
    data_paths: Vec<DataAt>,
}

impl<V> ArtifactParts<V> {
    fn empty() -> Self {
        Self {
            texts: Vec::new(),
            data: Vec::new(),
            data_paths: Vec::new(),
        }
    }
}

fn read_parts<V: JsonView>(artifact: &V, index: usize) -> Result<ArtifactParts<V>, Error> {
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

/// The JSON type the contract gives each member of `CITATION_KEYS`, and whether `null` is allowed.
const CITATION_FIELDS: [(JsonKind, bool); 8] = [
    (JsonKind::String, false),
    (JsonKind::String, true),
    (JsonKind::String, true),
    (JsonKind::Number, false),
    (JsonKind::String, true),
    (JsonKind::String, true),
    (JsonKind::String, true),
    (JsonKind::String, false),
];
/// The documented members of a citation, in the order of `CITATION_FIELDS`. The stand-in agent's
/// tests check its citations against the same list.
pub static CITATION_KEYS: [&str; 8] = [
    "cited_text",
    "cited_text_heading",
    "document_title",
    "document_index",
    "document_author",
    "document_year",
    "document_reference",
    "source_url",
];

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
fn read_objects<V: JsonView, T>(
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

fn read_citations<V: JsonView>(list: &V, at: &Path<'_>) -> Result<Vec<V>, Error> {
    read_objects(list, at, |c, c_at| {
        for (key, (want, nullable)) in CITATION_KEYS.iter().zip(CITATION_FIELDS) {
            let Some(found) = c.field(key).map(|v| v.kind()) else {
                continue;
            };
            if !(found == want || (nullable && found == JsonKind::Null)) {
                let expected = if nullable {
                    format!("{} or null", want.name())
                } else {
                    want.name().to_owned()
                };
                return Err(wrong_type(&c_at.key(key), &expected, found));
            }
            if *key == "document_index" {
                let n = c.field(key).and_then(|v| v.number()).unwrap_or(f64::NAN);
                if !(n.fract() == 0.0 && n >= 0.0) {
                    return Err(Error::invalid_response(format!(
                        "{}: expected a non-negative integer",
                        c_at.key(key)
                    )));
                }
            }
        }
        Ok(c)
    })
}

fn read_strings<V: JsonView>(list: &V, at: &Path<'_>) -> Result<Vec<V>, Error> {
    read_items(list, at, |s, s_at| match s.kind() {
        JsonKind::String => Ok(s),
        found => Err(wrong_type(s_at, "string", found)),
    })
}

fn read_hits<V: JsonView>(data: &V, at: &Path<'_>) -> Result<Vec<SearchHit<V>>, Error> {
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

/// A string id, or an integer id turned into its decimal string.
fn id_string<V: JsonView>(obj: &V, key: &str, at: &Path<'_>) -> Result<String, Error> {
    let v = obj
        .field(key)
        .ok_or_else(|| Error::invalid_response(format!("{}: missing", at.key(key))))?;
    match v.kind() {
        JsonKind::Number => Ok(decode::integer(&v, &at.key(key))?.to_string()),
        _ => v
            .string()
            .map(|s| s.into_owned())
            .ok_or_else(|| wrong_type(&at.key(key), "string", v.kind())),
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
