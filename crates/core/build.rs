//! Checks the data files a person edits and writes them to `OUT_DIR` for the binary: the MCP tool
//! table (`src/mcp/tools.json`, minified: the Worker carries no indentation, its size budget) and
//! the answer cache's policy (`data/cache.toml`, [`cache`]).

// A build script that stops fails the build with its message, which is what it should do.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::{env, fs, path::Path};

#[path = "build/cache.rs"]
mod cache;

fn main() {
    let source = "src/mcp/tools.json";
    println!("cargo:rerun-if-changed={source}");
    let text = fs::read_to_string(source).unwrap_or_else(|e| panic!("{source}: {e}"));
    let table: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{source} is not JSON: {e}"));
    assert!(table.is_array(), "{source} must be an array of tools");
    let dir = env::var("OUT_DIR").expect("OUT_DIR");
    cache::write(Path::new(&dir));
    let out = Path::new(&dir).join("tools.min.json");
    fs::write(&out, table.to_string()).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
