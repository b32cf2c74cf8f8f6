//! The per-visitor limits' pure parts: who a visitor is (the key every limit counts under), and
//! what the budget object's answer means for a call.

use super::proxy::Limit;

/// The visitor's key from `CF-Connecting-IP` (`raw`), as today: the header as it came, `local`
/// without one.
pub fn visitor_key(raw: Option<&str>) -> String {
    raw.unwrap_or("local").to_owned()
}

/// What the account's budget object said about a call (`io.rs`, `take_budget`).
#[derive(Debug, Clone, PartialEq)]
pub enum Budgeted {
    /// The call may go upstream.
    Go,
    /// A limit refused it in `pool`; `wait`: the whole seconds until a slot frees up, when the
    /// object said.
    Refused {
        /// The full pool (`"default"`, `"catholic_qa"`).
        pool: String,
        /// Whole seconds until a slot frees up.
        wait: Option<u64>,
        /// Which limit refused.
        limit: Limit,
    },
    /// The object could not be asked: its RPC threw or was rejected (overloaded, unreachable).
    Failed,
}

/// Whether a sign-in may start (`/auth/login`).
#[derive(Debug)]
pub enum Gate {
    /// Go on to `auth.js`.
    Open,
    /// Ask the Rate Limiting binding of `pool` about `key` first.
    AskBinding {
        /// The pool's name, for the binding's choice.
        pool: String,
        /// The binding's key.
        key: String,
    },
    /// Refused: send this answer (429 with `Retry-After`).
    Refused(magisterium_core::serve::http::WorkerResponse),
}
