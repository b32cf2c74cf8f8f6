//! What the SDK's cache keeps of a typed answer, and the mark a typed result carries.

use super::{rule, subject, Mark};
use crate::decode::TaskInfo;
use crate::json_view::JsonView;
use crate::request::{SkillArg, When};
use crate::results::SkillAnswer;
use crate::serve::params::SkillInput;
use crate::skill::Skill;

/// The key (`super::key`) and subject the SDK keeps a call to `skill` with `arg` under, as the
/// proxy would key the message the SDK sends; `None` when its answers are not kept (a lifetime of
/// 0, as `catholic_qa`'s) or the argument names no explicit subject (a date that is no
/// `YYYY-MM-DD`: the SDK sends "today" as it came and does not keep it).
pub fn call_key(skill: Skill, arg: &SkillArg) -> Option<(String, String)> {
    let rule = rule(skill).filter(|r| r.fresh_secs > 0)?;
    // The input the proxy reads from the parts `request::skill_parts` writes.
    let input = match arg {
        SkillArg::Text(id) if skill == Skill::DocumentFetch => SkillInput::Id(id.clone()),
        SkillArg::Text(text) | SkillArg::When(When::Text(text)) => SkillInput::Text(text.clone()),
        SkillArg::When(When::Date(date)) => SkillInput::Date(date.to_string()),
    };
    let subject = subject(rule.key, &input)?;
    Some((super::key(skill, &subject), subject))
}

/// True when `answer` carries what its skill promises, so the SDK may keep it: never a not-found
/// answer (`null`, a lookup's "No results found."), an empty search, a lookup without a record, or
/// a document other than `subject`.
pub fn keeps<N: JsonView>(answer: &SkillAnswer<N>, subject: &str) -> bool {
    match answer {
        SkillAnswer::Qa(qa) => !qa.answer.text().trim().is_empty(),
        SkillAnswer::Search(search) => !search.results.is_empty(),
        SkillAnswer::Document(Some(document)) => document.id == subject,
        SkillAnswer::Text(Some(text)) => !text.text.text().trim().is_empty(),
        SkillAnswer::Document(None) | SkillAnswer::Text(None) => false,
        SkillAnswer::Lookup(lookup) => {
            let text = lookup.text.as_ref().map(|t| t.text());
            let found = text.is_some_and(|t| {
                let t = t.trim();
                !t.is_empty() && Some(t) != Skill::SaintLookup.not_found_text()
            });
            let string =
                |d: &N, member: &str| d.field(member).is_some_and(|v| v.string().is_some());
            found && (lookup.data.iter()).any(|d| string(d, "id") && string(d, "name"))
        }
    }
}

/// The Task summary of a typed answer (`None` for a not-found `null`).
pub fn task_of<N>(answer: &mut SkillAnswer<N>) -> Option<&mut TaskInfo<N>> {
    match answer {
        SkillAnswer::Qa(a) => Some(&mut a.task),
        SkillAnswer::Search(a) => Some(&mut a.task),
        SkillAnswer::Document(a) => a.as_mut().map(|a| &mut a.task),
        SkillAnswer::Text(a) => a.as_mut().map(|a| &mut a.task),
        SkillAnswer::Lookup(a) => Some(&mut a.task),
    }
}

/// Marks `answer`'s `task.cache` with the `x-magisterium-cache` header's value, when the header
/// names a mark: the proxy's word on this answer comes before the Task's `metadata.cache`.
pub fn mark_task<N>(answer: &mut SkillAnswer<N>, header: Option<&str>) {
    if let (Some(mark), Some(task)) = (header.and_then(Mark::parse), task_of(answer)) {
        task.cache = Some(mark);
    }
}
