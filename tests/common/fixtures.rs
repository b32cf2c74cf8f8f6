//! Reading the named fixtures of `tests/fixtures/` (at the workspace root), for every crate's
//! native tests (each includes this file).

use std::path::PathBuf;

/// The path of `tests/fixtures/<path>`.
pub fn fixture_path(path: &str) -> PathBuf {
    [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "..",
        "tests",
        "fixtures",
        path,
    ]
    .iter()
    .collect()
}

/// The text of `tests/fixtures/<path>`.
pub fn fixture(path: &str) -> String {
    let full = fixture_path(path);
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
