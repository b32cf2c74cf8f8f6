//! The front doors a request can come in by besides A2A 0.2.6: each rewrites its request as the
//! 0.2.6 request that does the same, and turns every answer to it back into its own terms.

use super::front_door::FrontDoor;
use super::mcp::McpDoor;
use magisterium_core::serve::http::WorkerResponse;

/// The door a forwarded request came in by.
#[derive(Debug, Clone, PartialEq)]
pub enum Door {
    /// A2A 1.0 (`/api/v1/a2a` with a 1.0 request).
    A2a(FrontDoor),
    /// MCP (`/mcp`, a `tools/call`).
    Mcp(McpDoor),
}

impl Door {
    /// The 0.2.6 answer in the door's terms.
    pub fn close(&self, response: WorkerResponse) -> WorkerResponse {
        match self {
            Self::A2a(door) => door.close(response),
            Self::Mcp(door) => door.close(response),
        }
    }
}
