//! The Worker's settings, read from its vars and secrets on every request, so
//! `wrangler dev --var NAME:VALUE` overrides any of them without a rebuild.

use std::collections::HashMap;

use super::agent::AgentConfig;
use super::cors::CorsPolicy;
use crate::protocol::Skill;

/// Default request body cap (64 KiB).
pub const DEFAULT_MAX_BODY_BYTES: usize = 64 * 1024;
/// Default upstream answer cap (16 MiB).
pub const DEFAULT_MAX_UPSTREAM_BYTES: usize = 16 * 1024 * 1024;

/// Where JSON-RPC calls go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Upstream {
    /// The embedded stand-in agent, in-process (`UPSTREAM_URL` unset or `embedded`).
    Embedded,
    /// A fixed URL (production: Magisterium's endpoint).
    Url(String),
}

/// Everything the Worker reads from its environment.
#[derive(Debug, Clone)]
pub struct Settings {
    /// `UPSTREAM_URL`.
    pub upstream: Upstream,
    /// `ALLOWED_ORIGINS` (comma-separated exact origins).
    pub cors: CorsPolicy,
    /// `ALLOWED_SKILLS` (comma-separated ids; default all ten).
    pub allowed_skills: Vec<Skill>,
    /// `MAX_BODY_BYTES`.
    pub max_body_bytes: usize,
    /// `MAX_UPSTREAM_BYTES`.
    pub max_upstream_bytes: usize,
    /// The stand-in's emulation switches: `AGENT_REQUIRE_TOKEN`, `AGENT_FREE_PLAN_TOKEN`,
    /// `AGENT_RATE_LIMITS` (`on`/`true`/`1`).
    pub agent: AgentConfig,
}

fn flag(value: Option<&String>) -> bool {
    value.is_some_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "on" | "yes"))
}

fn non_empty(value: Option<&String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

impl Settings {
    /// Reads the settings from the Worker's string vars. Unknown or malformed values fall back to
    /// the safe default (e.g. an unparsable `MAX_BODY_BYTES` is 64 KiB).
    pub fn from_vars(vars: &HashMap<String, String>) -> Self {
        let upstream = match non_empty(vars.get("UPSTREAM_URL")) {
            None => Upstream::Embedded,
            Some(u) if u.eq_ignore_ascii_case("embedded") => Upstream::Embedded,
            Some(u) => Upstream::Url(u),
        };
        let allowed_skills = match non_empty(vars.get("ALLOWED_SKILLS")) {
            None => Skill::ALL.to_vec(),
            Some(list) => list.split(',').filter_map(|s| Skill::from_id(s.trim())).collect(),
        };
        let size = |name: &str, default: usize| {
            vars.get(name)
                .and_then(|v| v.trim().parse::<usize>().ok())
                .filter(|n| *n > 0)
                .unwrap_or(default)
        };
        Self {
            upstream,
            cors: CorsPolicy::from_list(vars.get("ALLOWED_ORIGINS").map_or("", String::as_str)),
            allowed_skills,
            max_body_bytes: size("MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES),
            max_upstream_bytes: size("MAX_UPSTREAM_BYTES", DEFAULT_MAX_UPSTREAM_BYTES),
            agent: AgentConfig {
                required_token: non_empty(vars.get("AGENT_REQUIRE_TOKEN")),
                free_plan_token: non_empty(vars.get("AGENT_FREE_PLAN_TOKEN")),
                rate_limits: flag(vars.get("AGENT_RATE_LIMITS")),
            },
        }
    }
}
