//! The Cloudflare Worker: the proxy policy, pure and natively tested, and with feature `stand-in`
//! the embedded stand-in agent (`magisterium-stand-in`) behind it; on wasm32, the Worker's `fetch`
//! (`entry`) and its I/O (`io`) over the platform's objects (`bindings`).

pub mod app;
pub mod budget;
pub mod cors;
pub mod document_cache;
pub mod door;
pub mod embedded;
pub mod exit;
pub mod front_door;
pub mod lease;
pub mod limits;
pub mod mcp;
pub mod origin;
pub mod proxy;
pub mod settings;
pub mod sign_in;
pub mod upstream;

#[cfg(target_arch = "wasm32")]
pub mod bindings;
#[cfg(target_arch = "wasm32")]
pub mod budget_object;
#[cfg(target_arch = "wasm32")]
pub mod entry;
#[cfg(target_arch = "wasm32")]
pub mod io;
