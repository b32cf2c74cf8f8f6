//! The coercion table of `docs/client.md` ("A tolerant reader") is the core's `coerce::TABLE`,
//! row for row and word for word.

use magisterium_core::coerce::TABLE;

#[test]
fn the_documented_coercion_table_is_the_cores() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/client.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let section = doc
        .split("## A tolerant reader")
        .nth(1)
        .expect("docs/client.md has a section \"A tolerant reader\"");
    let rows: Vec<Vec<String>> = section
        .lines()
        .skip_while(|l| !l.starts_with("| typed as |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_owned())
                .collect()
        })
        .collect();
    let core: Vec<Vec<String>> = TABLE
        .iter()
        .map(|r| vec![r.typed.into(), r.received.into(), r.becomes.into()])
        .collect();
    assert_eq!(rows, core, "docs/client.md and coerce::TABLE disagree");
}
