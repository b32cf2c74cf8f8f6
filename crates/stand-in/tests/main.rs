//! The stand-in's native tests beside its unit tests: one test binary, a module per topic.
// Test code may stop loudly: a failing test should (clippy.toml allows the same inside `#[test]`s).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod continuity;
mod fuzz_replay;
mod oauth_bounds;
