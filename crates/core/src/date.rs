//! Calendar dates as the service writes them (`YYYY-MM-DD`, proleptic Gregorian, UTC).

use std::fmt;

/// A valid Gregorian calendar date. Construct it with [`CivilDate::new`] or [`CivilDate::parse_iso`];
/// both refuse impossible dates such as `2026-02-30`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CivilDate {
    year: i32,
    month: u32,
    day: u32,
}

/// The weekdays' English names, Sunday first, as [`CivilDate::weekday`] numbers them (HTTP
/// dates write them, and the calendar's long dates).
pub const WEEKDAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

impl CivilDate {
    /// The date `year-month-day`, or `None` when no such day exists (month 13, February 30, year 0…).
    /// Years are limited to 1..=9999 so the `YYYY-MM-DD` form always has four digits.
    pub fn new(year: i32, month: u32, day: u32) -> Option<Self> {
        if !(1..=9999).contains(&year) || !(1..=12).contains(&month) {
            return None;
        }
        if day == 0 || day > days_in_month(year, month) {
            return None;
        }
        Some(Self { year, month, day })
    }

    /// Parses exactly `YYYY-MM-DD` (ASCII digits, dashes). Anything else, or an impossible date, is `None`.
    pub fn parse_iso(text: &str) -> Option<Self> {
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes.get(4) != Some(&b'-') || bytes.get(7) != Some(&b'-') {
            return None;
        }
        let year = parse_digits(text.get(0..4)?)?;
        let month = parse_digits(text.get(5..7)?)?;
        let day = parse_digits(text.get(8..10)?)?;
        Self::new(i32::try_from(year).ok()?, month, day)
    }

    /// True when `text` has the shape `NNNN-NN-NN`, whether or not the date exists. Used to tell an
    /// impossible ISO date (an input error) from free text such as `next Sunday`.
    pub fn looks_iso(text: &str) -> bool {
        let bytes = text.as_bytes();
        bytes.len() == 10
            && bytes.iter().enumerate().all(|(i, b)| match i {
                4 | 7 => *b == b'-',
                _ => b.is_ascii_digit(),
            })
    }

    /// The date of a Unix time in milliseconds (UTC). `None` outside years 1..=9999.
    pub fn from_unix_ms(ms: f64) -> Option<Self> {
        if !ms.is_finite() {
            return None;
        }
        let days = (ms / 86_400_000.0).floor();
        if days.abs() > 4_000_000.0 {
            return None;
        }
        // Safe: |days| is bounded above.
        Self::from_days_since_epoch(days as i64)
    }

    /// The date `days` after 1970-01-01 (negative: before). Howard Hinnant's `civil_from_days`.
    pub fn from_days_since_epoch(days: i64) -> Option<Self> {
        let z = days.checked_add(719_468)?;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Self::new(
            i32::try_from(year).ok()?,
            u32::try_from(month).ok()?,
            u32::try_from(day).ok()?,
        )
    }

