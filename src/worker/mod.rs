//! The Cloudflare Worker (feature `worker`): the embedded stand-in agent and the proxy policy,
//! pure and natively tested, plus a thin bindings file for the JavaScript entry.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

pub mod agent;
pub mod app;
pub mod cors;
pub mod front_door;
pub mod http;
pub mod ids;
pub mod limiter;
pub mod proxy;
pub mod settings;

#[cfg(target_arch = "wasm32")]
pub mod bindings;
