//! The Worker's settings, read from its vars and secrets (parsed once per isolate and `env`), so
//! `wrangler dev --var NAME:VALUE` overrides any of them without a rebuild.

use crate::cache::keys;
use crate::cors::CorsPolicy;
use magisterium_core::call::MAX_TIMEOUT_MS;
use magisterium_core::Skill;
#[cfg(feature = "stand-in")]
use magisterium_stand_in::AgentConfig;

/// Default request body cap (64 KiB).
pub const DEFAULT_MAX_BODY_BYTES: usize = 64 * 1024;
/// Default upstream answer cap (16 MiB).
pub const DEFAULT_MAX_UPSTREAM_BYTES: usize = 16 * 1024 * 1024;
/// Default cap of an answer through a door (8 MiB): the A2A 1.0 and MCP doors hold an answer
/// 2 to 4 times while they rewrite it (`bench/README.md`, "Memory through the doors").
pub const DEFAULT_MAX_DOOR_BYTES: usize = 8 * 1024 * 1024;

/// Where JSON-RPC calls go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Upstream {
    /// The embedded stand-in agent, in-process (`UPSTREAM_URL` unset or `embedded`). Only the
    /// demo's Worker (feature `stand-in`) has it; the proxy alone answers a configuration error.
    Embedded,
    /// A fixed URL (production: Magisterium's endpoint).
    Url(String),
}

/// `LOG_REQUESTS`: which API requests get the Worker's one structured JSON log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogRequests {
    /// Every API request, answered or refused.
    All,
    /// Only what needs attention (the default): refusals (HTTP 4xx: validation, CORS and
    /// cross-site refusals, sign-in, body cap, rate limits), upstream failures and non-2xx answers
    /// (HTTP 5xx: timeouts, unreachable, oversized or non-JSON answers), answers that carry a
    /// JSON-RPC error, and internal errors. Successful calls are already in Cloudflare's
    /// invocation logs (status, duration, CPU time).
    #[default]
    Errors,
    /// No per-request line (uncaught exceptions are still reported with `console.error`).
    Off,
}

impl LogRequests {
    /// Reads `all` / `errors` / `off` (case-insensitive). Anything else is the default,
    /// [`LogRequests::Errors`], so a typo never silences the errors.
    pub fn from_var(value: Option<&str>) -> Self {
        match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
            Some("all") => Self::All,
            Some("off") => Self::Off,
            _ => Self::Errors,
        }
    }

    /// Whether an answer with HTTP `status` gets a log line; `rpc_error`: its body is a JSON-RPC
    /// error (an upstream can answer one with HTTP 200).
    pub fn wants(self, status: u16, rpc_error: bool) -> bool {
        match self {
            Self::All => true,
            Self::Errors => status >= 400 || rpc_error,
            Self::Off => false,
        }
    }
}

