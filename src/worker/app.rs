//! The Worker's routing on the shared core: CORS first, then the JSON-RPC endpoint and the agent
//! card (served by the embedded agent or, in proxy mode, by the upstream), everything else left to
//! the static assets.

use super::agent::{path, Agent};
use super::http::{WorkerRequest, WorkerResponse};
use super::ids::Random;
use super::settings::{Settings, Upstream};

/// The response header naming who answered, so nobody mistakes the stand-in for Magisterium.
pub const AGENT_HEADER: &str = "x-magisterium-agent";

/// What the JavaScript entry must do with a request.
#[derive(Debug)]
pub enum Route {
    /// Send this response.
    Respond(WorkerResponse),
    /// Not an API path: serve the static asset.
    Asset,
}

/// One Worker isolate's state.
#[derive(Debug)]
pub struct App {
    agent: Agent,
}

impl Default for App {
    fn default() -> Self {
        Self::new()
    }
}

impl App {
    /// A fresh isolate.
    pub fn new() -> Self {
        Self {
            agent: Agent::new(Default::default()),
        }
    }

    /// True for the paths the Worker answers itself.
    pub fn is_api_path(path: &str) -> bool {
        matches!(path, path::RPC | path::CARD | path::CARD_V03)
    }

    /// Routes one request (its body already capped by the entry).
    pub fn handle(&mut self, request: &WorkerRequest, settings: &Settings, random: &mut dyn Random) -> Route {
        if !Self::is_api_path(&request.path) {
            return Route::Asset;
        }
        let origin = request.header("origin");
        if request.method == "OPTIONS" {
            return Route::Respond(settings.cors.preflight(origin));
        }
        // A cross-origin call from an origin off the list gets no CORS headers; the browser then
        // hides the answer. Non-simple requests never get here: their preflight failed.
        let response = match &settings.upstream {
            Upstream::Embedded => {
                self.agent.configure(settings.agent.clone());
                self.agent
                    .handle(request, random)
                    .with_header(AGENT_HEADER, "embedded-stand-in")
            }
            Upstream::Url(_) => WorkerResponse::rpc_error(
                501,
                &serde_json::Value::Null,
                super::http::code::INTERNAL_ERROR,
                "proxy mode is not available in this build",
                None,
            ),
        };
        let response = if response.header("cache-control").is_none() {
            response.with_header("cache-control", "no-store")
        } else {
            response
        };
        Route::Respond(settings.cors.decorate(response, origin))
    }

    /// Tasks the embedded agent holds (for memory checks).
    pub fn stored_tasks(&self) -> usize {
        self.agent.stored_tasks()
    }
}
