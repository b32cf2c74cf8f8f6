//! The key a call is kept under (the core's [`key`] of its `subject`), and the date the upstream is
//! sent: a relative date ("today",
//! "next Sunday", "March 19") is resolved here, with the service's own date reader
//! (`magisterium_liturgy::dates`), in the deployment's time zone (`CACHE_TIME_ZONE`), and the
//! message that goes upstream names that date, so the kept answer and its key never disagree.
//! A feast's name ("Easter Sunday 2026") is read without the calendar's tables, which would
//! weigh more than the rest of the proxy's cache: it goes upstream as it came, and is not kept.

use serde_json::{json, Value};

use super::{Cached, KeyKind, Rule};
use magisterium_core::cache::subject;
use magisterium_core::date::CivilDate;
use magisterium_core::serve::params::SkillInput;
use magisterium_core::Skill;
use magisterium_liturgy::dates::parse_date_query_without_feasts;

pub use magisterium_core::cache::{key, normalise, parse_zone, today};

/// What the cache makes of a `message/send`: the call it may answer, and the parts to send
/// upstream instead of the caller's (a relative date resolved), when they change.
#[derive(Debug, Clone, PartialEq)]
pub struct Keyed {
    /// The call's key, rule and message.
    pub cached: Cached,
    /// The message's parts as they go upstream, when the date was resolved.
    pub parts: Option<Value>,
}

/// The key of a call to `rule.skill` with `input`, sent as `message`, at `now_ms` in a zone
/// `zone_minutes` east of UTC; `None` when the call is not kept (a date the reader cannot read).
pub fn keyed(
    rule: Rule,
    input: &SkillInput,
    message: &Value,
    now_ms: f64,
    zone_minutes: i32,
) -> Option<Keyed> {
    let skill = rule.skill;
    // The core keys an id, a query or an ISO date (as the SDK's cache does); a date in words is
    // resolved here first.
    let (subject, parts) = match (rule.key, input) {
        (KeyKind::Date, SkillInput::Text(text)) if CivilDate::parse_iso(text.trim()).is_none() => {
            let today = today(now_ms, zone_minutes)?;
            let date = parse_date_query_without_feasts(text, today)?;
            let iso = date.to_string();
            (iso.clone(), Some(explicit(skill, &iso)))
        }
        (kind, input) => (subject(kind, input)?, None),
    };
    let cached = Cached {
        key: key(skill, &subject),
        rule,
        subject,
        message: message.clone(),
    };
    Some(Keyed { cached, parts })
}

/// The parts that name date `iso` explicitly, in the form the skill documents: the martyrology's
/// data part `{ date }`, the readings' one text part.
fn explicit(skill: Skill, iso: &str) -> Value {
    match skill {
        Skill::SaintsOfTheDay => json!([{ "kind": "data", "data": { "date": iso } }]),
        _ => json!([{ "kind": "text", "text": iso }]),
    }
}