/// `OAUTH_ISSUER`: who signs visitors in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignIn {
    /// No sign-in (`OAUTH_ISSUER` empty or unset).
    Off,
    /// The stand-in's emulated authorization server (`embedded`, the demo's Worker only).
    Embedded,
    /// A real issuer's URL.
    Issuer(String),
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
    /// `MAX_DOOR_BYTES`: the answer cap through the A2A 1.0 and MCP doors (never above
    /// `MAX_UPSTREAM_BYTES`).
    pub max_door_bytes: usize,
    /// `MAGISTERIUM_TOKEN` (a secret) is set: the operator's token for calls without a session.
    pub operator_token: bool,
    /// `ALLOW_ANONYMOUS` (default on): calls without a session use the operator's token.
    pub anonymous_allowed: bool,
    /// `OAUTH_ISSUER`: sign-in, off when empty.
    pub sign_in: SignIn,
    /// `PROXY_RATE_LIMITS` (default on): per-client limits in front of a URL upstream.
    pub proxy_rate_limits: bool,
    /// `PROXY_PER_MINUTE` (default 15) and `PROXY_QA_PER_MINUTE` (default 2).
    pub proxy_limits: (u32, u32),
    /// `PROXY_WINDOW_SECONDS` (default 60): the limiter's window.
    pub proxy_window_secs: u32,
    /// `UPSTREAM_PER_MINUTE` (default 15) and `UPSTREAM_QA_PER_MINUTE` (default 2): what the
    /// upstream allows one account, counted by the account's budget object.
    pub upstream_limits: (u32, u32),
    /// `UPSTREAM_BUDGET` (default on) and the `BUDGET` Durable Object binding: calls are counted
    /// against their account's budget object (which also holds the per-client limits) instead of
    /// the isolate's limiter.
    pub upstream_budget: bool,
    /// `CACHE_ANSWERS` (default on): the answer cache (the core's `data/cache.toml`); off, every call goes
    /// upstream (`x-magisterium-cache: bypass`).
    pub cache_answers: bool,
    /// `CACHE_DOCUMENTS` (default on): off, `document_fetch` answers alone are not kept.
    pub cache_documents: bool,
    /// `CACHE_QA_SECONDS` (default 0): how long identical `catholic_qa` questions are answered
    /// from the cache (0: never, the table's rule).
    pub cache_qa_secs: u64,
    /// `CACHE_TIME_ZONE` (default `UTC`, the service's own): the zone "today" is read in, as
    /// minutes east of UTC (a fixed offset such as `+01:00`).
    pub cache_zone_minutes: i32,
    /// `MCP_SEARCH_FETCH` (default off): `/mcp` also lists ChatGPT's `search` and `fetch`.
    pub mcp_search_fetch: bool,
    /// `UPSTREAM_TIMEOUT_MS`: overrides the 55 s (Q&A) / 15 s budgets.
    pub upstream_timeout_ms: Option<u64>,
    /// `LOG_REQUESTS` (default `errors`): which requests get a JSON log line.
    pub log_requests: LogRequests,
    /// `SESSION_MAX_SECONDS` (default 30 days): a sign-in's longest life when the issuer does
    /// not say when its refresh token ends (and the cap when it does).
    pub session_max_secs: u32,
    /// `SESSION_IDLE_SECONDS` (default 7 days): a session unused this long ends.
    pub session_idle_secs: u32,
    /// `MCP_TOKEN_TTL_SECONDS` (default 1 hour, at least a minute): the life of an access token
    /// the Worker issues to an MCP client (docs/mcp.md, "Anonymous or signed in").
    pub mcp_token_ttl_secs: u32,
    /// `SESSION_REFRESH_GRACE_SECONDS` (default 15 minutes): a session whose refreshes have
    /// failed (transiently) for longer than this, with its access token expired, ends
    /// (`sign_in::after_refresh_failure`).
    pub session_refresh_grace_secs: u32,
    /// The stand-in's emulation switches: `AGENT_REQUIRE_TOKEN`, `AGENT_FREE_PLAN_TOKEN`,
    /// `AGENT_RATE_LIMITS` (`on`/`true`/`1`).
    #[cfg(feature = "stand-in")]
    pub agent: AgentConfig,
}

fn flag(value: Option<String>) -> bool {
    value.is_some_and(|v| {
        matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "1" | "true" | "on" | "yes"
        )
    })
}

fn flag_default_on(value: Option<String>) -> bool {
    !value.is_some_and(|v| {
        matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "0" | "false" | "off" | "no"
        )
    })
}

