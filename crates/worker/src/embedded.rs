//! The seam for an agent that answers in-process instead of an upstream URL. The demo's Worker
//! (feature `stand-in`) embeds the stand-in agent here; the proxy alone embeds nothing, and a
//! deployment without `UPSTREAM_URL` then answers a configuration error.

use magisterium_core::ids::Random;
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};

use crate::settings::Settings;

/// An agent the Worker runs in-process.
pub trait Embedded: std::fmt::Debug {
    /// Answers one request (the agent's endpoint, card or its own paths).
    fn handle(
        &mut self,
        request: &WorkerRequest,
        settings: &Settings,
        random: &mut dyn Random,
    ) -> WorkerResponse;

    /// True for paths the agent serves besides the A2A endpoint and cards (e.g. an OAuth server).
    fn owns_path(&self, path: &str) -> bool;

    /// Who answered, for the `x-magisterium-agent` header, so nobody mistakes it for Magisterium.
    fn name(&self) -> &'static str;
}

#[cfg(feature = "stand-in")]
impl Embedded for magisterium_stand_in::Agent {
    fn handle(
        &mut self,
        request: &WorkerRequest,
        settings: &Settings,
        random: &mut dyn Random,
    ) -> WorkerResponse {
        self.configure(settings.agent.clone());
        magisterium_stand_in::Agent::handle(self, request, random)
    }

    fn owns_path(&self, path: &str) -> bool {
        Self::owns_path(path)
    }

    fn name(&self) -> &'static str {
        "embedded-stand-in"
    }
}
