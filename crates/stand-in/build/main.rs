//! The build script: turns the data files a person edits (the stand-in's document list, lookup
//! records and related-question heading words) into static Rust tables in OUT_DIR, checking every
//! row, so a bad row fails the build with its file and line. No parser ships in a wasm and nothing
//! is parsed at start-up.

// A build script that stops fails the build with its message, which is what it should do.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod corpus;
#[path = "../../liturgy/build/data.rs"]
mod data;
mod heading_words;
mod lookups;

fn main() {
    println!("cargo::rerun-if-changed=build");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    corpus::generate(&out);
    lookups::generate(&out);
    heading_words::generate(&out);
}
