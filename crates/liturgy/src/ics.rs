//! A calendar people subscribe to: one civil year of a calendar as iCalendar (RFC 5545), one
//! all-day event a day with the celebration, its rank and colour, and the readings' references.
//! Lines end in CRLF and are folded at 75 octets (never inside a UTF-8 character); text values
//! are escaped (RFC 5545 §3.1, §3.3.11).

use super::calendars::Calendar;
use super::lectionary::masses_in;
use super::locales::{Locale, ENGLISH};
use super::precedence::liturgical_day_in;
use magisterium_core::date::CivilDate;

/// The longest line, in octets, before folding (RFC 5545 §3.1).
const FOLD_AT: usize = 75;

/// Every day of the civil year `year` in `calendar` as an iCalendar object; `None` outside
/// 1900–2199. `generated` is the DTSTAMP of every event (the day the feed was made).
pub fn year_ics(year: i32, calendar: &Calendar, generated: CivilDate) -> Option<String> {
    years_ics(year, year, calendar, generated)
}

/// [`year_ics`] with the celebrations named in `locale` (English where it has no name).
pub fn year_ics_in(
    year: i32,
    calendar: &Calendar,
    locale: Locale,
    generated: CivilDate,
) -> Option<String> {
    ics(year, year, calendar, locale, generated)
}

/// Every day of the civil years `first` to `last` in `calendar` as one iCalendar object to
/// subscribe to (clients are asked to refresh it daily); `None` when a year is outside 1900–2199
/// or `last` is before `first`.
pub fn years_ics(
    first: i32,
    last: i32,
    calendar: &Calendar,
    generated: CivilDate,
) -> Option<String> {
    ics(first, last, calendar, ENGLISH, generated)
}

fn ics(
    first: i32,
    last: i32,
    calendar: &Calendar,
    locale: Locale,
    generated: CivilDate,
) -> Option<String> {
    if last < first {
        return None;
    }
    let mut out = String::new();
    let name = if first == last {
        format!("{} ({first})", calendar.name)
    } else {
        format!("{} ({first}–{last})", calendar.name)
    };
    for line in [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//magisterium-a2a//liturgy//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "REFRESH-INTERVAL;VALUE=DURATION:P1D",
        "X-PUBLISHED-TTL:P1D",
    ] {
        push(&mut out, line);
    }
    push(&mut out, &format!("X-WR-CALNAME:{}", escape(&name)));
    let stamp = format!("{}T000000Z", compact(generated));
    let mut date = CivilDate::new(first, 1, 1)?;
    while date.year() <= last {
        let day = locale.localize(liturgical_day_in(date, calendar)?);
        let next = date.add_days(1)?;
        event(&mut out, &day, calendar, &stamp, next);
        date = next;
    }
    push(&mut out, "END:VCALENDAR");
    Some(out)
}

/// The all-day VEVENT of `day`, ending on `next`.
fn event(
    out: &mut String,
    day: &super::LiturgicalDay,
    calendar: &Calendar,
    stamp: &str,
    next: CivilDate,
) {
    push(out, "BEGIN:VEVENT");
    let uid = format!(
        "{}-{}@liturgy.magisterium-a2a",
        compact(day.date),
        calendar.id
    )
    .replace('/', "-");
    push(out, &format!("UID:{uid}"));
    push(out, &format!("DTSTAMP:{stamp}"));
    push(out, &format!("DTSTART;VALUE=DATE:{}", compact(day.date)));
    push(out, &format!("DTEND;VALUE=DATE:{}", compact(next)));
    push(out, &format!("SUMMARY:{}", escape(&day.name)));
    push(
        out,
        &format!(
            "CATEGORIES:{},{}",
            escape(day.rank.label()),
            day.colour.key()
        ),
    );
    push(
        out,
        &format!("DESCRIPTION:{}", escape(&description(day, calendar))),
    );
    push(out, "TRANSP:TRANSPARENT");
    push(out, "END:VEVENT");
}

/// A short, stable tag of `text` (64-bit FNV-1a, hex) for an HTTP `ETag`.
pub fn tag(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// The event's text: rank and colour, the day of the season, the holy day of obligation, the
/// readings' references (a line a Mass), the optional memorials and the notes, one per line.
fn description(day: &super::LiturgicalDay, calendar: &Calendar) -> String {
    let mut lines = vec![format!("{} · {}", day.rank.label(), day.colour.key())];
    if day.season_day != day.name {
        lines.push(day.season_day.clone());
    }
    if day.holy_day_of_obligation && day.date.weekday() != 0 {
        lines.push("Holy day of obligation".to_owned());
    }
    for r in masses_in(day, calendar) {
        let mut refs = vec![r.first.to_owned(), r.psalm.to_owned()];
        refs.extend(r.second.map(str::to_owned));
        refs.push(r.gospel.to_owned());
        let mass = r.note.map(|n| format!(" ({n})")).unwrap_or_default();
        lines.push(format!("Readings{mass}: {}", refs.join(" | ")));
    }
    if !day.optional_memorials.is_empty() {
        let names: Vec<&str> = day.optional_memorials.iter().map(|c| c.title).collect();
        lines.push(format!("Optional: {}", names.join("; ")));
    }
    lines.extend(day.notes.iter().cloned());
    lines.join("\n")
}

/// `YYYYMMDD`.
fn compact(date: CivilDate) -> String {
    format!("{:04}{:02}{:02}", date.year(), date.month(), date.day())
}

/// A TEXT value escaped (RFC 5545 §3.3.11): backslash, semicolon, comma and newline.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            _ => out.push(ch),
        }
    }
    out
}

/// Appends `line` folded at 75 octets (continuations start with a space) and ended with CRLF.
pub fn push(out: &mut String, line: &str) {
    let mut width = 0;
    for ch in line.chars() {
        let len = ch.len_utf8();
        if width + len > FOLD_AT {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(ch);
        width += len;
    }
    out.push_str("\r\n");
}
