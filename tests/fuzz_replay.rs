//! Replays the fuzz corpora natively on stable (`cargo test --all-features`): every file of
//! `fuzz/corpus/<target>/` and of `fuzz/regressions/<target>/` (the crashes the fuzzer found, kept
//! as fixtures) goes through the same check as the cargo-fuzz target, `fuzz/src/lib.rs`.
#![cfg(all(feature = "stand-in", feature = "markdown"))]

#[path = "../fuzz/src/lib.rs"]
mod fuzz_checks;

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "fuzz"].iter().collect()
}

/// The files of `fuzz/<kind>/<target>/`, sorted (hidden files and READMEs skipped).
fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = fuzz_dir().join(kind).join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            !name.starts_with('.') && !name.ends_with(".md")
        })
        .collect();
    files.sort();
    files
}

/// Runs every input of `target`, reporting each failing file by name.
fn replay(target: &str, min_corpus: usize) {
    let corpus = inputs("corpus", target);
    assert!(
        corpus.len() >= min_corpus,
        "fuzz/corpus/{target}: {} files, expected at least {min_corpus}",
        corpus.len()
    );
    let regressions = inputs("regressions", target);
    let mut failures = Vec::new();
    for file in corpus.iter().chain(regressions.iter()) {
        let data = std::fs::read(file).unwrap();
        let outcome = std::panic::catch_unwind(|| fuzz_checks::check(target, &data));
        match outcome {
            Ok(true) => {}
            Ok(false) => panic!("no check for target {target}"),
            Err(e) => {
                let why = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                failures.push(format!(
                    "{}: {}",
                    rel(file),
                    why.lines().next().unwrap_or("")
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} input(s) of {target} break an invariant:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!(
        "fuzz replay {target}: {} corpus files and {} regressions hold",
        corpus.len(),
        regressions.len()
    );
}

fn rel(p: &Path) -> String {
    p.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(p)
        .display()
        .to_string()
}

#[test]
fn every_corpus_directory_belongs_to_a_target() {
    for kind in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(fuzz_dir().join(kind)) else {
            continue;
        };
        for entry in entries {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name.ends_with(".md") {
                continue;
            }
            assert!(
                fuzz_checks::TARGETS.contains(&name.as_str()),
                "fuzz/{kind}/{name} is no fuzz target"
            );
        }
    }
}

#[test]
fn replay_decode_response() {
    replay("decode_response", 100);
}

#[test]
fn replay_proxy_request() {
    replay("proxy_request", 20);
}

#[test]
fn replay_date_query() {
    replay("date_query", 50);
}

#[test]
fn replay_markdown() {
    replay("markdown", 20);
}

#[test]
fn the_html_check_catches_what_it_must() {
    let bad = [
        "<script>alert(1)</script>",
        "<p><img src=\"x\" onerror=\"alert(1)\"></p>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\"JaVa&#x53;cript:alert(1)\">x</a>",
        "<a href=\"java&#9;script:alert(1)\">x</a>",
        "<a href=\" data:text/html,x\">x</a>",
        "<img src=\"mailto:x@y\">",
        "<iframe src=\"https://x\"></iframe>",
        "<p style=\"color:red\">x</p>",
        "<p <b>",
    ];
    for html in bad {
        assert!(fuzz_checks::check_html(html).is_err(), "{html}");
    }
    let good = [
        "<p>a &lt;script&gt; b</p>\n",
        "<p><a href=\"https://x.example/a?b=1&amp;c=2\" rel=\"noopener noreferrer\">x</a></p>",
        "<p><a href=\"java%73cript:alert(1)\" rel=\"noopener noreferrer\">x</a></p>",
        "<p><a href=\"jav\u{7f}ascript:alert(1)\">DEL is no scheme character</a></p>",
        "<sup class=\"fn\"><a href=\"#cite-1\" id=\"ref-1\">1</a></sup>",
        "<img src=\"https://x/a.png\" alt=\"a\" title=\"t\" /><br /><hr />",
        "<ol start=\"3\"><li>x</li></ol><table><thead><tr><th class=\"align-right\">y</th></tr></thead></table>",
    ];
    for html in good {
        assert_eq!(fuzz_checks::check_html(html), Ok(()), "{html}");
    }
}
