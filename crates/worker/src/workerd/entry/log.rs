//! The per-request JSON log line of a [`Call`], as `LOG_REQUESTS` says.

use serde::Serialize;
use serde_json::{json, Value};

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
