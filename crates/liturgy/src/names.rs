//! English names: weekdays, months, ordinals and the long form of a date.

use magisterium_core::date::CivilDate;

/// English weekday names, index 0 = Sunday (as [`CivilDate::weekday`]).
pub use magisterium_core::date::WEEKDAY_NAMES;

/// English month names, index 0 = January.
pub const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The English name of `date`'s weekday.
pub fn weekday_name(date: CivilDate) -> &'static str {
    WEEKDAY_NAMES
        .get(date.weekday() as usize)
        .copied()
        .unwrap_or("")
}

/// The English name of `month` (1 = January); `None` outside 1–12.
pub fn month_name(month: u32) -> Option<&'static str> {
    MONTH_NAMES.get(month.checked_sub(1)? as usize).copied()
}

/// `Thursday, March 19, 2026`.
pub fn long_date(date: CivilDate) -> String {
    let month = month_name(date.month()).unwrap_or("");
    let weekday = weekday_name(date);
    format!("{weekday}, {month} {}, {}", date.day(), date.year())
}

/// `1st`, `2nd`, `3rd`, `11th`, `22nd`…
pub fn ordinal_number(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `First` … `Thirty-ninth` (empty for 0 and from 40 on).
pub fn ordinal_word(n: u32) -> String {
    const SMALL: [&str; 20] = [
        "",
        "First",
        "Second",
        "Third",
        "Fourth",
        "Fifth",
        "Sixth",
        "Seventh",
        "Eighth",
        "Ninth",
        "Tenth",
        "Eleventh",
        "Twelfth",
        "Thirteenth",
        "Fourteenth",
        "Fifteenth",
        "Sixteenth",
        "Seventeenth",
        "Eighteenth",
        "Nineteenth",
    ];
    const TENS: [(&str, &str); 2] = [("Twentieth", "Twenty"), ("Thirtieth", "Thirty")];
    if let Some(word) = SMALL.get(n as usize) {
        return (*word).to_owned();
    }
    let (whole, prefix) = TENS
        .get((n / 10).saturating_sub(2) as usize)
        .copied()
        .unwrap_or(("", ""));
    match SMALL.get((n % 10) as usize) {
        Some(&"") | None => whole.to_owned(),
        Some(_) if whole.is_empty() => String::new(),
        Some(unit) => format!("{prefix}-{}", unit.to_ascii_lowercase()),
    }
}
