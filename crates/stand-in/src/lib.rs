//! The embedded stand-in agent: answers like Magisterium's A2A service, offline, following
//! `magisterium-contract.md` and its table of defaults for the gaps. Pure: `handle(request, random)
//! -> response`, with the clock inside the request.

pub mod calendar_feed;
pub mod card;
pub mod corpus;
pub mod dates;
pub mod lookups;
pub mod oauth;
pub mod qa;
pub mod readings;
pub mod rpc;
pub mod saints;
pub mod search;
pub mod skills;
pub mod store;

use magisterium_core::ids::Random;
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
use magisterium_core::serve::limiter::Limiter;
use store::TaskStore;

pub use magisterium_core::serve::http::path;

/// The emulation switches (Worker vars), all off by default.
#[derive(Debug, Clone)]
pub struct AgentConfig {
    /// When set, only `Bearer <token>` is accepted (else -32004 with HTTP 401).
    pub required_token: Option<String>,
    /// A token that is known but on the Free plan: answered with -32005 (PLAN_REQUIRED).
    pub free_plan_token: Option<String>,
    /// Emulate the service's limits: 15 calls a minute, 2 of them `catholic_qa`.
    pub rate_limits: bool,
    /// Accept only access tokens issued by the emulated authorization server (`AGENT_OAUTH`).
    pub oauth: bool,
    /// Lifetime of issued access tokens (`AGENT_TOKEN_TTL_SECONDS`, default one hour).
    pub access_ttl_ms: f64,
}

impl Default for AgentConfig {
    fn default() -> Self {
        Self {
            required_token: None,
            free_plan_token: None,
            rate_limits: false,
            oauth: false,
            access_ttl_ms: oauth::DEFAULT_ACCESS_TTL_MS,
        }
    }
}

/// The agent's state: tasks kept for 24 hours, the rate-limit windows, the authorization server.
#[derive(Debug)]
pub struct Agent {
    config: AgentConfig,
    tasks: TaskStore,
    limiter: Limiter,
    auth: oauth::AuthServer,
}

impl Agent {
    /// A fresh agent with these switches.
    pub fn new(config: AgentConfig) -> Self {
        Self {
            config,
            tasks: TaskStore::default(),
            limiter: Limiter::new(15, 2),
            auth: oauth::AuthServer::default(),
        }
    }

    /// Replaces the switches (the Worker reads its vars per request) and keeps the state.
    pub fn configure(&mut self, config: AgentConfig) {
        self.config = config;
    }

    /// Answers one request. CORS is added by the caller.
    pub fn handle(&mut self, request: &WorkerRequest, random: &mut dyn Random) -> WorkerResponse {
        match (request.method.as_str(), request.path.as_str()) {
            ("GET" | "HEAD", path::CARD | path::CARD_V03) => card::response(&request.origin),
            ("GET", oauth::path::METADATA) => oauth::AuthServer::metadata(&request.origin),
            ("POST", oauth::path::REGISTER) => {
                self.auth.register(&request.body, random, request.now_ms)
            }
            ("GET", oauth::path::AUTHORIZE) => {
                self.auth.authorize(&request.query, random, request.now_ms)
            }
            ("POST", oauth::path::TOKEN) => self.auth.token(
                &request.body,
                request.header("authorization"),
                random,
                request.now_ms,
                self.config.access_ttl_ms,
            ),
            ("POST", path::RPC) => rpc::handle(self, request, random),
            ("GET" | "HEAD", p) if calendar_feed::owns(p) => {
                calendar_feed::response(p, request.now_ms, request.header("if-none-match"))
            }
            (_, p) if calendar_feed::owns(p) => {
                WorkerResponse::json(405, &serde_json::json!({ "error": "method not allowed" }))
                    .with_header("allow", "GET, HEAD, OPTIONS")
            }
            (_, path::RPC | path::CARD | path::CARD_V03) => {
                WorkerResponse::json(405, &serde_json::json!({ "error": "method not allowed" }))
                    .with_header(
                        "allow",
                        if request.path == path::RPC {
                            "POST, OPTIONS"
                        } else {
                            "GET, OPTIONS"
                        },
                    )
            }
            _ => WorkerResponse::json(404, &serde_json::json!({ "error": "not found" })),
        }
    }

    /// True for the paths the agent serves besides the A2A endpoint and cards: the emulated
    /// authorization server and the calendar feeds.
    pub fn owns_path(path: &str) -> bool {
        Self::is_auth_server_path(path) || calendar_feed::owns(path)
    }

    /// True for the paths of the emulated authorization server.
    pub fn is_auth_server_path(path: &str) -> bool {
        matches!(
            path,
            oauth::path::METADATA
                | oauth::path::REGISTER
                | oauth::path::AUTHORIZE
                | oauth::path::TOKEN
        )
    }
}
