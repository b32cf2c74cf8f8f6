//! Helpers shared by the native test files.
#![allow(dead_code)]

use std::path::PathBuf;

/// The text of `tests/fixtures/<path>`.
pub fn fixture(path: &str) -> String {
    let full: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fixtures", path]
        .iter()
        .collect();
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The parsed JSON of `tests/fixtures/<path>`.
pub fn fixture_json(path: &str) -> serde_json::Value {
    serde_json::from_str(&fixture(path)).unwrap()
}

/// Parses a body the way the SDK does natively: `None` when it is not JSON.
pub fn parse_body(text: &str) -> Option<serde_json::Value> {
    serde_json::from_str(text).ok()
}

pub mod a2a_v1;
pub mod call_loop;

#[cfg(feature = "stand-in")]
pub mod worker;

#[cfg(feature = "proxy")]
pub mod proxy;
