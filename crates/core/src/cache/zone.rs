//! The zone a relative date ("today", "next Sunday") is read in before it becomes a key: the
//! proxy's `CACHE_TIME_ZONE`, a fixed offset from UTC.

use crate::date::CivilDate;

/// The date "today" is at `now_ms` in a zone `zone_minutes` east of UTC.
pub fn today(now_ms: f64, zone_minutes: i32) -> Option<CivilDate> {
    CivilDate::from_unix_ms(now_ms + f64::from(zone_minutes) * 60_000.0)
}

/// A zone setting as minutes east of UTC: `UTC` (or `Z`, or nothing), or a fixed offset
/// `+HH:MM`, `-HH`, `UTC+01:00`. `None` for anything else (a zone name such as `Europe/Rome`
/// included: its offset changes with the season).
pub fn parse_zone(text: &str) -> Option<i32> {
    let text = text.trim();
    let offset = text
        .strip_prefix("UTC")
        .or_else(|| text.strip_prefix("utc"))
        .unwrap_or(text);
    if offset.is_empty() || offset == "Z" {
        return Some(0);
    }
    let (sign, rest) = match offset.split_at_checked(1)? {
        ("+", rest) => (1, rest),
        ("-", rest) => (-1, rest),
        _ => return None,
    };
    let (hours, minutes) = rest.split_once(':').unwrap_or((rest, "0"));
    let digits = |s: &str| {
        (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<i32>().ok())
            .flatten()
    };
    let (hours, minutes) = (digits(hours)?, digits(minutes)?);
    (hours <= 14 && minutes < 60).then_some(sign * (hours * 60 + minutes))
}
