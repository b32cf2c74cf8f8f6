//! The Cloudflare Worker (feature `proxy`): the proxy policy and, with feature `stand-in`, the
//! embedded stand-in agent, pure and natively tested; on wasm32, the Worker's `fetch` ([`entry`])
//! and its I/O ([`io`]) over the platform's objects ([`bindings`]).
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

#[cfg(feature = "stand-in")]
pub mod agent;
pub mod app;
pub mod budget;
pub mod cors;
pub mod front_door;
pub mod http;
pub mod ids;
pub mod limiter;
pub mod params;
pub mod proxy;
pub mod settings;
pub mod upstream;

#[cfg(target_arch = "wasm32")]
pub mod bindings;
#[cfg(target_arch = "wasm32")]
pub mod budget_object;
#[cfg(target_arch = "wasm32")]
pub mod entry;
#[cfg(target_arch = "wasm32")]
pub mod io;
