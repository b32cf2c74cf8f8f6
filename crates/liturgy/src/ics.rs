//! A calendar people subscribe to: one civil year of a calendar as iCalendar (RFC 5545), one
//! all-day event a day with the celebration, its rank and colour, and the readings' references.
//! Lines end in CRLF and are folded at 75 octets (never inside a UTF-8 character); text values
//! are escaped (RFC 5545 §3.1, §3.3.11).

use super::calendars::Calendar;
use super::lectionary::readings_for;
use super::precedence::liturgical_day_in;
use magisterium_core::date::CivilDate;

/// The longest line, in octets, before folding (RFC 5545 §3.1).
const FOLD_AT: usize = 75;

/// Every day of the civil year `year` in `calendar` as an iCalendar object; `None` outside
/// 1900–2199. `generated` is the DTSTAMP of every event (the day the feed was made).
pub fn year_ics(year: i32, calendar: &Calendar, generated: CivilDate) -> Option<String> {
    let mut out = String::new();
    let name = format!("{} ({year})", calendar.name);
    for line in [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//magisterium-a2a//liturgy//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
    ] {
        push(&mut out, line);
    }
    push(&mut out, &format!("X-WR-CALNAME:{}", escape(&name)));
    let stamp = format!("{}T000000Z", compact(generated));
    let mut date = CivilDate::new(year, 1, 1)?;
    while date.year() == year {
        let day = liturgical_day_in(date, calendar)?;
        let next = date.add_days(1)?;
        push(&mut out, "BEGIN:VEVENT");
        let uid =
            format!("{}-{}@liturgy.magisterium-a2a", compact(date), calendar.id).replace('/', "-");
        push(&mut out, &format!("UID:{uid}"));
        push(&mut out, &format!("DTSTAMP:{stamp}"));
        push(&mut out, &format!("DTSTART;VALUE=DATE:{}", compact(date)));
        push(&mut out, &format!("DTEND;VALUE=DATE:{}", compact(next)));
        push(&mut out, &format!("SUMMARY:{}", escape(&day.name)));
        push(
            &mut out,
            &format!(
                "CATEGORIES:{},{}",
                escape(day.rank.label()),
                day.colour.key()
            ),
        );
        push(
            &mut out,
            &format!("DESCRIPTION:{}", escape(&description(&day))),
        );
        push(&mut out, "TRANSP:TRANSPARENT");
        push(&mut out, "END:VEVENT");
        date = next;
    }
    push(&mut out, "END:VCALENDAR");
    Some(out)
}

/// The event's text: rank and colour, the day of the season, the holy day of obligation, the
/// readings' references, the optional memorials and the notes, one per line.
fn description(day: &super::LiturgicalDay) -> String {
    let mut lines = vec![format!("{} · {}", day.rank.label(), day.colour.key())];
    if day.season_day != day.name {
        lines.push(day.season_day.clone());
    }
    if day.holy_day_of_obligation && day.date.weekday() != 0 {
        lines.push("Holy day of obligation".to_owned());
    }
    if let Some(r) = readings_for(day) {
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
