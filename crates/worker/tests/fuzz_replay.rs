//! The proxy's fuzz corpus and saved crashes, replayed natively (`fuzz/`).

#[path = "../../../fuzz/src/proxy_request.rs"]
mod check;
#[path = "../../../fuzz/src/mcp_request.rs"]
mod check_mcp;
#[path = "../../../fuzz/src/mcp_era.rs"]
mod check_mcp_era;
#[path = "../../../fuzz/src/a2a_v1_request.rs"]
mod check_v1;
#[path = "../../../fuzz/src/worker_request.rs"]
mod check_whole;
#[path = "../../../fuzz/src/proxy_setup.rs"]
mod proxy_setup;
#[path = "../../../fuzz/replay.rs"]
mod replay;

#[test]
fn replay_proxy_request() {
    replay::replay("proxy_request", 20, check::check_proxy_request);
}

#[test]
fn replay_mcp_request() {
    replay::replay("mcp_request", 10, check_mcp::check_mcp_request);
}

#[test]
fn replay_mcp_era() {
    replay::replay("mcp_era", 10, check_mcp_era::check_mcp_era);
}

#[test]
fn replay_a2a_v1_request() {
    replay::replay("a2a_v1_request", 5, check_v1::check_a2a_v1_request);
}

#[test]
fn replay_worker_request() {
    replay::replay("worker_request", 5, check_whole::check_worker_request);
}