fn non_empty(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

impl Settings {
    /// Reads the settings from the Worker's string vars, `var(name)` giving each one's value.
    /// Unknown or malformed values fall back to the safe default (e.g. an unparsable
    /// `MAX_BODY_BYTES` is 64 KiB).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Self {
        let upstream = match non_empty(var("UPSTREAM_URL")) {
            None => Upstream::Embedded,
            Some(u) if u.eq_ignore_ascii_case("embedded") => Upstream::Embedded,
            Some(u) => Upstream::Url(u),
        };
        let allowed_skills = match non_empty(var("ALLOWED_SKILLS")) {
            None => Skill::ALL.to_vec(),
            Some(list) => list
                .split(',')
                .filter_map(|s| Skill::from_id(s.trim()))
                .collect(),
        };
        let size = |name: &str, default: usize| {
            var(name)
                .and_then(|v| v.trim().parse::<usize>().ok())
                .filter(|n| *n > 0)
                .unwrap_or(default)
        };
        Self {
            upstream,
            cors: CorsPolicy::from_list(&var("ALLOWED_ORIGINS").unwrap_or_default()),
            allowed_skills,
            max_body_bytes: size("MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES),
            max_upstream_bytes: size("MAX_UPSTREAM_BYTES", DEFAULT_MAX_UPSTREAM_BYTES),
            max_door_bytes: size("MAX_DOOR_BYTES", DEFAULT_MAX_DOOR_BYTES),
            operator_token: non_empty(var("MAGISTERIUM_TOKEN")).is_some(),
            anonymous_allowed: flag_default_on(var("ALLOW_ANONYMOUS")),
            sign_in: match non_empty(var("OAUTH_ISSUER")) {
                None => SignIn::Off,
                Some(i) if i.eq_ignore_ascii_case("embedded") => SignIn::Embedded,
                Some(i) => SignIn::Issuer(i),
            },
            proxy_rate_limits: flag_default_on(var("PROXY_RATE_LIMITS")),
            proxy_limits: (
                u32::try_from(size("PROXY_PER_MINUTE", 15)).unwrap_or(15),
                u32::try_from(size("PROXY_QA_PER_MINUTE", 2)).unwrap_or(2),
            ),
            proxy_window_secs: u32::try_from(size("PROXY_WINDOW_SECONDS", 60)).unwrap_or(60),
            upstream_limits: (
                u32::try_from(size("UPSTREAM_PER_MINUTE", 15)).unwrap_or(15),
                u32::try_from(size("UPSTREAM_QA_PER_MINUTE", 2)).unwrap_or(2),
            ),
            upstream_budget: flag_default_on(var("UPSTREAM_BUDGET")),
            cache_answers: flag_default_on(var("CACHE_ANSWERS")),
            cache_documents: flag_default_on(var("CACHE_DOCUMENTS")),
            cache_qa_secs: var("CACHE_QA_SECONDS")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map_or(0, |s| s.min(86_400)),
            cache_zone_minutes: var("CACHE_TIME_ZONE")
                .and_then(|v| keys::parse_zone(&v))
                .unwrap_or(0),
            mcp_search_fetch: flag(var("MCP_SEARCH_FETCH")),
            // Longer than a timer holds, the budget would end at once: the default instead.
            upstream_timeout_ms: var("UPSTREAM_TIMEOUT_MS")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|n| *n > 0 && *n as f64 <= MAX_TIMEOUT_MS),
            log_requests: LogRequests::from_var(var("LOG_REQUESTS").as_deref()),
            session_max_secs: u32::try_from(size("SESSION_MAX_SECONDS", 30 * 86_400))
                .unwrap_or(30 * 86_400),
            session_idle_secs: u32::try_from(size("SESSION_IDLE_SECONDS", 7 * 86_400))
                .unwrap_or(7 * 86_400),
            mcp_token_ttl_secs: u32::try_from(size("MCP_TOKEN_TTL_SECONDS", 3600).max(60))
                .unwrap_or(3600),
            session_refresh_grace_secs: u32::try_from(size("SESSION_REFRESH_GRACE_SECONDS", 900))
                .unwrap_or(900),
            #[cfg(feature = "stand-in")]
            agent: AgentConfig {
                required_token: non_empty(var("AGENT_REQUIRE_TOKEN")),
                free_plan_token: non_empty(var("AGENT_FREE_PLAN_TOKEN")),
                rate_limits: flag(var("AGENT_RATE_LIMITS")),
                oauth: flag(var("AGENT_OAUTH")),
                access_ttl_ms: var("AGENT_TOKEN_TTL_SECONDS")
                    .and_then(|v| v.trim().parse::<f64>().ok())
                    .filter(|n| n.is_finite() && *n > 0.0)
                    .map_or(magisterium_stand_in::oauth::DEFAULT_ACCESS_TTL_MS, |s| {
                        s * 1000.0
                    }),
            },
        }
    }
}
