//! What the generators share: reading and parsing a data file, errors with a file and line. It lives
//! in the calendar crate, which is published on crates.io and so may read nothing outside itself;
//! the stand-in's build (crates/stand-in/build/main.rs) includes it from here.

use std::path::Path;

use serde::Deserialize;

/// A data error: the message and where (a byte offset into the file), when known.
pub struct DataError(pub String, pub Option<usize>);

/// An error at the start of `span`.
pub fn at(span: std::ops::Range<usize>, message: impl Into<String>) -> DataError {
    DataError(message.into(), Some(span.start))
}

/// Ends the build with `path:line: message`.
pub fn fail(path: &str, text: &str, e: DataError) -> ! {
    match e.1 {
        Some(offset) => {
            let line = text.get(..offset).map_or(0, |t| t.matches('\n').count()) + 1;
            eprintln!("error: {path}:{line}: {}", e.0);
        }
        None => eprintln!("error: {path}: {}", e.0),
    }
    std::process::exit(1)
}

/// Turns the data file `path` into `name` in OUT_DIR with `to_rust`; a data error ends the build
/// with its line.
pub fn convert(
    out: &str,
    path: &str,
    name: &str,
    to_rust: impl FnOnce(&str) -> Result<String, DataError>,
) {
    println!("cargo::rerun-if-changed={path}");
    let text = read(path);
    let code = to_rust(&text).unwrap_or_else(|e| fail(path, &text, e));
    write(out, name, &code);
}

/// The text of a file of the crate (paths relative to its root).
pub fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Writes generated code into OUT_DIR.
pub fn write(dir: &str, name: &str, code: &str) {
    let path = Path::new(dir).join(name);
    std::fs::write(&path, code).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// A TOML file as `T`; a syntax or shape error carries its position.
pub fn parse<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| DataError(e.message().to_owned(), e.span().map(|s| s.start)))
}
