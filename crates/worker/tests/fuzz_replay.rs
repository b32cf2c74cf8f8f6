//! The proxy's fuzz corpus and saved crashes, replayed natively (`fuzz/`).

#[path = "../../../fuzz/src/proxy_request.rs"]
mod check;
#[path = "../../../fuzz/replay.rs"]
mod replay;

#[test]
fn replay_proxy_request() {
    replay::replay("proxy_request", 20, check::check_proxy_request);
}
