//! The limits, one room: the account's budget ([`budget`], counted by its Durable Object) and the
//! leases an isolate holds of it ([`lease`]); and here the per-visitor limits' pure parts: who a visitor is (the key every limit counts under), what
//! the account's budget object's answer means for a call, and the answers of these limits.
//!
//! Order of a proxied call: the per-visitor limit (the isolate's limiter, or the Rate Limiting
//! binding when configured), and only a call it lets through asks the account's budget object.
//! So one visitor's flood is refused in the isolate (or by the binding) and never reaches the one
//! object every anonymous call shares.

pub mod budget;
pub mod fills;
pub mod lease;

use std::net::{IpAddr, Ipv6Addr};

use serde_json::{json, Value};

use crate::proxy::Limit;
use magisterium_core::serve::http::{code, WorkerResponse};

/// The key of a request without `CF-Connecting-IP` (`wrangler dev`, a test).
pub const LOCAL_KEY: &str = "local";
/// The one key of every request whose `CF-Connecting-IP` is not an address: nobody gets a key of
/// their own by sending something else (Cloudflare sets the header, so this is a fault).
pub const UNKNOWN_KEY: &str = "unknown";
/// The `Retry-After` of a call refused because the budget object failed (seconds): the object
/// is overloaded or restarting, which passes within seconds.
pub const BUDGET_RETRY_AFTER_SECS: u64 = 2;

/// The visitor's key from `CF-Connecting-IP` (`raw`): an IPv4 address as it is; an IPv6 address
/// as its /64 (`2001:db8:1:2::/64`: one home or one server gets a whole /64, so its interface
/// ids are one visitor), an IPv4-mapped one (`::ffff:1.2.3.4`) as its IPv4 address, a zone id
/// (`%eth0`) dropped. [`UNKNOWN_KEY`] for anything else, [`LOCAL_KEY`] without the header.
/// The address is read and written by the standard library (the parser the origin rule uses).
pub fn visitor_key(raw: Option<&str>) -> String {
    let Some(raw) = raw.map(str::trim) else {
        return LOCAL_KEY.to_owned();
    };
    let (address, zone) = match raw.split_once('%') {
        Some((_, "")) => return UNKNOWN_KEY.to_owned(),
        Some((address, _)) => (address, true),
        None => (raw, false),
    };
    match address.parse::<IpAddr>() {
        Ok(IpAddr::V4(v4)) if !zone => v4.to_string(),
        Ok(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let [a, b, c, d, ..] = v6.segments();
                format!("{}/64", Ipv6Addr::new(a, b, c, d, 0, 0, 0, 0))
            }
        },
        _ => UNKNOWN_KEY.to_owned(),
    }
}

/// What the account's budget object said about a call (`workerd/budget_calls.rs`, `take_budget`).
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

/// The answer to a call whose budget object failed: HTTP 503 with `Retry-After`
/// ([`BUDGET_RETRY_AFTER_SECS`]) and JSON-RPC -32603 whose `data` says the call never reached
/// the upstream (`upstream: "not_reached"`, `reason: "budget_unavailable"`), so a client may
/// safely send it again (the SDK does).
pub fn budget_unavailable(id: &Value) -> WorkerResponse {
    let wait = BUDGET_RETRY_AFTER_SECS;
    let data = json!({
        "upstream": "not_reached",
        "reason": "budget_unavailable",
        "retryAfterSeconds": wait,
    });
    WorkerResponse::rpc_error(
        503,
        id,
        code::INTERNAL_ERROR,
        "Upstream budget unavailable, try again shortly",
        Some(data),
    )
    .with_header("retry-after", wait.to_string())
}

/// Whether a request to `/auth/*` may go on to `auth.js`.
#[derive(Debug)]
pub enum Gate {
    /// Go on.
    Open,
    /// Ask the Rate Limiting binding of `pool` about `key` first.
    AskBinding {
        /// The pool's name, for the binding's choice.
        pool: String,
        /// The binding's key.
        key: String,
    },
    /// Refused: send this answer (429 with `Retry-After`).
    Refused(WorkerResponse),
}

/// The 429 to a visitor over their sign-in limit (`allowed` starts a `window_secs`), in
/// `auth.js`'s JSON shape (`error`), with `Retry-After`.
pub fn sign_in_limited(retry_after_secs: u64, allowed: u32, window_secs: u32) -> WorkerResponse {
    let body = json!({
        "error": "too many sign-in attempts from this address; try again later",
        "pool": "sign_in",
        "limit": Limit::Client.name(),
        "allowed": allowed,
        "windowSeconds": window_secs,
        "retryAfterSeconds": retry_after_secs,
    });
    WorkerResponse::json(429, &body).with_header("retry-after", retry_after_secs.to_string())
}
