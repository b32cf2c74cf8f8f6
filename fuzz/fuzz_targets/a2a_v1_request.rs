//! cargo-fuzz target `a2a_v1_request`: the invariants are in `src/lib.rs` (shared with the native replay tests).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    magisterium_a2a_fuzz::check_a2a_v1_request(data);
});
