//! cargo-fuzz target `decode_response`: the invariants are in `src/lib.rs` (shared with tests/fuzz_replay.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    magisterium_a2a_fuzz::check_decode_response(data);
});
