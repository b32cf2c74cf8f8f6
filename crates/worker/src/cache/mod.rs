//! The answer cache, pure: the policy per skill (the core's `data/cache.toml`, its [`RULES`], shared
//! with the SDK's opt-in cache), the key a call is kept under ([`keys`]), what an answer leaves in the cache and the answer
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

pub use magisterium_core::cache::{age, Age, KeyKind, Mark, Rule, CACHE_HEADER, RULES};

/// The rule for `skill` under `settings`: the table's, with `CACHE_QA_SECONDS` as `catholic_qa`'s
/// lifetime when set; `None` when the skill's answers are not kept (`CACHE_ANSWERS=off`,
/// `CACHE_DOCUMENTS=off` for `document_fetch`, a lifetime of 0).
pub fn rule(skill: Skill, settings: &Settings) -> Option<Rule> {
    if !settings.cache_answers || (skill == Skill::DocumentFetch && !settings.cache_documents) {
        return None;
    }
    let mut rule = *magisterium_core::cache::rule(skill)?;
    if skill == Skill::CatholicQa && settings.cache_qa_secs > 0 {
        rule.fresh_secs = settings.cache_qa_secs;
    }
    (rule.fresh_secs > 0).then_some(rule)
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
