//! The ways into the Worker besides A2A 0.2.6 (the A2A 1.0 front door, its HTTP+JSON binding, MCP), each rewriting its
//! request as the 0.2.6 request that does the same, and the one way out of every answer
//! ([`exit`]), which turns it back into the terms of the door it came in by.

mod door;
pub mod exit;
pub mod front_door;
pub mod mcp;
pub mod mcp_auth;
pub mod rest;

pub use door::Door;
