//! The per-request JSON log line of a [`Call`], as `LOG_REQUESTS` says.

use serde::Serialize;
use serde_json::{json, Value};

use std::cell::RefCell;

use super::Call;
use crate::upstream::UpstreamOutcome;
use crate::workerd::bindings::console_log;

/// The per-request JSON log line (never tokens or query text).
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub(super) struct LogLine {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) method: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) skill: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) upstream: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) cache: Option<&'static str>,
    /// The answer came from the entry another identical call kept while this one waited.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) coalesced: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) rpc_error: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) limiter: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) auth: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) misconfigured: Option<&'static str>,
}

impl Call {
    /// Logs the call, which ended with HTTP `status`, when `LOG_REQUESTS` wants it.
    pub(super) fn log_line(&self, status: u16) {
        if let (Some(skill), Some(mark)) = (&self.log.skill, self.log.cache) {
            count(skill, mark);
        }
        if !self
            .settings
            .log_requests
            .wants(status, self.log.rpc_error.is_some())
        {
            return;
        }
        let mut line = json!({
            "at": String::from(js_sys::Date::new_0().to_iso_string()),
            "requestId": self.request_id,
            "origin": self.origin,
            "path": self.path,
            "status": status,
            "ms": js_sys::Date::now() - self.started,
        });
        if let (Some(line), Ok(Value::Object(extra))) =
            (line.as_object_mut(), serde_json::to_value(&self.log))
        {
            line.extend(extra);
        }
        console_log(&line.to_string());
    }
}

/// An upstream outcome as the log line says it: the HTTP status, or what went wrong.
pub(super) fn upstream_log(outcome: &UpstreamOutcome) -> Value {
    match outcome {
        UpstreamOutcome::Answer { status, .. } => json!(status),
        UpstreamOutcome::Timeout => json!("timeout"),
        UpstreamOutcome::Unreachable => json!("unreachable"),
        UpstreamOutcome::NotSent => json!("notSent"),
        UpstreamOutcome::TooLarge => json!("tooLarge"),
    }
}

/// Cached answers between two counts' lines.
const COUNT_EVERY: u64 = 100;

/// The marks counted, in [`Counts`]' order.
const MARKS: [&str; 3] = ["hit", "miss", "stale"];

/// Answers per skill, by mark ([`MARKS`]).
type Counts = Vec<(String, [u64; 3])>;

thread_local! {
    /// This isolate's cache answers per skill and mark since its last counts' line, and their
    /// total.
    static COUNTS: RefCell<(Counts, u64)> = RefCell::default();
}

/// Counts one answer of `skill` marked `mark`; every [`COUNT_EVERY`] answers, logs the counts per
/// skill (`{"cacheCounts": {"liturgical_readings": {"hit": 97, "miss": 3, "stale": 0}}}`,
/// whatever `LOG_REQUESTS` says) and starts again.
fn count(skill: &str, mark: &str) {
    let Some(at) = MARKS.iter().position(|m| *m == mark) else {
        return;
    };
    COUNTS.with(|counts| {
        let (per_skill, total) = &mut *counts.borrow_mut();
        let row = match per_skill.iter().position(|(s, _)| s == skill) {
            Some(row) => row,
            None => {
                per_skill.push((skill.to_owned(), [0; 3]));
                per_skill.len() - 1
            }
        };
        if let Some(n) = per_skill.get_mut(row).and_then(|(_, n)| n.get_mut(at)) {
            *n += 1;
        }
        *total += 1;
        if *total >= COUNT_EVERY {
            let counts: serde_json::Map<String, Value> = per_skill
                .drain(..)
                .map(|(skill, [hit, miss, stale])| {
                    (skill, json!({ "hit": hit, "miss": miss, "stale": stale }))
                })
                .collect();
            console_log(&json!({ "cacheCounts": counts }).to_string());
            *total = 0;
        }
    });
}
