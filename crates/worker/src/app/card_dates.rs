//! The agent cards' validators, the same for both cards (0.2.6 and 1.0) and both Workers: an
//! `ETag`, a hash of the body, and a `Last-Modified`, the time this isolate first served that tag
//! (to the second). The date moves exactly when the tag does, so the two never disagree: a
//! matching `If-None-Match`, or (without one) an `If-Modified-Since` that is the card's
//! `Last-Modified` (clients send it back as they got it), gets 304 with no body. Any other date
//! gets the full card, which HTTP always allows, and the proxy's bundle carries no date parser for
//! what no client does. A card changes only with a
//! deployment or the upstream's own card, and an isolate lives far shorter than the card's
//! `max-age`, so another isolate's later date costs at most one full answer.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};

use magisterium_core::retry::http_date;
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};

/// How many tags an isolate remembers the date of (a card per version and origin).
const REMEMBERED: usize = 8;

/// When this isolate first served each card tag (Unix seconds), the most recent last.
#[derive(Debug, Default)]
pub struct CardDates {
    seen: RefCell<Vec<(String, u64)>>,
}

/// A card request's conditions and clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct Conditions<'a> {
    /// `If-None-Match`.
    pub if_none_match: Option<&'a str>,
    /// `If-Modified-Since`.
    pub if_modified_since: Option<&'a str>,
    /// The request's time, Unix milliseconds.
    pub now_ms: f64,
}

impl<'a> Conditions<'a> {
    /// The conditions of `request`.
    pub fn of(request: &'a WorkerRequest) -> Self {
        Self {
            if_none_match: request.header("if-none-match"),
            if_modified_since: request.header("if-modified-since"),
            now_ms: request.now_ms,
        }
    }
}

impl CardDates {
    /// `card` (a 200 answer) with its `ETag` and `Last-Modified`, or 304 without a body when the
    /// conditions say the client has it. Other answers pass as they are.
    pub fn validate(&self, mut card: WorkerResponse, conditions: &Conditions) -> WorkerResponse {
        if card.status != 200 {
            return card;
        }
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        card.body.hash(&mut hasher);
        // The same card gives the same tag in every isolate of a deployment (one binary, one
        // hasher); a changed card gives another.
        let etag = format!("\"{:016x}{:08x}\"", hasher.finish(), card.body.len());
        let last_modified = http_date(self.first_served(&etag, conditions.now_ms));
        let fresh = match conditions.if_none_match {
            Some(tags) => tags
                .split(',')
                .any(|t| t.trim().trim_start_matches("W/") == etag || t.trim() == "*"),
            None => conditions.if_modified_since.map(str::trim) == Some(last_modified.as_str()),
        };
        if fresh {
            card.status = 304;
            card.body = String::new();
        }
        card.headers.push(("etag".into(), etag));
        card.headers.push(("last-modified".into(), last_modified));
        card
    }

    /// The second this isolate first served `etag` (now, the first time).
    fn first_served(&self, etag: &str, now_ms: f64) -> u64 {
        let mut seen = self.seen.borrow_mut();
        if let Some((_, since)) = seen.iter().find(|(tag, _)| tag == etag) {
            return *since;
        }
        // Whole seconds of a clock that is never negative or beyond u64 (saturating cast).
        let since = (now_ms / 1000.0).floor() as u64;
        if seen.len() >= REMEMBERED {
            seen.remove(0);
        }
        seen.push((etag.to_owned(), since));
        since
    }
}
