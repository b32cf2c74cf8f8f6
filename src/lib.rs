//! The SDK: `MagisteriumClient` for browsers, web workers, workerd and Node, as the npm package
//! `magisterium-a2a` (`pkg/`). A wasm-bindgen layer only: it moves values between JavaScript and
//! the sans-IO core ([`magisterium_core`]) and turns core errors into `MagisteriumError` objects.
//! Each call runs in Rust from start to end (the core's `call::run` over [`fetch`]).
//!
//! Everything here is wasm32 only; on other targets the crate is empty.
#![cfg(target_arch = "wasm32")]

mod cache;
mod calls;
pub mod client;
pub mod error;
pub mod fetch;
mod globals;
pub mod helpers;
mod node;
mod options;
mod parts;
pub mod types;
mod v1;

pub use client::MagisteriumClient;
pub use error::is_magisterium_error;
pub use helpers::{build_request, decode_response};

/// The SDK allocates with talc instead of the default dlmalloc: a fraction of its code in the
/// download, and faster for the many small, short-lived allocations of a call. The Worker keeps
/// dlmalloc, whose memory behaviour under load is what its load test bounds.
#[cfg(not(target_feature = "atomics"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
