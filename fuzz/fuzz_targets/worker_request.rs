//! cargo-fuzz target `worker_request`: the invariants are in `src/worker_request.rs` (shared with tests/fuzz_replay.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    magisterium_a2a_fuzz::check_worker_request(data);
});
