//! cargo-fuzz target `mcp_era`: the invariants are in `src/mcp_era.rs` (shared with the worker's tests/fuzz_replay.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    magisterium_a2a_fuzz::check_mcp_era(data);
});
