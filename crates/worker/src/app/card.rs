//! The proxy's agent card, as the app writes it from the upstream's: what a card request asks for
//! ([`CardFetch`]) and the card it gets (the 0.2.6 card with the proxy's URL, or the 1.0 card
//! written from it, with its validators).

use super::App;
use crate::app::card_dates::Conditions;
use crate::app::AGENT_HEADER;
use crate::doors::exit::{Answer, Exit};
use crate::doors::front_door;
use crate::settings::Settings;
use crate::upstream::{self, UpstreamOutcome};
use magisterium_core::serve::http::WorkerResponse;

/// A card request the proxy answers from the upstream's 0.2.6 card.
#[derive(Debug, Clone, PartialEq)]
pub struct CardFetch {
    /// The upstream card's URL.
    pub url: String,
    /// The A2A 1.0 card was asked for (`/.well-known/agent-card.json`).
    pub v1: bool,
    /// The request's `If-None-Match`, for the card's `ETag`.
    pub if_none_match: Option<String>,
    /// The request's `If-Modified-Since`, for the card's `Last-Modified`.
    pub if_modified_since: Option<String>,
    /// The request's time, Unix milliseconds.
    pub now_ms: f64,
}

impl App {
    /// The proxy's card from the upstream's, for the request `fetch`: the 0.2.6 card with the
    /// proxy's own URL or, when `fetch.v1`, the 1.0 card written from it; with its validators.
    pub fn card(
        &self,
        fetch: &CardFetch,
        outcome: UpstreamOutcome,
        own_origin: &str,
        settings: &Settings,
        origin: Option<&str>,
    ) -> WorkerResponse {
        let card = upstream::rewrite_card(outcome, own_origin);
        let card = if fetch.v1 {
            front_door::card(card)
        } else {
            card
        };
        let conditions = Conditions {
            if_none_match: fetch.if_none_match.as_deref(),
            if_modified_since: fetch.if_modified_since.as_deref(),
            now_ms: fetch.now_ms,
        };
        let card = self.card_dates.validate(card, &conditions);
        let card = card.with_header(AGENT_HEADER, "proxy");
        Exit::to(origin).leave(Answer::Own(card), settings)
    }
}
