#![doc = include_str!("../README.md")]
//!
//! # Layout
//!
//! - [`protocol`]: the sans-IO core (A2A wire types, request builders, response decoders, the error
//!   table, retry and pacing policy). Pure Rust, no JavaScript imports, tested natively.
//! - [`liturgy`]: the Roman calendar and Lectionary (1900–2199), pure Rust from data files; used by
//!   the stand-in agent and the offline `magisterium-a2a/liturgy` entry.
//! - `platform` (wasm32 only): the abort guard, capped body reader and sleep the SDK and the Worker share.
//! - `liturgy_web` (wasm32, feature `liturgy`): `liturgicalDay` and `liturgicalYear` for JavaScript.
//! - `web` (wasm32 only): the `MagisteriumClient` bindings for browsers, web workers, workerd and Node.
//! - `worker` (feature `proxy`): the Cloudflare Worker's proxy policy; with feature `stand-in`, also
//!   the embedded stand-in agent.

pub mod liturgy;
pub mod protocol;

/// Abort guard, capped body reader and abortable sleep, shared by the SDK and the Worker builds.
#[cfg(all(
    target_arch = "wasm32",
    any(feature = "proxy", not(any(feature = "markdown", feature = "liturgy")))
))]
pub mod platform;

/// The SDK bindings; left out of the Worker, Markdown and calendar builds, which do not use them.
#[cfg(all(
    target_arch = "wasm32",
    not(any(feature = "proxy", feature = "markdown", feature = "liturgy"))
))]
pub mod web;

/// The `magisterium-a2a/liturgy` entry: the calendar offline, in its own small wasm.
#[cfg(all(target_arch = "wasm32", feature = "liturgy"))]
pub mod liturgy_web;

/// The SDK build allocates with talc instead of the default dlmalloc: a fraction of its code in the
/// download, and faster for the many small, short-lived allocations of a call. The Worker keeps
/// dlmalloc, whose memory behaviour under load is what its load test bounds.
#[cfg(all(
    target_arch = "wasm32",
    not(target_feature = "atomics"),
    not(any(feature = "proxy", feature = "markdown"))
))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(feature = "proxy")]
pub mod worker;

#[cfg(feature = "markdown")]
pub mod markdown;
