//! The Worker's tests, natively: the proxy's checks, plans and answers, its settings and the A2A
//! 1.0 front door; with feature `stand-in`, the embedded agent through the same routing. One test
//! binary, a module per topic.
// Test code may stop loudly: a failing test should (clippy.toml allows the same inside `#[test]`s).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common {
    //! Helpers shared by the Worker's test modules.
    #![allow(dead_code, unused_imports)] // not every module uses every helper
    #[path = "../../../../tests/common/fixtures.rs"]
    mod fixtures;
    pub use fixtures::*;

    pub mod proxy;
    #[cfg(feature = "stand-in")]
    pub mod worker;
}

mod answer_cache;
mod answer_cache_dates;
mod budget_schedules;
mod document_cache;
mod list_tasks;
mod mcp;
mod mcp_era;
#[cfg(feature = "stand-in")]
mod one_exit;
mod proxy_answers;
mod proxy_fault_answers;
mod proxy_requests;
mod proxy_settings;
mod proxy_visitors;
mod rest_proxy;
mod sign_in;

#[cfg(feature = "stand-in")]
mod agent;
#[cfg(feature = "stand-in")]
mod calendar_feed;
#[cfg(feature = "stand-in")]
mod card_validators;
#[cfg(feature = "stand-in")]
mod front_door;
#[cfg(feature = "stand-in")]
mod front_door_continuity;
#[cfg(feature = "stand-in")]
mod front_door_media;
#[cfg(feature = "stand-in")]
mod fuzz_replay;
#[cfg(feature = "stand-in")]
mod oauth;
#[cfg(feature = "stand-in")]
mod origin_rule;
#[cfg(feature = "stand-in")]
mod rest_binding;
#[cfg(feature = "stand-in")]
mod stand_in_calendar;
#[cfg(feature = "stand-in")]
mod stand_in_card;
