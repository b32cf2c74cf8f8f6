//! The answer cache, pure: the policy per skill (`data/cache.toml`, turned into [`RULES`] at build
//! time), the key a call is kept under ([`keys`]), what an answer leaves in the cache and the answer
//! each later caller gets from it ([`entries`]). The entry (`workerd::entry::forward`) only reads and
//! writes the Cache API, and shares one upstream call among identical misses.
//!
//! Answers are public (the same for every account), so one entry serves every caller, and holds
//! nothing of the caller whose call filled it: only the artifacts, under the key of what was asked.
//! Each caller gets a Task of its own around them (its own `contextId`, a fresh task id and
//! artifact ids, its own message as `history`), marked in `metadata.cache` (`"hit"`, `"stale"`),
//! and every proxied answer says in `x-magisterium-cache` where it came from ([`Mark`]).

pub mod entries;
pub mod keys;

use serde_json::Value;

use crate::settings::Settings;
use magisterium_core::Skill;

/// The response header naming where a proxied answer came from ([`Mark`]).
pub const CACHE_HEADER: &str = "x-magisterium-cache";

/// What a skill's answers are kept under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    /// The calendar date the message names (relative dates resolved first).
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
    /// Seconds after that it may be served stale, when the budget is spent or the upstream fails.
    pub stale_secs: u64,
}

include!(concat!(env!("OUT_DIR"), "/cache_policy.rs"));

/// The rule for `skill` under `settings`: the table's, with `CACHE_QA_SECONDS` as `catholic_qa`'s
/// lifetime when set; `None` when the skill's answers are not kept (`CACHE_ANSWERS=off`,
/// `CACHE_DOCUMENTS=off` for `document_fetch`, a lifetime of 0).
pub fn rule(skill: Skill, settings: &Settings) -> Option<Rule> {
    if !settings.cache_answers || (skill == Skill::DocumentFetch && !settings.cache_documents) {
        return None;
    }
    let mut rule = *RULES.iter().find(|r| r.skill == skill)?;
    if skill == Skill::CatholicQa && settings.cache_qa_secs > 0 {
        rule.fresh_secs = settings.cache_qa_secs;
    }
    (rule.fresh_secs > 0).then_some(rule)
}

/// Where a proxied answer came from (`x-magisterium-cache`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// A call the cache may answer: its key, its rule and the caller's message.
#[derive(Debug, Clone, PartialEq)]
pub struct Cached {
    /// The Cache API key ([`keys::key`]).
    pub key: String,
    /// The skill's rule.
    pub rule: Rule,
    /// What the answer must be about: the document id for `document_fetch` (its data's `id`
    /// must be it), else the key's subject (for the log, never checked against the answer).
    pub subject: String,
    /// The caller's message as it sent it: its `contextId` goes into the caller's Task, and it
    /// is that Task's history.
    pub message: Value,
}

impl Cached {
    /// How long the Cache API keeps the entry: its fresh lifetime and its stale window.
    pub fn max_age_secs(&self) -> u64 {
        self.rule.fresh_secs + self.rule.stale_secs
    }
}

/// True when the budget's answer lets an expired entry (within its stale window) answer instead:
/// the account's budget is spent, or its object failed. A visitor over their own share is
/// refused as before: the stale answer is no way around a visitor's limit.
pub fn stale_after_budget(taken: &crate::limits::Budgeted) -> bool {
    use crate::limits::Budgeted;
    matches!(
        taken,
        Budgeted::Refused {
            limit: crate::proxy::Limit::Account,
            ..
        } | Budgeted::Failed
    )
}

/// True when the upstream's answer (its HTTP `status`, its JSON-RPC error) is a failure an
/// expired entry may answer instead: a 5xx (the proxy's own 502/504 included), a 429, or the
/// service's internal or rate-limit error. Not an answer the service meant (invalid params, not
/// found, unauthorized).
pub fn stale_after_answer(status: u16, rpc_error: Option<i64>) -> bool {
    use magisterium_core::serve::http::code;
    status >= 500
        || status == 429
        || matches!(rpc_error, Some(code::INTERNAL_ERROR | code::RATE_LIMITED))
}
