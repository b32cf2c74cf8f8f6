//! The build script: turns the calendar and the Lectionary a person edits (`data/*.toml`) into
//! static Rust tables in OUT_DIR, checking every row, so a bad row fails the build with its file
//! and line. No parser ships in a wasm and nothing is parsed at start-up.

// A build script that stops fails the build with its message, which is what it should do.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod calendars;
#[allow(dead_code)] // the stand-in's build uses all of it, this one not `convert`
mod data;
mod lectionary;
mod locales;
mod refs;
mod tables;

fn main() {
    println!("cargo::rerun-if-changed=build");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    tables::generate(&out);
}
