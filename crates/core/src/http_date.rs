//! HTTP dates read (RFC 9110, section 5.6.7): IMF-fixdate and the two obsolete forms a recipient
//! must still accept, as `Retry-After` may carry them. The calendar arithmetic is [`CivilDate`]'s;
//! this reads the words around it. The `date_header` crate read them before: its parser was 1.7 KB
//! (brotli) of the browser build, for a header most answers do not have; it still writes the
//! `Last-Modified` dates of the proxy ([`crate::retry::http_date`]), and the tests hold this reader
//! to its answers.

use crate::date::{CivilDate, WEEKDAY_NAMES};

/// The months as the three forms write them, January first (the weekdays: [`WEEKDAY_NAMES`],
/// whose first three letters the two short forms write).
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// Unix milliseconds of an HTTP date in any of the three forms (words apart by white space):
///
/// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`
/// - RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT` (a year below 70 is 20xx, else 19xx)
/// - asctime: `Sun Nov  6 08:49:37 1994`
///
/// `None` for anything else: another layout, a day that does not exist, a weekday that is not the
/// date's, a time past 23:59:59, or a year before 1970.
pub fn unix_ms(text: &str) -> Option<f64> {
    let mut words = [""; 6];
    let mut count = 0;
    for word in text.split_whitespace() {
        *words.get_mut(count)? = word;
        count += 1;
    }
    let (weekday, day, month, year, time) = match words.get(..count)? {
        [weekday, day, month, year, time, "GMT"] => (
            short_weekday(weekday.strip_suffix(',')?)?,
            number(day, 2)?,
            *month,
            number(year, 4)?,
            *time,
        ),
        [weekday, date, time, "GMT"] => {
            let weekday = weekday.strip_suffix(',')?;
            let weekday = WEEKDAY_NAMES.iter().position(|w| *w == weekday)?;
            let mut parts = date.split('-');
            let (day, month, year) = (parts.next()?, parts.next()?, parts.next()?);
            if parts.next().is_some() {
                return None;
            }
            let year = number(year, 2)?;
            let century = if year < 70 { 2000 } else { 1900 };
            (weekday, number(day, 2)?, month, century + year, *time)
        }
        [weekday, month, day, time, year] => {
            let day = number(day, 2).or_else(|| number(day, 1))?;
            (
                short_weekday(weekday)?,
                day,
                *month,
                number(year, 4)?,
                *time,
            )
        }
        _ => return None,
    };
    let month = MONTHS.iter().position(|m| *m == month)?;
    let mut clock = time.split(':');
    let (h, m, s) = (clock.next()?, clock.next()?, clock.next()?);
    let (h, m, s) = (number(h, 2)?, number(m, 2)?, number(s, 2)?);
    if clock.next().is_some() || h > 23 || m > 59 || s > 59 || year < 1970 {
        return None;
    }
    let date = CivilDate::new(
        i32::try_from(year).ok()?,
        u32::try_from(month + 1).ok()?,
        day,
    )?;
    if usize::try_from(date.weekday()).ok()? != weekday {
        return None;
    }
    let seconds = date.days_since_epoch() * 86_400 + i64::from(h * 3600 + m * 60 + s);
    Some(seconds as f64 * 1000.0)
}

/// The weekday whose first three letters `name` is.
fn short_weekday(name: &str) -> Option<usize> {
    WEEKDAY_NAMES.iter().position(|w| w.get(..3) == Some(name))
}

/// The value of exactly `len` ASCII digits.
fn number(text: &str, len: usize) -> Option<u32> {
    let digits = text.len() == len && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| (text.bytes()).fold(0, |n, b| n * 10 + u32::from(b - b'0')))
}

#[cfg(test)]
mod tests {
    use super::unix_ms;

    /// This reader and `date_header`'s, which it replaced in the browser build, agree on every
    /// form, on dates that do not exist and on text that is no date.
    #[test]
    fn reads_the_three_forms_as_date_header_does() {
        let cases = [
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 1994",
            "Sun Nov 16 08:49:37 1994",
            "Wed, 16 Nov 1994 08:49:37 GMT",
            "Thu, 01 Jan 1970 00:00:00 GMT",
            "Fri, 31 Dec 9999 23:59:59 GMT",
            "Tue, 01 Dec 2026 00:00:00 GMT",
            "Tuesday, 01-Dec-26 00:00:00 GMT",
            "Thursday, 01-Jan-70 00:00:00 GMT",
            "Tue Dec  1 00:00:00 2026",
            "Tue Dec 01 00:00:00 2026",
            "Tue, 29 Feb 2028 12:00:00 GMT",
            // Not dates: wrong weekday, month, time, zone, layout, or before 1970.
            "Mon, 06 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nvm 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 1994 08:60:00 GMT",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sun 06 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 94 08:49:37 GMT",
            "Sunday, 06-Nov-1994 08:49:37 GMT",
            "Sun, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 94",
            "Sun Nov  6 8:49:37 1994",
            "Wed, 31 Dec 1969 23:59:59 GMT",
            "Sun, 06 Nov 1994 08:49:37 GMT extra",
            "Sun, 06 Nov 1994 08:49:37:00 GMT",
            "120",
            "",
        ];
        for text in cases {
            let theirs = date_header::parse(text.as_bytes()).ok();
            let ours = unix_ms(text);
            assert_eq!(ours, theirs.map(|secs| secs as f64 * 1000.0), "{text:?}");
        }
        assert_eq!(
            unix_ms("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(784_111_777_000.0)
        );
    }

    /// A day the month does not have is no date (`date_header` reads 31 February 2026 as 3 March,
    /// a Tuesday).
    #[test]
    fn a_day_the_month_lacks_is_no_date() {
        assert!(date_header::parse(b"Tue, 31 Feb 2026 00:00:00 GMT").is_ok());
        assert_eq!(unix_ms("Tue, 31 Feb 2026 00:00:00 GMT"), None);
        assert_eq!(unix_ms("Thu, 29 Feb 2029 00:00:00 GMT"), None);
    }
}
