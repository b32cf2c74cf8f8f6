//! Whether sign-in can run on a deployment, and what a call without a session may do: decided
//! here, once, for every route. `auth.js` (oauth4webapi) only carries sign-in out; it reads
//! `enabled` from these settings (`authSettings`) instead of judging the bindings itself.

use super::settings::{Settings, SignIn};
use magisterium_core::serve::http::{code, WorkerResponse};

/// Sign-in on this deployment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readiness {
    /// No issuer (`OAUTH_ISSUER` empty).
    Off,
    /// An issuer, the `SESSION` Durable Object and a client (`OAUTH_CLIENT_ID` or the
    /// `OAUTH_CLIENT` Durable Object).
    Ready,
    /// An issuer, but this setting is missing.
    Missing(&'static str),
}

impl Readiness {
    /// From the settings and which bindings `env` has.
    pub fn of(settings: &Settings, has_session: bool, has_client: bool) -> Self {
        match settings.sign_in {
            SignIn::Off => Self::Off,
            _ if !has_session => Self::Missing("SESSION"),
            _ if !has_client => Self::Missing("OAUTH_CLIENT"),
            _ => Self::Ready,
        }
    }

    /// True when visitors can sign in.
    pub fn enabled(self) -> bool {
        self == Self::Ready
    }
}

/// The answer to a call without a session on a deployment that allows none (`ALLOW_ANONYMOUS`
/// off) but cannot sign anyone in: HTTP 503, JSON-RPC -32603 naming the missing setting. Such a
/// deployment never falls back to the operator's token. `None` when the call may go on (to
/// sign-in's own refusal, or with the operator's token).
pub fn anonymous_refused(settings: &Settings, readiness: Readiness) -> Option<WorkerResponse> {
    let missing = match readiness {
        _ if settings.anonymous_allowed => return None,
        Readiness::Ready => return None,
        Readiness::Off => "OAUTH_ISSUER",
        Readiness::Missing(setting) => setting,
    };
    let message = format!(
        "Worker misconfigured: {missing} is not set, and calls without sign-in are refused (ALLOW_ANONYMOUS=off)"
    );
    let data = serde_json::json!({ "setting": missing });
    Some(WorkerResponse::rpc_error(
        503,
        &serde_json::Value::Null,
        code::INTERNAL_ERROR,
        &message,
        Some(data),
    ))
}
