//! The one error type of the SDK, and the table that maps JSON-RPC codes and HTTP statuses to kinds.
//!
//! Magisterium's own codes win over the generic A2A meanings: -32004 is UNAUTHORIZED (A2A:
//! unsupported operation) and -32005 is PLAN_REQUIRED (A2A: content type not supported).

use std::fmt;

use super::upstream::Reach;

/// What went wrong, as the `kind` string JavaScript sees (`"rate_limited"`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Missing, bad or expired token (JSON-RPC -32004, HTTP 401).
    Unauthorized,
    /// The account's plan does not include A2A (JSON-RPC -32005).
    PlanRequired,
    /// Over a per-minute pool (HTTP 429, or a JSON-RPC error saying so).
    RateLimited,
    /// `tasks/get` / `tasks/cancel` on an unknown or expired task (JSON-RPC -32001).
    TaskNotFound,
    /// The service refused the parameters (JSON-RPC -32602).
    InvalidParams,
    /// The service does not know the method (JSON-RPC -32601).
    MethodNotFound,
    /// Any other JSON-RPC error.
    RpcError,
    /// The task ended in state `failed` (or `rejected`, `canceled`).
    TaskFailed,
    /// A non-2xx HTTP answer without a JSON-RPC body.
    HttpError,
    /// The attempt ran past its time budget.
    Timeout,
    /// The caller's `AbortSignal` fired.
    Aborted,
    /// The request never got an HTTP answer (DNS, refused connection, reset, CORS).
    Network,
    /// The body is not a JSON-RPC response for this request.
    InvalidResponse,
    /// A bad argument; no request was sent.
    InvalidInput,
}

impl ErrorKind {
    /// Every kind, in the order of the contract.
    pub const ALL: [ErrorKind; 14] = [
        Self::Unauthorized,
        Self::PlanRequired,
        Self::RateLimited,
        Self::TaskNotFound,
        Self::InvalidParams,
        Self::MethodNotFound,
        Self::RpcError,
        Self::TaskFailed,
        Self::HttpError,
        Self::Timeout,
        Self::Aborted,
        Self::Network,
        Self::InvalidResponse,
        Self::InvalidInput,
    ];

