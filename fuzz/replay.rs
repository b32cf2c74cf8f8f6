//! Replays a fuzz target's corpus (`fuzz/corpus/<target>/`) and its saved crashes
//! (`fuzz/regressions/<target>/`, kept as fixtures) natively on stable, through the same check as
//! the cargo-fuzz target. Each crate under test includes this file (`#[path]`) beside its target's
//! invariants (`fuzz/src/<target>.rs`).

use std::path::{Path, PathBuf};

/// `fuzz/` at the workspace root.
pub fn fuzz_dir() -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "..", "..", "fuzz"]
        .iter()
        .collect()
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

/// Runs every input of `target` through `check`, reporting each failing file by name.
pub fn replay(target: &str, min_corpus: usize, check: fn(&[u8])) {
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
        let outcome = std::panic::catch_unwind(|| check(&data));
        match outcome {
            Ok(()) => {}
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
    p.strip_prefix(fuzz_dir())
        .unwrap_or(p)
        .display()
        .to_string()
}