    /// Days since 1970-01-01 (negative before it).
    pub fn days_since_epoch(self) -> i64 {
        let year = i64::from(self.year) - i64::from(self.month <= 2);
        let era = year.div_euclid(400);
        let yoe = year.rem_euclid(400);
        let month = i64::from(self.month);
        let mp = if month > 2 { month - 3 } else { month + 9 };
        let doy = (153 * mp + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `n` days later (earlier when negative); `None` past year 9999 or before year 1.
    pub fn add_days(self, n: i64) -> Option<Self> {
        Self::from_days_since_epoch(self.days_since_epoch().checked_add(n)?)
    }

    /// Day of the week, 0 = Sunday … 6 = Saturday.
    pub fn weekday(self) -> u32 {
        // 1970-01-01 was a Thursday (4).
        u32::try_from((self.days_since_epoch() + 4).rem_euclid(7)).unwrap_or(0)
    }

    /// The year.
    pub fn year(self) -> i32 {
        self.year
    }

    /// The month, 1 = January.
    pub fn month(self) -> u32 {
        self.month
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u32 {
        self.day
    }
}

impl fmt::Display for CivilDate {
    /// `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The year is 1..=9999 (`new`): written as a `u32`, the integer type every build formats
        // anyway, so the browser build carries no `i32` formatter for it.
        let year = self.year.unsigned_abs();
        write!(f, "{year:04}-{:02}-{:02}", self.month, self.day)
    }
}

/// True for Gregorian leap years.
pub fn is_leap_year(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Number of days in `month` (1–12) of `year`; 0 for a month outside 1–12.
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// Unix milliseconds of an RFC 3339 timestamp (`2026-12-01T10:00:00Z`,
/// `2026-12-01T10:00:00.123+02:00`; `t`/`z` and a space between date and time are read too).
/// `None` for anything else, or an impossible date or time.
pub fn unix_ms_of_rfc3339(text: &str) -> Option<f64> {
    let date = CivilDate::parse_iso(text.get(..10)?)?;
    let rest = text.get(10..)?;
    let rest = rest
        .strip_prefix(['T', 't', ' '])
        .filter(|r| r.len() >= 8)?;
    let (hms, mut zone) = rest.split_at(8);
    let field = |range: std::ops::Range<usize>| parse_digits(hms.get(range)?);
    if hms.get(2..3) != Some(":") || hms.get(5..6) != Some(":") {
        return None;
    }
    let (h, m, s) = (field(0..2)?, field(3..5)?, field(6..8)?);
    if h > 23 || m > 59 || s > 60 {
        return None;
    }
    let mut ms = 0.0;
    if let Some(fraction) = zone.strip_prefix('.') {
        let digits = fraction.bytes().take_while(u8::is_ascii_digit).count();
        let (numbers, after) = fraction.split_at(digits);
        let first: String = numbers.chars().chain("000".chars()).take(3).collect();
        ms = f64::from(parse_digits(&first)?);
        if digits == 0 {
            return None;
        }
        zone = after;
    }
    let offset_minutes = match zone {
        "Z" | "z" => 0,
        _ => {
            let sign = match zone.get(..1)? {
                "+" => 1,
                "-" => -1,
                _ => return None,
            };
            if zone.len() != 6 || zone.get(3..4) != Some(":") {
                return None;
            }
            let (oh, om) = (
                parse_digits(zone.get(1..3)?)?,
                parse_digits(zone.get(4..6)?)?,
            );
            if oh > 23 || om > 59 {
                return None;
            }
            sign * i64::from(oh * 60 + om)
        }
    };
    let seconds =
        date.days_since_epoch() * 86_400 + i64::from(h * 3600 + m * 60 + s) - offset_minutes * 60;
    Some(seconds as f64 * 1000.0 + ms)
}

fn parse_digits(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rfc3339_timestamps() {
        let at = unix_ms_of_rfc3339;
        assert_eq!(at("2026-12-01T00:00:00.123Z"), Some(1_796_083_200_123.0));
        assert_eq!(at("2026-12-01T00:00:00Z"), Some(1_796_083_200_000.0));
        assert_eq!(at("2026-12-01T02:00:00.5+02:00"), Some(1_796_083_200_500.0));
        assert_eq!(at("2026-11-30T23:00:00-01:00"), Some(1_796_083_200_000.0));
        assert_eq!(at("1970-01-01T00:00:00Z"), Some(0.0));
        for bad in [
            "",
            "2026-12-01",
            "2026-12-01T00:00:00",
            "2026-02-30T00:00:00Z",
            "2026-12-01T24:00:00Z",
            "2026-12-01T00:00:00.Z",
            "2026-12-01T00:00:00+0200",
            "yesterday",
        ] {
            assert_eq!(at(bad), None, "{bad}");
        }
    }

    #[test]
    fn parses_and_formats_iso_dates() {
        let d = CivilDate::parse_iso("2026-03-19");
        assert_eq!(d.map(|d| d.to_string()), Some("2026-03-19".to_owned()));
        assert_eq!(
            CivilDate::parse_iso("2024-02-29").map(|d| d.day()),
            Some(29)
        );
    }

    #[test]
    fn refuses_impossible_and_malformed_dates() {
        for bad in [
            "2026-02-29",
            "2026-02-30",
            "2026-13-01",
            "2026-00-10",
            "0000-01-01",
            "2026-3-19",
            "2026/03/19",
            "",
            "２０２６-03-19",
        ] {
            assert_eq!(CivilDate::parse_iso(bad), None, "{bad}");
        }
        assert!(CivilDate::looks_iso("2026-02-30"));
        assert!(!CivilDate::looks_iso("March 19"));
    }

    #[test]
    fn day_arithmetic_round_trips() {
        let epoch = CivilDate::new(1970, 1, 1).map(CivilDate::days_since_epoch);
        assert_eq!(epoch, Some(0));
        for days in [-719_162, -1, 0, 59, 365, 10_957, 20_000, 2_932_896] {
            let d = CivilDate::from_days_since_epoch(days);
            assert_eq!(d.map(CivilDate::days_since_epoch), Some(days));
        }
        // 2026-11-30 is a Monday.
        assert_eq!(
            CivilDate::new(2026, 11, 30).map(CivilDate::weekday),
            Some(1)
        );
        assert_eq!(
            CivilDate::from_unix_ms(1_796_083_200_000.0).map(|d| d.to_string()),
            Some("2026-12-01".to_owned())
        );
    }
}
