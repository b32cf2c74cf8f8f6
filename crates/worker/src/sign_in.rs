//! Whether sign-in can run on a deployment, and what a call without a session may do: decided
//! here, once, for every route. `auth.js` (oauth4webapi) only carries sign-in out; it reads
//! `enabled` from these settings (`authSettings`) instead of judging the bindings itself.

use crate::settings::{Settings, SignIn};
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

    /// The setting sign-in lacks (`OAUTH_ISSUER` when it is off), `None` when it is ready.
    pub fn missing(self) -> Option<&'static str> {
        match self {
            Self::Off => Some("OAUTH_ISSUER"),
            Self::Ready => None,
            Self::Missing(setting) => Some(setting),
        }
    }
}

/// The answer to a call without a session on a deployment that allows none (`ALLOW_ANONYMOUS`
/// off) but cannot sign anyone in: HTTP 503, JSON-RPC -32603 naming the missing setting. Such a
/// deployment never falls back to the operator's token. `None` when the call may go on (to
/// sign-in's own refusal, or with the operator's token).
pub fn anonymous_refused(settings: &Settings, readiness: Readiness) -> Option<WorkerResponse> {
    if settings.anonymous_allowed {
        return None;
    }
    let missing = readiness.missing()?;
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

/// Where sign-in answers (`<base>/login`, `<base>/callback`, `<base>/session`,
/// `<base>/logout`): `/auth` on a Worker that has the whole site (the demo), and `/api/auth` for
/// a proxy routed `/api/*` of a site (docs/deploy.md), which sees nothing outside `/api/`. A
/// sign-in's redirect URI and OAuth client follow the base it was started under.
pub const BASES: [&str; 2] = ["/auth", "/api/auth"];

/// The base of sign-in that `path` is under (`/api/auth/login` → `/api/auth`), else `None`.
pub fn base_of(path: &str) -> Option<&'static str> {
    BASES.into_iter().find(|base| {
        path.strip_prefix(base)
            .is_some_and(|rest| rest.starts_with('/'))
    })
}

/// True for a path that starts a sign-in (`/auth/login`, `/api/auth/login`): a Durable Object
/// and the issuer's discovery each time, so it counts in the visitor's `sign_in` pool.
pub fn starts_sign_in(path: &str) -> bool {
    base_of(path).is_some_and(|base| path.get(base.len()..) == Some("/login"))
}

/// OAuth error codes that say the issuer failed, not that it refused the credential (RFC 6749,
/// 4.1.2.1): whatever the status they come with, the refresh is tried again.
const TRANSIENT_ERRORS: [&str; 2] = ["temporarily_unavailable", "server_error"];

/// A refresh that failed, as `auth.js` saw it from oauth4webapi.
#[derive(Debug, Clone, Default)]
pub struct RefreshFailure<'a> {
    /// The token endpoint's HTTP status, when it answered (`None`: no answer, e.g. the network).
    pub status: Option<u16>,
    /// The OAuth `error` code of its answer's body, when it had one.
    pub error: Option<&'a str>,
    /// The answer carried a `WWW-Authenticate` challenge.
    pub challenge: bool,
    /// How long this session's refreshes have been failing, in milliseconds (0 for the first).
    pub failing_for_ms: f64,
    /// The session's access token has expired (no call can be served with it any more).
    pub access_expired: bool,
}

/// What a session does after a refresh failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterRefreshFailure {
    /// The session ends (its calls are then refused as signed out).
    End,
    /// The session stays; the call is answered 503 with `Retry-After` when the access token can
    /// no longer serve it, and the next call tries the refresh again.
    Retry,
}

impl AfterRefreshFailure {
    /// `"end"` or `"retry"`, as `auth.js` reads it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::End => "end",
            Self::Retry => "retry",
        }
    }
}

/// Decides what a failed refresh does to its session. A refused credential ends it: any OAuth
/// error answer of the token endpoint with 400 or 401 (`invalid_grant`, `invalid_client`,
/// `invalid_request`, …), a 400 with a `WWW-Authenticate` challenge, and any 401. Anything else is
/// a transient fault (a 5xx, `temporarily_unavailable`, a network failure, a timeout, an answer
/// that is not a token response): the session stays, until its refreshes have failed for longer
/// than `grace_secs` (`SESSION_REFRESH_GRACE_SECONDS`) with its access token expired.
pub fn after_refresh_failure(failure: &RefreshFailure<'_>, grace_secs: u32) -> AfterRefreshFailure {
    let transient_code = failure.error.is_some_and(|e| TRANSIENT_ERRORS.contains(&e));
    let refused = match failure.status {
        Some(401) => !transient_code,
        Some(400) => (failure.error.is_some() || failure.challenge) && !transient_code,
        _ => false,
    };
    let given_up =
        failure.access_expired && failure.failing_for_ms > f64::from(grace_secs) * 1000.0;
    if refused || given_up {
        AfterRefreshFailure::End
    } else {
        AfterRefreshFailure::Retry
    }
}
