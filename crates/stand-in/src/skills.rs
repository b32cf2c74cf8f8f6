//! Runs one skill of the stand-in and returns the parts of its artifact, shaped as the contract
//! says (and as `protocol::results` decodes them).

use serde_json::{json, Value};

use super::lookups::{self, LookupQuery, LookupSkill};
use super::{corpus, dates, qa, readings, saints, search};
use magisterium_core::serve::params::SkillInput;
use magisterium_core::wire::{JsonObject, Part};
use magisterium_core::{CivilDate, Skill};

/// Most search hits returned.
pub const MAX_SEARCH_RESULTS: usize = 10;

fn data(value: Value) -> Part {
    match value {
        Value::Object(map) => Part::data(map),
        other => {
            let mut map = JsonObject::new();
            map.insert("value".into(), other);
            Part::data(map)
        }
    }
}

/// The artifact parts of `skill` for `input`. `today` is the current UTC date (for "today",
/// "next Sunday", …); `None` makes date skills answer their not-found text.
pub fn run(skill: Skill, input: &SkillInput, today: Option<CivilDate>) -> Vec<Part> {
    let not_found = || {
        vec![Part::text(
            skill.not_found_text().unwrap_or("No results found."),
        )]
    };
    match skill {
        Skill::CatholicQa => {
            let answer = qa::compose_answer(input.as_str());
            let mut parts = vec![Part::text(answer.markdown)];
            if !answer.citations.is_empty() {
                parts.push(data(json!({ "citations": answer.citations })));
            }
            if !answer.related_questions.is_empty() {
                parts.push(data(
                    json!({ "related_questions": answer.related_questions }),
                ));
            }
            parts
        }
        Skill::DocumentSearch => {
            let results: Vec<Value> = search::search(input.as_str(), MAX_SEARCH_RESULTS)
                .into_iter()
                .map(|hit| json!({ "id": hit.doc.id, "url": hit.doc.source_url, "title": hit.doc.title }))
                .collect();
            vec![data(json!({ "results": results }))]
        }
        Skill::DocumentFetch => match corpus::find(input.as_str()) {
            Some(doc) => vec![
                Part::text(doc.body),
                data(
                    json!({ "id": doc.id, "title": doc.title, "author": doc.author, "ref": doc.reference }),
                ),
            ],
            None => not_found(),
        },
        Skill::LiturgicalReadings => resolve_date(input, today)
            .and_then(readings::readings_text)
            .map_or_else(not_found, |text| vec![Part::text(text)]),
        Skill::SaintsOfTheDay => resolve_date(input, today).map_or_else(not_found, |date| {
            vec![Part::text(saints::saints_text(date))]
        }),
        _ => {
            let Some(which) = LookupSkill::from_skill_id(skill.id()) else {
                return not_found();
            };
            let query = match input {
                SkillInput::Id(id) => LookupQuery::Id(id),
                other => LookupQuery::Text(other.as_str()),
            };
            match lookups::lookup(which, query) {
                Some(answer) => vec![Part::text(answer.summary), Part::data(answer.record)],
                None => not_found(),
            }
        }
    }
}

fn resolve_date(input: &SkillInput, today: Option<CivilDate>) -> Option<CivilDate> {
    match input {
        SkillInput::Date(iso) => CivilDate::parse_iso(iso),
        other => dates::parse_date_query(other.as_str(), today?),
    }
}
