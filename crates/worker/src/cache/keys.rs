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

pub use magisterium_core::cache::{key, normalise};

/// The date "today" is at `now_ms` in a zone `zone_minutes` east of UTC.
pub fn today(now_ms: f64, zone_minutes: i32) -> Option<CivilDate> {
    CivilDate::from_unix_ms(now_ms + f64::from(zone_minutes) * 60_000.0)
}

/// A `CACHE_TIME_ZONE` value as minutes east of UTC: `UTC` (or `Z`, or nothing), or a fixed
/// offset `+HH:MM`, `-HH`, `UTC+01:00`. `None` for anything else (the setting then stays UTC).
pub fn parse_zone(text: &str) -> Option<i32> {
    let text = text.trim();
    let offset = text
        .strip_prefix("UTC")
        .or_else(|| text.strip_prefix("utc"))
        .unwrap_or(text);
    if offset.is_empty() || offset == "Z" {
        return Some(0);
    }
    let (sign, rest) = match offset.split_at_checked(1)? {
        ("+", rest) => (1, rest),
        ("-", rest) => (-1, rest),
        _ => return None,
    };
    let (hours, minutes) = rest.split_once(':').unwrap_or((rest, "0"));
    let digits = |s: &str| {
        (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<i32>().ok())
            .flatten()
    };
    let (hours, minutes) = (digits(hours)?, digits(minutes)?);
    (hours <= 14 && minutes < 60).then_some(sign * (hours * 60 + minutes))
}

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
