//! MCP authorization's place in the Worker: whether a deployment's `/mcp` takes sign-in, and which
//! paths belong to the authorization server the Worker then is for its MCP clients. The flow
//! itself (metadata, registration by Client ID Metadata Document or dynamic registration,
//! consent, the token endpoint with PKCE S256, refresh with rotation, revocation, the Bearer
//! challenge) is `mcp-auth.js`, on @cloudflare/workers-oauth-provider, and the visitor's
//! Magisterium sign-in is `auth.js`'s (docs/mcp.md, "Signed in").

use serde_json::{json, Value};

use crate::settings::{Settings, SignIn};
use magisterium_core::mcp;
use magisterium_core::serve::http::{code, WorkerResponse};

/// How MCP clients reach `/mcp` on a deployment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum McpAccess {
    /// No sign-in: every call runs on the operator's token (deployments that allow anonymous
    /// calls, and those without sign-in).
    Anonymous,
    /// Each MCP user signs in with their own Magisterium account: the Worker is the OAuth
    /// authorization server of its `/mcp`, and a call runs on the token of the sign-in its grant
    /// holds.
    SignedIn,
}

/// The binding of the authorization server's store (a KV namespace, as the library needs).
pub const STORE: &str = "OAUTH_KV";

/// How `/mcp` is reached: signed in when the deployment requires sign-in (`ALLOW_ANONYMOUS`
/// off, sign-in configured), else anonymous. `has_store`: the [`STORE`] binding is present.
///
/// # Errors
/// A deployment that requires sign-in without the store: HTTP 503 (-32603) naming it; MCP
/// calls never fall back to the operator's token there.
pub fn access(settings: &Settings, has_store: bool) -> Result<McpAccess, WorkerResponse> {
    if settings.sign_in == SignIn::Off || settings.anonymous_allowed {
        return Ok(McpAccess::Anonymous);
    }
    if has_store {
        return Ok(McpAccess::SignedIn);
    }
    let message = format!(
        "Worker misconfigured: {STORE} is not bound, and MCP clients must sign in here (ALLOW_ANONYMOUS=off)"
    );
    Err(WorkerResponse::rpc_error(
        503,
        &Value::Null,
        code::INTERNAL_ERROR,
        &message,
        Some(json!({ "setting": STORE })),
    ))
}

/// The MCP answer for a call whose token the authorization server refused with `status` (401:
/// none, or one invalid, expired, revoked, for another resource, or whose sign-in is over; 403:
/// short of the scope; 503: it cannot be checked now): a JSON-RPC error saying so, with the
/// server's `WWW-Authenticate` challenge (how to sign in) and `Retry-After`, if any.
pub fn token_refused(
    status: u16,
    challenge: Option<String>,
    retry_after: Option<String>,
) -> WorkerResponse {
    let (code, message) = match status {
        401 => (code::UNAUTHORIZED, "Unauthorized: MCP clients sign in on this server (OAuth; the WWW-Authenticate header names its protected-resource metadata)"),
        403 => (code::UNAUTHORIZED, "Forbidden: the access token lacks the scope this server requires"),
        _ => (code::INTERNAL_ERROR, "The access token cannot be checked now; try again shortly"),
    };
    let mut refused = mcp::error_response(status, &Value::Null, code, message);
    for (name, value) in [
        ("www-authenticate", challenge),
        ("retry-after", retry_after),
    ] {
        if let Some(value) = value {
            refused = refused.with_header(name, &value);
        }
    }
    refused
}

/// The authorization server's own endpoints (authorize, the return from the Magisterium
/// sign-in, token and revocation, registration).
pub const PREFIX: &str = "/mcp-auth/";

/// The metadata documents: RFC 9728 for `/mcp` (and the root form some clients try first), RFC
/// 8414 for the authorization server (issuer: the Worker's origin).
const METADATA: [&str; 3] = [
    "/.well-known/oauth-protected-resource/mcp",
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-authorization-server",
];

/// True for the paths the authorization server answers on a signed-in deployment.
pub fn owns(path: &str) -> bool {
    path.starts_with(PREFIX) || METADATA.contains(&path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_token_is_an_mcp_error_with_the_challenge() {
        let challenge = "Bearer resource_metadata=\"https://w.example/.well-known/oauth-protected-resource/mcp\"";
        let refused = token_refused(401, Some(challenge.into()), None);
        assert_eq!(refused.status, 401);
        assert_eq!(refused.header("www-authenticate"), Some(challenge));
        let body: Value = serde_json::from_str(&refused.body).unwrap_or_default();
        assert_eq!(body["error"]["code"], code::UNAUTHORIZED);
        assert_eq!(body["jsonrpc"], "2.0");
        let unavailable = token_refused(503, None, Some("5".into()));
        assert_eq!(unavailable.header("retry-after"), Some("5"));
        assert_eq!(unavailable.header("www-authenticate"), None);
    }

    #[test]
    fn the_servers_paths_only() {
        for yes in [
            "/mcp-auth/authorize",
            "/mcp-auth/token",
            "/mcp-auth/register",
            "/mcp-auth/resume",
            "/.well-known/oauth-protected-resource/mcp",
            "/.well-known/oauth-authorization-server",
        ] {
            assert!(owns(yes), "{yes}");
        }
        for no in [
            "/mcp",
            "/mcp-auth",
            "/auth/login",
            "/oauth/authorize",
            "/.well-known/agent.json",
            "/.well-known/oauth-protected-resource/other",
        ] {
            assert!(!owns(no), "{no}");
        }
    }
}
