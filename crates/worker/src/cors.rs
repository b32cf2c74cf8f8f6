//! CORS for the Worker's endpoints: an exact origin allowlist, never `*`, never a reflected or
//! `null` origin; preflight answered for allowed origins only.

use magisterium_core::serve::http::WorkerResponse;

/// Request headers a page may send.
pub const ALLOWED_HEADERS: &str =
    "content-type, authorization, x-request-id, a2a-version, mcp-protocol-version, mcp-method, mcp-name";
/// Response headers a page may read.
pub const EXPOSED_HEADERS: &str =
    "retry-after, x-request-id, x-magisterium-agent, x-magisterium-cache, www-authenticate";

/// The parsed `ALLOWED_ORIGINS` list.
#[derive(Debug, Clone, Default)]
pub struct CorsPolicy {
    origins: Vec<String>,
}

impl CorsPolicy {
    /// From a comma-separated list of exact origins (`https://app.example, http://127.0.0.1:8787`).
    pub fn from_list(list: &str) -> Self {
        Self {
            origins: list
                .split(',')
                .map(|o| o.trim().trim_end_matches('/').to_owned())
                .filter(|o| !o.is_empty() && o != "null" && o != "*")
                .collect(),
        }
    }

    /// The allowed origins.
    pub fn origins(&self) -> &[String] {
        &self.origins
    }

    /// True when `origin` is on the list.
    pub fn allows(&self, origin: &str) -> bool {
        origin != "null" && self.origins.iter().any(|o| o == origin)
    }

    /// Adds the CORS headers for an allowed `origin` (and always `Vary: Origin`), unless the
    /// response has them already (a preflight's).
    pub fn decorate(&self, response: WorkerResponse, origin: Option<&str>) -> WorkerResponse {
        if response
            .header("vary")
            .is_some_and(|v| v.contains("Origin"))
        {
            return response;
        }
        let response = response.with_header("vary", "Origin");
        match origin {
            Some(origin) if self.allows(origin) => response
                .with_header("access-control-allow-origin", origin)
                .with_header("access-control-expose-headers", EXPOSED_HEADERS),
            _ => response,
        }
    }

    /// The answer to a preflight: 204 with the allowances for an allowed origin, 403 without any
    /// CORS header otherwise.
    pub fn preflight(&self, origin: Option<&str>) -> WorkerResponse {
        match origin {
            Some(origin) if self.allows(origin) => WorkerResponse {
                status: 204,
                headers: vec![
                    ("access-control-allow-origin".into(), origin.to_owned()),
                    (
                        "access-control-allow-methods".into(),
                        "POST, GET, OPTIONS".into(),
                    ),
                    (
                        "access-control-allow-headers".into(),
                        ALLOWED_HEADERS.into(),
                    ),
                    ("access-control-max-age".into(), "600".into()),
                    ("vary".into(), "Origin".into()),
                ],
                body: String::new(),
            },
            _ => WorkerResponse {
                status: 403,
                headers: vec![("vary".into(), "Origin".into())],
                body: String::new(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_origins_only() {
        let p = CorsPolicy::from_list(" https://a.example/ , *, null,http://127.0.0.1:8787");
        assert!(p.allows("https://a.example"));
        assert!(p.allows("http://127.0.0.1:8787"));
        assert!(!p.allows("https://a.example.evil"));
        assert!(!p.allows("null"));
        assert!(!p.allows("*"));
        let ok = p.preflight(Some("https://a.example"));
        assert_eq!(ok.status, 204);
        assert_eq!(
            ok.header("access-control-allow-origin"),
            Some("https://a.example")
        );
        let refused = p.preflight(Some("https://evil.example"));
        assert_eq!(refused.status, 403);
        assert_eq!(refused.header("access-control-allow-origin"), None);
        let plain = p.decorate(
            WorkerResponse::json(200, &serde_json::json!({})),
            Some("https://evil.example"),
        );
        assert_eq!(plain.header("access-control-allow-origin"), None);
        assert_eq!(plain.header("vary"), Some("Origin"));
    }
}
