//! Writes each locale's names as a file of its own, `<dir>/<code>.txt` (one name a line, in the
//! order of `LOCALE_IDS`), for the JavaScript entry to load when a locale is asked for
//! (`scripts/package-entry.mjs` runs it: `cargo run -p magisterium-liturgy --example locale_files -- <dir>`).

use magisterium_liturgy::locales::{LOCALE_CODES, LOCALE_NAMES};

fn main() -> std::io::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "locales".to_owned());
    std::fs::create_dir_all(&dir)?;
    for (&(code, _), names) in LOCALE_CODES.iter().zip(LOCALE_NAMES) {
        std::fs::write(format!("{dir}/{code}.txt"), names)?;
    }
    Ok(())
}
