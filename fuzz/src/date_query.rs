//! The invariants of the `date_query` fuzz target. The cargo-fuzz target calls them, and the native
//! tests of the crate under test include this very file (`#[path]`) to replay the corpus and every
//! saved crash on stable, so a finding and its fixture test run the same code.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

// The natural-language date parser of the embedded agent.

/// Invariants: no panic; deterministic; a valid calendar date or `None`; `None` for inputs over
/// 200 bytes; relative words stay within a year of today.
pub fn check_date_query(data: &[u8]) {
    use magisterium_core::CivilDate;
    use magisterium_stand_in::dates::parse_date_query;

    let text = String::from_utf8_lossy(data);
    let todays = [
        CivilDate::new(2026, 11, 30),
        CivilDate::new(1900, 1, 1),
        CivilDate::new(2199, 12, 31),
        CivilDate::new(2024, 2, 29),
        CivilDate::new(1, 1, 1),
        CivilDate::new(9999, 12, 31),
    ];
    for today in todays.into_iter().flatten() {
        let found = parse_date_query(&text, today);
        assert_eq!(
            found,
            parse_date_query(&text, today),
            "not deterministic for {text:?}"
        );
        if text.len() > 200 {
            assert!(found.is_none(), "an answer for {} bytes", text.len());
        }
        if let Some(d) = found {
            assert_eq!(
                CivilDate::new(d.year(), d.month(), d.day()),
                Some(d),
                "an impossible date {d:?}"
            );
            let lower = text.to_lowercase();
            let relative_only = ["today", "tomorrow", "yesterday"].contains(&lower.trim());
            if relative_only {
                let days = (d.days_since_epoch() - today.days_since_epoch()).abs();
                assert!(days <= 1, "{text:?} is {days} days from today");
            }
        }
    }
}
