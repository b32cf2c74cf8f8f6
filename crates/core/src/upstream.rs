//! What our proxy says about the upstream when it answers an error of its own instead of the
//! upstream's answer: whether the request reached the upstream, and why the proxy answered. A
//! client reads it to know whether repeating a `message/send` could run it twice upstream (and
//! spend the account's quota twice). It is the JSON-RPC error's `data`:
//!
//! ```json
//! { "upstream": "reached", "reason": "timeout" }
//! ```
//!
//! - `upstream`: `"reached"` when the request was sent to the upstream, which may have run it,
//!   even though no usable answer came back; `"not_reached"` when it certainly was not sent.
//! - `reason`: `"timeout"` (no whole answer within the proxy's time budget, HTTP 504),
//!   `"no_answer"` (the connection failed or was cut before a whole answer), `"too_large"` (the
//!   answer passed the proxy's byte cap), `"redirected"`, `"not_json"`, `"not_rpc"` (the answer is
//!   JSON but no JSON-RPC response), `"internal"` (the proxy itself failed).
//!
//! The Worker writes it ([`Fault::data`]); the SDK reads it ([`Reach::from_data`]) and its retry
//! policy decides by it (`crate::retry`).

use super::json_view::JsonView;

/// Whether a request reached the upstream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Sent to the upstream, which may have run it.
    Reached,
    /// Certainly not sent.
    NotReached,
}

impl Reach {
    /// The value of `data.upstream`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Reached => "reached",
            Self::NotReached => "not_reached",
        }
    }

    /// What the `data` of a JSON-RPC error says, when it says it (`None` for any other `data`).
    pub fn from_data<V: JsonView>(data: &V) -> Option<Self> {
        match data.field("upstream")?.string()?.as_ref() {
            "reached" => Some(Self::Reached),
            "not_reached" => Some(Self::NotReached),
            _ => None,
        }
    }
}

/// Why the proxy answered instead of the upstream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// No whole answer within the time budget.
    Timeout,
    /// The connection failed or was cut before a whole answer.
    NoAnswer,
    /// The answer passed the byte cap.
    TooLarge,
    /// The upstream answered with a redirect (never followed).
    Redirected,
    /// The answer is not JSON.
    NotJson,
    /// The answer is JSON, but no JSON-RPC response.
    NotRpc,
    /// The proxy itself failed.
    Internal,
}

impl Reason {
    /// The value of `data.reason`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Timeout => "timeout",
            Self::NoAnswer => "no_answer",
            Self::TooLarge => "too_large",
            Self::Redirected => "redirected",
            Self::NotJson => "not_json",
            Self::NotRpc => "not_rpc",
            Self::Internal => "internal",
        }
    }
}

/// What the proxy says in its answer: the `data` of its JSON-RPC error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fault {
    /// Whether the request reached the upstream.
    pub reach: Reach,
    /// Why the proxy answered.
    pub reason: Reason,
}

impl Fault {
    /// A fault after the request was sent upstream.
    pub fn reached(reason: Reason) -> Self {
        Self {
            reach: Reach::Reached,
            reason,
        }
    }

    /// A fault before the request was sent upstream.
    pub fn not_reached(reason: Reason) -> Self {
        Self {
            reach: Reach::NotReached,
            reason,
        }
    }

    /// The HTTP status of the proxy's answer: 504 for a timeout, 500 for its own failure, 502
    /// for the rest.
    pub fn status(self) -> u16 {
        match self.reason {
            Reason::Timeout => 504,
            Reason::Internal => 500,
            _ => 502,
        }
    }

    /// The JSON-RPC error's `data`.
    pub fn data(self) -> serde_json::Value {
        serde_json::json!({ "upstream": self.reach.as_str(), "reason": self.reason.as_str() })
    }
}
