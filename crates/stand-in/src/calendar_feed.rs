//! `/calendar/<calendar>.ics`: the calendar people subscribe to (Google Calendar, Apple Calendar,
//! Outlook), from the year before the current one to the year after, in iCalendar, with headers
//! that let browsers, calendar clients and a cache in front keep it for a day.

use magisterium_core::date::CivilDate;
use magisterium_core::serve::http::WorkerResponse;
use magisterium_liturgy::calendars::{calendar, CALENDARS};
use magisterium_liturgy::ics::{tag, years_ics};

/// Where the feeds are: `/calendar/united-states.ics`, `/calendar/united-states/boston.ics`.
pub const PREFIX: &str = "/calendar/";

/// How long a feed may be kept (it changes once a day, with its DTSTAMP).
const MAX_AGE_SECONDS: u32 = 86_400;

/// True for the paths of the feeds.
pub fn owns(path: &str) -> bool {
    path.starts_with(PREFIX) && path.ends_with(".ics")
}

/// The feed at `path` as of `now_ms`: 200 with the iCalendar text, 304 when `if_none_match` names
/// it, 404 (naming the calendars there are) for an unknown calendar.
pub fn response(path: &str, now_ms: f64, if_none_match: Option<&str>) -> WorkerResponse {
    let id = path
        .strip_prefix(PREFIX)
        .and_then(|p| p.strip_suffix(".ics"))
        .unwrap_or("");
    let (Some(cal), Some(today)) = (calendar(id), CivilDate::from_unix_ms(now_ms)) else {
        let known: Vec<&str> = CALENDARS.iter().map(|c| c.id).collect();
        return WorkerResponse::json(
            404,
            &serde_json::json!({ "error": "unknown calendar", "calendars": known }),
        );
    };
    let year = today.year();
    let Some(text) = years_ics(year - 1, year + 1, cal, today) else {
        return WorkerResponse::json(404, &serde_json::json!({ "error": "outside 1900–2199" }));
    };
    let etag = format!("\"{}\"", tag(&text));
    let cache = format!("public, max-age={MAX_AGE_SECONDS}");
    if if_none_match.is_some_and(|v| v.split(',').any(|t| t.trim() == etag)) {
        return WorkerResponse {
            status: 304,
            headers: Vec::new(),
            body: String::new(),
        }
        .with_header("etag", etag)
        .with_header("cache-control", cache);
    }
    let file = id.replace('/', "-");
    WorkerResponse {
        status: 200,
        headers: Vec::new(),
        body: text,
    }
    .with_header("content-type", "text/calendar; charset=utf-8")
    .with_header(
        "content-disposition",
        format!("inline; filename=\"{file}.ics\""),
    )
    .with_header("cache-control", cache)
    .with_header("etag", etag)
}
