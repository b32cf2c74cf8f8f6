//! The key a call is kept under, and the date the upstream is sent: a relative date ("today",
//! "next Sunday", "March 19") is resolved here, with the service's own date reader
//! (`magisterium_liturgy::dates`), in the deployment's time zone (`CACHE_TIME_ZONE`), and the
//! message that goes upstream names that date, so the kept answer and its key never disagree.
//! A feast's name ("Easter Sunday 2026") is read without the calendar's tables, which would
//! weigh more than the rest of the proxy's cache: it goes upstream as it came, and is not kept.

use serde_json::{json, Value};

use super::{Cached, KeyKind, Rule};
use magisterium_core::date::CivilDate;
use magisterium_core::serve::params::SkillInput;
use magisterium_core::Skill;
use magisterium_liturgy::dates::parse_date_query_without_feasts;

/// Where every key starts. The version segment changes with the entry's format, so an entry
/// written in another format (`v2` held the document alone, `v1` the first caller's whole Task)
/// is never read as this one.
const KEY_PREFIX: &str = "https://cache.magisterium-a2a.invalid/v3/";

/// The synthetic GET URL of `skill`'s answer about `subject`: the format's version, the skill and
/// the subject, percent-encoded byte by byte (so no subject can reach another key). Nothing of
/// the caller or its account is in it.
pub fn key(skill: Skill, subject: &str) -> String {
    let mut key = format!("{KEY_PREFIX}{}/", skill.id());
    for b in subject.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') {
            key.push(char::from(b));
        } else {
            key.push_str(&format!("%{b:02X}"));
        }
    }
    key
}

/// A query as its key reads it: trimmed, runs of white space as one space, ASCII letters
/// lower-cased (other letters are kept as they are: Unicode's case tables would weigh more than
/// the proxy's whole cache, and a key that differs only costs one more call).
pub fn normalise(text: &str) -> String {
    text.split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

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
    let (subject, parts) = match (rule.key, input) {
        (KeyKind::Id, input) => (input.as_str().trim().to_owned(), None),
        (KeyKind::Query, SkillInput::Text(text)) => (format!("q:{}", normalise(text)), None),
        (KeyKind::Query, input) => (format!("id:{}", input.as_str().trim()), None),
        (KeyKind::Date, SkillInput::Date(iso)) => {
            (CivilDate::parse_iso(iso.trim())?.to_string(), None)
        }
        (KeyKind::Date, input) => {
            let today = today(now_ms, zone_minutes)?;
            let date = parse_date_query_without_feasts(input.as_str(), today)?;
            let iso = date.to_string();
            let parts = (input.as_str().trim() != iso).then(|| explicit(skill, &iso));
            (iso, parts)
        }
    };
    if subject.is_empty() {
        return None;
    }
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