    /// The `kind` string of the JavaScript `MagisteriumError`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Unauthorized => "unauthorized",
            Self::PlanRequired => "plan_required",
            Self::RateLimited => "rate_limited",
            Self::TaskNotFound => "task_not_found",
            Self::InvalidParams => "invalid_params",
            Self::MethodNotFound => "method_not_found",
            Self::RpcError => "rpc_error",
            Self::TaskFailed => "task_failed",
            Self::HttpError => "http_error",
            Self::Timeout => "timeout",
            Self::Aborted => "aborted",
            Self::Network => "network",
            Self::InvalidResponse => "invalid_response",
            Self::InvalidInput => "invalid_input",
        }
    }

    /// The kind for a JSON-RPC error from the Magisterium service. A message that says the rate limit
    /// was exceeded means `rate_limited` whatever the code.
    pub fn from_rpc(code: i64, message: &str) -> Self {
        if says_rate_limited(message) {
            return Self::RateLimited;
        }
        CODE_TABLE
            .iter()
            .find(|(c, _)| *c == code)
            .map_or(Self::RpcError, |(_, kind)| *kind)
    }

    /// The JSON-RPC code the service (and our stand-in agent and proxy) answers for this kind, when
    /// the kind has one.
    pub fn rpc_code(self) -> Option<i64> {
        CODE_TABLE.iter().find(|(_, k)| *k == self).map(|(c, _)| *c)
    }

    /// The kind for a non-2xx HTTP answer whose body is not a JSON-RPC response.
    pub fn from_http_status(status: u16) -> Self {
        match status {
            401 => Self::Unauthorized,
            429 => Self::RateLimited,
            _ => Self::HttpError,
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// JSON-RPC codes with a meaning of their own, Magisterium first. `-32029` is the rate-limit code of
/// our stand-in agent and proxy (the service's own code is undocumented; its message decides too).
pub const CODE_TABLE: [(i64, ErrorKind); 6] = [
    (-32004, ErrorKind::Unauthorized),
    (-32005, ErrorKind::PlanRequired),
    (-32029, ErrorKind::RateLimited),
    (-32001, ErrorKind::TaskNotFound),
    (-32602, ErrorKind::InvalidParams),
    (-32601, ErrorKind::MethodNotFound),
];

fn says_rate_limited(message: &str) -> bool {
    ["rate limit", "rate-limit", "too many requests"]
        .iter()
        .any(|needle| contains_ignore_case(message, needle))
}

/// ASCII case-insensitive substring test (a byte window, so the browser build carries no string
/// searcher).
pub(crate) fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    haystack
        .as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// An error of the SDK: the kind plus everything known about it. It never holds a token.
#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    code: Option<i64>,
    status: Option<u16>,
    retry_after_ms: Option<u64>,
    task_id: Option<String>,
    upstream: Option<Reach>,
}

impl Error {
    /// An error of `kind` with a human-readable message (lowercase, no trailing period).
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            code: None,
            status: None,
            retry_after_ms: None,
            task_id: None,
            upstream: None,
        }
    }

    /// `invalid_input`: a bad argument, found before any request was sent.
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidInput, message)
    }

    /// `invalid_response`: the body is not a JSON-RPC response for this request.
    pub fn invalid_response(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidResponse, message)
    }

    /// The error for a JSON-RPC `error` member, mapped through [`CODE_TABLE`].
    pub fn from_rpc(code: i64, message: &str) -> Self {
        let kind = ErrorKind::from_rpc(code, message);
        // The code as its sign and magnitude: the browser build then formats no `i64`.
        let sign = if code < 0 { "-" } else { "" };
        let magnitude = code.unsigned_abs();
        let text = if message.is_empty() {
            format!("json-rpc error {sign}{magnitude}")
        } else {
            format!("{message} (json-rpc {sign}{magnitude})")
        };
        Self::new(kind, text).with_code(code)
    }

    /// The error for a non-2xx HTTP answer without a JSON-RPC body.
    pub fn from_http_status(status: u16) -> Self {
        let kind = ErrorKind::from_http_status(status);
        // Written as a `u32`, the integer type every build formats anyway.
        let number = u32::from(status);
        Self::new(kind, format!("http status {number}")).with_status(status)
    }

    /// Adds the JSON-RPC code.
    pub fn with_code(mut self, code: i64) -> Self {
        self.code = Some(code);
        self
    }

    /// Adds the HTTP status.
    pub fn with_status(mut self, status: u16) -> Self {
        self.status = Some(status);
        self
    }

    /// Adds the wait the server asked for.
    pub fn with_retry_after_ms(mut self, ms: Option<u64>) -> Self {
        self.retry_after_ms = ms;
        self
    }

    /// Adds what a proxy said about the upstream (`error.data.upstream`).
    pub fn with_upstream(mut self, upstream: Option<Reach>) -> Self {
        self.upstream = upstream;
        self
    }

    /// Adds the id of the task the error is about.
    pub fn with_task_id(mut self, id: impl Into<String>) -> Self {
        self.task_id = Some(id.into());
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The human-readable message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The JSON-RPC error code, when there was one.
    pub fn code(&self) -> Option<i64> {
        self.code
    }

    /// The HTTP status, when there was a response.
    pub fn status(&self) -> Option<u16> {
        self.status
    }

    /// Whether the request reached the upstream, when a proxy said so in `error.data`
    /// ([`crate::upstream`]).
    pub fn upstream(&self) -> Option<Reach> {
        self.upstream
    }

    /// The wait the server asked for (`Retry-After` / `retry-after-ms`), in milliseconds.
    pub fn retry_after_ms(&self) -> Option<u64> {
        self.retry_after_ms
    }

    /// The task the error is about (`task_failed`).
    pub fn task_id(&self) -> Option<&str> {
        self.task_id.as_deref()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_table_maps_both_ways() {
        for (code, kind) in CODE_TABLE {
            assert_eq!(ErrorKind::from_rpc(code, "x"), kind, "code {code}");
            assert_eq!(kind.rpc_code(), Some(code), "kind {kind}");
        }
        // Magisterium's meanings win over the A2A table.
        assert_eq!(
            ErrorKind::from_rpc(-32004, "Unauthorized"),
            ErrorKind::Unauthorized
        );
        assert_eq!(
            ErrorKind::from_rpc(-32005, "Plan required"),
            ErrorKind::PlanRequired
        );
        // Everything else is a generic rpc_error.
        for code in [-32700, -32600, -32603, -32002, -32006, 1, 0] {
            assert_eq!(
                ErrorKind::from_rpc(code, "boom"),
                ErrorKind::RpcError,
                "{code}"
            );
        }
        for kind in [
            ErrorKind::RpcError,
            ErrorKind::Timeout,
            ErrorKind::InvalidInput,
        ] {
            assert_eq!(kind.rpc_code(), None);
        }
    }

    #[test]
    fn rate_limit_message_wins_over_code() {
        assert_eq!(
            ErrorKind::from_rpc(-32603, "Rate limit exceeded"),
            ErrorKind::RateLimited
        );
        assert_eq!(
            ErrorKind::from_rpc(-32000, "too many requests"),
            ErrorKind::RateLimited
        );
    }

    #[test]
    fn http_statuses_without_json_rpc_body() {
        assert_eq!(ErrorKind::from_http_status(401), ErrorKind::Unauthorized);
        assert_eq!(ErrorKind::from_http_status(429), ErrorKind::RateLimited);
        for s in [400, 403, 404, 500, 502, 503, 504] {
            assert_eq!(ErrorKind::from_http_status(s), ErrorKind::HttpError);
        }
    }

    #[test]
    fn kind_strings_are_unique_snake_case() {
        let mut names: Vec<_> = ErrorKind::ALL.iter().map(|k| k.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ErrorKind::ALL.len());
        assert!(names
            .iter()
            .all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_')));
    }

    #[test]
    fn display_is_lowercase_kind_then_message() {
        let e = Error::from_rpc(-32001, "Task not found");
        assert_eq!(
            e.to_string(),
            "task_not_found: Task not found (json-rpc -32001)"
        );
        assert_eq!(e.code(), Some(-32001));
    }
}
