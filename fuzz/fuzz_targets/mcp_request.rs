//! cargo-fuzz target `mcp_request`: the invariants are in `src/lib.rs` (shared with the native replay tests).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    magisterium_a2a_fuzz::check_mcp_request(data);
});
