//! The decoder's fuzz corpus and saved crashes, replayed natively (`fuzz/`).

#[path = "../../../fuzz/src/decode_response.rs"]
mod check;
#[path = "../../../fuzz/replay.rs"]
mod replay;

/// The targets and the directory names of their corpora (`fuzz/corpus/<target>/`).
const TARGETS: [&str; 8] = [
    "decode_response",
    "proxy_request",
    "date_query",
    "markdown",
    "mcp_request",
    "mcp_era",
    "a2a_v1_request",
    "worker_request",
];

#[test]
fn replay_decode_response() {
    replay::replay("decode_response", 100, check::check_decode_response);
}

#[test]
fn every_corpus_directory_belongs_to_a_target() {
    for kind in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(replay::fuzz_dir().join(kind)) else {
            continue;
        };
        for entry in entries {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name.ends_with(".md") {
                continue;
            }
            assert!(
                TARGETS.contains(&name.as_str()),
                "fuzz/{kind}/{name} is no fuzz target"
            );
        }
    }
}
