//! What the proxy's two request targets (`proxy_request`, `mcp_request`) share: the configured
//! upstream and secret, the Worker's variables, a POST of the fuzzed bytes and the check of a
//! forwarded skill. The worker's native replay tests include this file next to theirs (`#[path]`),
//! as `super::proxy_setup`.

use magisterium_core::serve::http::WorkerRequest;
use magisterium_worker::proxy::ForwardPlan;
use magisterium_worker::settings::Settings;
use std::collections::HashMap;

pub const UPSTREAM: &str = "http://127.0.0.1:18900/by-query";
pub const SECRET: &str = "fuzz-secret-token-0123456789";

/// The proxy's variables: the upstream, its token and one allowed origin, then `more`.
pub fn vars(more: &[(&str, &str)]) -> HashMap<String, String> {
    [
        ("UPSTREAM_URL", UPSTREAM),
        ("MAGISTERIUM_TOKEN", SECRET),
        ("ALLOWED_ORIGINS", "https://app.example"),
    ]
    .iter()
    .chain(more)
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect()
}

/// The fuzzed bytes as a JSON POST to `path` of the proxy, with `headers` besides its content type.
pub fn post(path: &str, headers: &[(&str, &str)], data: &[u8]) -> WorkerRequest {
    let mut all = vec![("content-type".to_owned(), "application/json".to_owned())];
    all.extend(
        headers
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
    );
    WorkerRequest {
        method: "POST".into(),
        path: path.into(),
        origin: "https://proxy.example".into(),
        headers: all,
        body: data.to_vec(),
        client_key: "198.51.100.7".into(),
        now_ms: 1_796_083_200_000.0,
        ..Default::default()
    }
}

/// The secret may come back only when the request itself carried it (the stand-in echoes text).
pub fn echoes_secret(data: &[u8]) -> bool {
    String::from_utf8_lossy(data).contains(SECRET)
}

/// The skill a forwarded `message/send` names, which must be one of the allowed skills.
pub fn allowed_skill<'a>(plan: &'a ForwardPlan, settings: &Settings) -> &'a str {
    let skill = plan
        .skill
        .as_deref()
        .expect("a message/send without a skill");
    assert!(
        settings.allowed_skills.iter().any(|s| s.id() == skill),
        "forwarded skill {skill} is not allowed"
    );
    skill
}
