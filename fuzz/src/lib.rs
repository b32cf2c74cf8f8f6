//! The invariants of the fuzz targets, one file per target. The cargo-fuzz targets
//! (`fuzz_targets/*.rs`) call these functions, and the native tests of each crate under test
//! include its target's file (`#[path]`) and replay the corpus and every saved crash on stable
//! with `fuzz/replay.rs`, so a finding and its fixture test run the same code.
//!
//! Every check panics (with a message naming the broken invariant) when an invariant does not hold.

mod a2a_v1_request;
mod date_query;
mod decode_response;
mod markdown;
mod mcp_era;
mod mcp_request;
mod proxy_request;
mod proxy_setup;
mod worker_request;

pub use a2a_v1_request::check_a2a_v1_request;
pub use date_query::check_date_query;
pub use decode_response::check_decode_response;
pub use markdown::{check_html, check_markdown};
pub use mcp_era::check_mcp_era;
pub use mcp_request::check_mcp_request;
pub use proxy_request::check_proxy_request;
pub use worker_request::check_worker_request;
