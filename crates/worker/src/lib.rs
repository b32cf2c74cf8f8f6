//! The Cloudflare Worker, in rooms: the pure policy at the top (`app`: routing; `proxy` and
//! `upstream`: a call's checks and its answer; `origin`, `cors`, `sign_in`, `settings`, `cache`:
//! the answer cache's policy, keys and entries), natively tested; `doors`, the ways in (A2A 0.2.6, A2A 1.0, MCP) and the one
//! way out of every answer (`doors::exit`); `limits`, the per-visitor limits and the account's
//! budget with its leases (one module, in Rust); and on wasm32 `workerd`, the host: the Worker's
//! `fetch` (`workerd::entry`), its I/O (`workerd::io`), the platform's objects
//! (`workerd::bindings`) and the budget's Durable Object (`workerd::budget_object`). With feature
//! `stand-in`, the embedded stand-in agent (`magisterium-stand-in`) answers behind it.

pub mod app;
pub mod cache;
pub mod cors;
pub mod doors;
pub mod embedded;
pub mod limits;
pub mod origin;
pub mod proxy;
pub mod settings;
pub mod sign_in;
pub mod tasks;
pub mod upstream;

#[cfg(target_arch = "wasm32")]
pub mod workerd;
