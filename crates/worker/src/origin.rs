//! The one origin rule of every route (the proxy, the stand-in, the A2A 1.0 door and its HTTP+JSON
//! binding, MCP, sign-in).
//!
//! A page may call the Worker when its `Origin` is on `ALLOWED_ORIGINS`. The request's own
//! `Host` is never trusted to vouch for a page: a DNS-rebinding page (`evil.example.com` resolved
//! to `127.0.0.1`) sends `Host` and `Origin` both `evil.example.com`, and a rule that accepts "the
//! Worker's own origin" as read from `Host` lets it in, to a `wrangler dev` on loopback holding a
//! real `MAGISTERIUM_TOKEN`. The only own origin accepted without the list is a loopback one
//! (`localhost`, `127.0.0.0/8`, `[::1]`) matching the request's: no browser sends a loopback
//! `Host` from a page of another host, so on a loopback listener the page is really there.

use std::net::IpAddr;

use crate::doors::rest;
use crate::settings::Settings;
use crate::sign_in;
use serde_json::Value;

use magisterium_core::serve::http::{code, path, WorkerRequest, WorkerResponse};

/// True when a page of `origin` may call the Worker: requests without `Origin` (servers, SDKs
/// outside browsers, same-origin GETs) are not pages; `null` (a sandboxed frame, a `file:` page)
/// never is; otherwise the origin must be on `ALLOWED_ORIGINS`, or be the request's own origin on
/// a loopback name.
pub fn allows_origin(request: &WorkerRequest, settings: &Settings) -> bool {
    request.header("origin").is_none_or(|origin| {
        origin != "null"
            && (settings.cors.allows(origin)
                || (origin == request.origin && is_loopback_origin(origin)))
    })
}

/// True when the site the request names (its own origin, from `Host`) may run sign-in: a
/// loopback origin, or one on `ALLOWED_ORIGINS`. Sign-in builds its redirect URI and cookie from
/// that site, so a rebinding `Host` must not reach it.
pub fn allows_site(request: &WorkerRequest, settings: &Settings) -> bool {
    is_loopback_origin(&request.origin) || settings.cors.allows(&request.origin)
}

/// The 403 when the rule refuses `request`, else `None`: a page calling a `POST` route, `/mcp`,
/// any call of the HTTP+JSON binding (its `GET /tasks/…` reach the upstream as a POST does) or
/// sign-in from an origin it does not allow, or sign-in on a site it does not allow. Every
/// route asks this one function first (the app for its paths, the entry before sign-in).
pub fn check(request: &WorkerRequest, settings: &Settings) -> Option<WorkerResponse> {
    let sign_in = sign_in::base_of(&request.path).is_some();
    let rest_call = request.method != "OPTIONS" && rest::rest_path(&request.path).is_some();
    let guarded = request.method == "POST" || request.path == path::MCP || rest_call || sign_in;
    let refused = (guarded && !allows_origin(request, settings))
        || (sign_in && !allows_site(request, settings));
    refused.then(|| {
        // A JSON-RPC error without an id (nothing was read yet): the request's exit gives it the
        // request's id and its door's shape.
        WorkerResponse::rpc_error(403, &Value::Null, code::INVALID_REQUEST, NOT_ALLOWED, None)
    })
}

/// The message of the rule's refusals.
const NOT_ALLOWED: &str = "Origin not allowed";

/// True for `http(s)://` origins whose host is `localhost` (or `*.localhost`), an IPv4 address in
/// `127.0.0.0/8` or `[::1]`.
pub fn is_loopback_origin(origin: &str) -> bool {
    let Some(authority) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return false;
    };
    let host = match authority.strip_prefix('[') {
        // `[::1]:8787`: the address inside the brackets.
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => authority.split(':').next().unwrap_or_default(),
    };
    let host = host.to_ascii_lowercase();
    host == "localhost"
        || host.ends_with(".localhost")
        || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::is_loopback_origin;

    #[test]
    fn loopback_names_only() {
        for yes in [
            "http://127.0.0.1:8787",
            "http://localhost:8787",
            "http://LOCALHOST",
            "http://app.localhost:1",
            "http://[::1]:8787",
            "https://127.9.0.1",
        ] {
            assert!(is_loopback_origin(yes), "{yes}");
        }
        for no in [
            "http://evil.example.com",
            "http://127.0.0.1.evil.example",
            "http://localhost.evil.example",
            "http://[::2]:8787",
            "http://10.0.0.1",
            "null",
            "file://",
            "",
        ] {
            assert!(!is_loopback_origin(no), "{no}");
        }
    }
}
