//! Writes the Lectionary's table as a file of its own, `<path>` (default `lectionary.txt`), for the
//! JavaScript entry to load when asked (`loadLectionary()`): the readings stay out of the entry's
//! `.wasm`. scripts/build.sh runs it (`cargo run -p magisterium-liturgy --example lectionary_file --
//! dist/pkg-liturgy/lectionary.txt`); scripts/package-entry.mjs makes it the module `lectionary.js`.

fn main() -> std::io::Result<()> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "lectionary.txt".to_owned());
    std::fs::write(path, magisterium_liturgy::lectionary::TABLE)
}
