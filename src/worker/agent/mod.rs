//! The embedded stand-in agent: answers like Magisterium's A2A service, offline, following
//! `magisterium-contract.md` and its table of defaults for the gaps. Pure: `handle(request, random)
//! -> response`, with the clock inside the request.

pub mod calendar;
pub mod card;
pub mod corpus;
pub mod dates;
pub mod lookups;
pub mod qa;
pub mod readings_table;
pub mod rpc;
pub mod saints;
pub mod search;
pub mod skills;
pub mod store;

use super::http::{WorkerRequest, WorkerResponse};
use super::ids::Random;
use super::limiter::Limiter;
use store::TaskStore;

/// The paths the agent serves.
pub mod path {
    /// The JSON-RPC endpoint.
    pub const RPC: &str = "/api/v1/a2a";
    /// The A2A 0.2 card.
    pub const CARD: &str = "/.well-known/agent.json";
    /// The A2A 0.3 card.
    pub const CARD_V03: &str = "/.well-known/agent-card.json";
}

/// The emulation switches (Worker vars), all off by default.
#[derive(Debug, Clone, Default)]
pub struct AgentConfig {
    /// When set, only `Bearer <token>` is accepted (else -32004 with HTTP 401).
    pub required_token: Option<String>,
    /// A token that is known but on the Free plan: answered with -32005 (PLAN_REQUIRED).
    pub free_plan_token: Option<String>,
    /// Emulate the service's limits: 15 calls a minute, 2 of them `catholic_qa`.
    pub rate_limits: bool,
}

/// The agent's state: tasks kept for 24 hours and the rate-limit windows.
#[derive(Debug)]
pub struct Agent {
    config: AgentConfig,
    tasks: TaskStore,
    limiter: Limiter,
}

impl Agent {
    /// A fresh agent with these switches.
    pub fn new(config: AgentConfig) -> Self {
        Self {
            config,
            tasks: TaskStore::default(),
            limiter: Limiter::new(15, 2),
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
            ("POST", path::RPC) => rpc::handle(self, request, random),
            (_, path::RPC | path::CARD | path::CARD_V03) => WorkerResponse::json(
                405,
                &serde_json::json!({ "error": "method not allowed" }),
            )
            .with_header("allow", if request.path == path::RPC { "POST, OPTIONS" } else { "GET, OPTIONS" }),
            _ => WorkerResponse::json(404, &serde_json::json!({ "error": "not found" })),
        }
    }

    /// Tasks currently stored (for memory checks).
    pub fn stored_tasks(&self) -> usize {
        self.tasks.len()
    }
}
