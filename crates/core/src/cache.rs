//! The answer cache's policy, shared by the proxy and the SDK's opt-in `cache`: what each skill's
//! answers are kept under and for how long (`data/cache.toml`, turned into [`RULES`] at build
//! time), the key of a call ([`key`], [`subject`]), where an answer came from ([`Mark`]), and the
//! SDK's bounded in-memory store ([`store`]) with what it keeps ([`keeps`]).
//!
//! Answers are public (the same for every account), so one entry serves every caller; each caller
//! still gets a Task of its own around the kept artifacts.

mod keep;
pub mod store;
mod zone;

pub use keep::{call_key, keeps, mark_task, task_of};
pub use zone::{parse_zone, today};

use crate::date::CivilDate;
use crate::serve::params::SkillInput;
use crate::skill::Skill;

/// The response header naming where a proxied answer came from ([`Mark`]).
pub const CACHE_HEADER: &str = "x-magisterium-cache";

/// What a skill's answers are kept under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    /// The calendar date the message names (the proxy resolves relative dates first).
    Date,
    /// The document id, exact.
    Id,
    /// The normalised text (a data part's `id`: exact).
    Query,
}

/// One skill's row of `data/cache.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// The skill.
    pub skill: Skill,
    /// Its key.
    pub key: KeyKind,
    /// Seconds an answer is served as a hit (0: never kept).
    pub fresh_secs: u64,
    /// Seconds after that the proxy may serve it stale, when the budget is spent or the upstream
    /// fails.
    pub stale_secs: u64,
}

include!(concat!(env!("OUT_DIR"), "/cache_policy.rs"));

/// The table's rule for `skill`.
pub fn rule(skill: Skill) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.skill == skill)
}

/// Where an answer came from: `x-magisterium-cache` on a proxied answer, `metadata.cache` on a
/// Task the proxy or the SDK built from its cache, `task.cache` on a typed result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// From a fresh cache entry (or from the one upstream call an identical request made).
    Hit,
    /// The call went upstream; its answer may now be kept.
    Miss,
    /// From an expired entry, because the budget was spent or the upstream failed.
    Stale,
    /// Not cacheable: the skill is not kept, the call is no `message/send`, or its date could not
    /// be read.
    Bypass,
}

impl Mark {
    /// The header's value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Hit => "hit",
            Self::Miss => "miss",
            Self::Stale => "stale",
            Self::Bypass => "bypass",
        }
    }

    /// The mark a header or `metadata.cache` value names (ASCII case and spaces around aside);
    /// `None` for any other text.
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Hit, Self::Miss, Self::Stale, Self::Bypass]
            .into_iter()
            .find(|m| text.trim().eq_ignore_ascii_case(m.as_str()))
    }
}

/// How an entry stored at `stored_ms` stands at `now_ms` under `rule`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Age {
    /// Within its fresh lifetime: a hit.
    Fresh,
    /// Past it, within the stale window: served only instead of a refusal or a failure.
    Stale,
    /// Past both (or from the future): not used.
    Expired,
}

/// The age of an entry stored at `stored_ms`, at `now_ms`.
pub fn age(rule: &Rule, stored_ms: f64, now_ms: f64) -> Age {
    let age_ms = now_ms - stored_ms;
    let fresh_ms = rule.fresh_secs as f64 * 1000.0;
    let stale_ms = fresh_ms + rule.stale_secs as f64 * 1000.0;
    if !age_ms.is_finite() || age_ms < -60_000.0 {
        Age::Expired
    } else if age_ms < fresh_ms {
        Age::Fresh
    } else if age_ms < stale_ms {
        Age::Stale
    } else {
        Age::Expired
    }
}

/// Where every key starts. The version segment changes with the proxy's entry format, so an entry
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
            // `%XX` by hand: a `{:02X}` would pull the hex formatter into the browser build.
            key.push('%');
            for nibble in [b >> 4, b & 0xF] {
                let digit = char::from_digit(u32::from(nibble), 16).unwrap_or('0');
                key.push(digit.to_ascii_uppercase());
            }
        }
    }
    key
}

/// A query as its key reads it: trimmed, runs of white space as one space, ASCII letters
/// lower-cased (other letters are kept as they are: Unicode's case tables would weigh more than
/// the proxy's whole cache, and a key that differs only costs one more call).
pub fn normalise(text: &str) -> String {
    // Word by word into one string: `collect` and `join` cost the browser build 1 KB more.
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.make_ascii_lowercase();
    out
}

/// The subject of a call whose input is `input` under a key of `kind`: the id (trimmed), `q:` and
/// the normalised text, `id:` and a data part's id, or the ISO date. `None` for a date that is no
/// `YYYY-MM-DD` ("today", "next Sunday": the proxy resolves those with the calendar's reader
/// first, in its zone, [`today`]) and for an empty subject.
pub fn subject(kind: KeyKind, input: &SkillInput) -> Option<String> {
    let subject = match (kind, input) {
        (KeyKind::Id, input) => input.as_str().trim().to_owned(),
        (KeyKind::Query, SkillInput::Text(text)) => format!("q:{}", normalise(text)),
        (KeyKind::Query, input) => format!("id:{}", input.as_str().trim()),
        (KeyKind::Date, input) => CivilDate::parse_iso(input.as_str().trim())?.to_string(),
    };
    (!subject.is_empty()).then_some(subject)
}
