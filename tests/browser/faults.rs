//! The fault matrix of issue 9, SDK side: the SDK in headless Chromium against the fault-injecting
//! upstream (`tests/servers/fault-server.mjs`, URL in `MAGISTERIUM_FAULT_URL` at build time).
//!
//! The cases and their expected outcomes live in the fault server (`GET /__faults`), so the proxy
//! side (`tests/js/proxy-faults.test.mjs`) runs exactly the same matrix. Every case must end within
//! its time bound in the outcome it names, and then the SAME client instance must serve a normal
//! call correctly. A case is chosen by the request text `scenario:fault:<case>:<nonce>` sent to
//! `/by-query`, so one client (one endpoint) sees faults and normal answers alternately.

use wasm_bindgen_test::*;

use crate::support;
use support::fault_matrix::{cases, run_group, string};

/// Every group of the matrix this file runs; a group the server lists and this file does not know
/// fails `every_group_of_the_matrix_is_run`.
const GROUPS: [&str; 9] = [
    "parse",
    "transport",
    "size",
    "retry",
    "rpc",
    "nesting",
    "numbers",
    "dupkeys",
    "types",
];

#[wasm_bindgen_test]
async fn every_group_of_the_matrix_is_run() {
    let all = cases().await;
    assert!(all.len() >= 400, "only {} cases listed", all.len());
    for case in &all {
        let group = string(case, "group").unwrap_or_default();
        assert!(
            GROUPS.contains(&group.as_str()),
            "group {group} is not run by this file"
        );
    }
}

#[wasm_bindgen_test]
async fn faults_parse_malformed_json_invalid_utf8_html() {
    run_group("parse", "parse/").await;
}

#[wasm_bindgen_test]
async fn faults_transport_truncated_reset_slow_first_byte_trickle() {
    run_group("transport", "transport/").await;
}

#[wasm_bindgen_test]
async fn faults_size_50_mb_byte_cap_10k_citations() {
    run_group("size", "size/").await;
}

#[wasm_bindgen_test]
async fn faults_retry_429_storms_retry_after_5xx() {
    run_group("retry", "retry/").await;
}

#[wasm_bindgen_test]
async fn faults_rpc_errors_ids_result_error_states_parts() {
    run_group("rpc", "rpc/").await;
}

#[wasm_bindgen_test]
async fn faults_deeply_nested_json() {
    run_group("nesting", "nesting/").await;
}

#[wasm_bindgen_test]
async fn faults_huge_numbers() {
    run_group("numbers", "numbers/").await;
}

#[wasm_bindgen_test]
async fn faults_duplicate_keys() {
    run_group("dupkeys", "dupkeys/").await;
}

#[wasm_bindgen_test]
async fn faults_wrong_types_search_fields() {
    run_group("types", "types/search/").await;
}

#[wasm_bindgen_test]
async fn faults_wrong_types_qa_fields() {
    run_group("types", "types/qa/").await;
}

#[wasm_bindgen_test]
async fn faults_wrong_types_document_and_error_fields() {
    run_group("types", "types/fetch/").await;
    run_group("types", "types/error/").await;
}
