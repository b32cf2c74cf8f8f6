//! The SDK's browser tests: one `wasm-pack test` target, run in headless Chromium against the
//! Worker (embedded stand-in), the Worker as a proxy and the fault server on 127.0.0.1
//! (`scripts/test.sh` starts them and passes their URLs at build time).
#![cfg(target_arch = "wasm32")]
// Test code may stop loudly: a failing test should (clippy.toml allows the same inside `#[test]`s).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod support;

/// The drift fixtures and their comparison, shared with the core's native tests.
#[path = "../common/drift.rs"]
mod drift_cases;

mod agent;
mod cache;
mod construction;
mod decode;
mod drift;
mod errors;
mod faults;
mod faults_timing;
mod fetch;
mod kept;
mod methods;
mod platform;
mod requests;
mod v1;
mod whole;
