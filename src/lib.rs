#![doc = include_str!("../README.md")]
//!
//! # Layout
//!
//! - [`protocol`]: the sans-IO core (A2A wire types, request builders, response decoders, the error
//!   table, retry and pacing policy). Pure Rust, no JavaScript imports, tested natively.
//! - `web` (wasm32 only): the `MagisteriumClient` bindings for browsers, web workers, workerd and Node.
//! - `worker` (feature `worker`): the Cloudflare Worker's proxy policy and the embedded stand-in agent.

pub mod protocol;

/// The SDK bindings; left out of the Worker and Markdown builds, which do not use them.
#[cfg(all(
    target_arch = "wasm32",
    not(any(feature = "worker", feature = "markdown"))
))]
pub mod web;

#[cfg(feature = "worker")]
pub mod worker;

#[cfg(feature = "markdown")]
pub mod markdown;
