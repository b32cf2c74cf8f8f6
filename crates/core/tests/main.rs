//! The core's tests, natively over named fixtures (`tests/fixtures/` at the workspace root): one
//! test binary, a module per topic.
// Test code may stop loudly: a failing test should (clippy.toml allows the same inside `#[test]`s).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common {
    //! Helpers shared by the core's test modules.
    #![allow(dead_code)]
    #[path = "../../../../tests/common/fixtures.rs"]
    mod fixtures;
    pub use fixtures::*;

    #[path = "../../../../tests/common/drift.rs"]
    pub mod drift;

    pub mod a2a_v1;
    pub mod auto;
    pub mod call_loop;
}

mod a2a_v1_client;
mod a2a_v1_continuity;
mod a2a_v1_errors;
mod a2a_v1_list;
mod a2a_v1_rest;
mod a2a_v1_routing;
mod a2a_v1_translate;
mod answer_cache;
mod answer_head;
mod call_auto;
mod call_credentials;
mod call_loop_answers;
mod call_loop_pacing;
mod call_loop_paid_calls;
mod call_loop_retries;
mod call_loop_tokens_and_card;
mod coercion_table;
mod decode_fixtures;
mod differences;
mod drift;
mod fuzz_replay;
mod mcp;
mod mcp_chatgpt;
mod mcp_era;
mod protocol_choice;
mod requests;
mod retry_policy;
