//! The proxy's agent card, phase of a [`Call`]: the upstream's card from the Cache API or the
//! upstream, rewritten by the app (in A2A 1.0 form when asked for), stored for its lifetime.

use std::rc::Rc;

use js_sys::Uint8Array;
use serde_json::json;
use wasm_bindgen::JsValue;

use super::log::upstream_log;
use super::{answer, Call, Outcome, APP};
use crate::app::CardFetch;
use crate::proxy::DEFAULT_TIMEOUT_MS;
use crate::upstream::{UpstreamOutcome, CARD_CACHE_SECONDS, CARD_MAX_BYTES};
use crate::workerd::io::{self, UpstreamCall};

impl Call {
    /// The proxy's agent card: the upstream's (cached for its lifetime), rewritten; in A2A 1.0
    /// form when `fetch` asks for it.
    pub(super) async fn card(
        &mut self,
        fetch: &CardFetch,
        own_origin: &str,
    ) -> Result<Outcome, JsValue> {
        let card_url = fetch.url.as_str();
        let cache = io::default_cache();
        let hit = match &cache {
            Some(cache) => io::cached(cache, card_url).await?,
            None => None,
        };
        let from_cache = hit.is_some();
        let outcome = match hit {
            Some(bytes) => UpstreamOutcome::Answer {
                status: 200,
                headers: Vec::new(),
                body: bytes.to_vec(),
            },
            None => {
                let call = UpstreamCall {
                    url: card_url,
                    method: "GET",
                    body: None,
                    token: None,
                    request_id: &self.request_id,
                    timeout_ms: DEFAULT_TIMEOUT_MS,
                    max_bytes: CARD_MAX_BYTES,
                };
                call.send().await?.0
            }
        };
        self.log.upstream = Some(if from_cache {
            json!("cache")
        } else {
            upstream_log(&outcome)
        });
        let fresh = match &outcome {
            UpstreamOutcome::Answer {
                status: 200, body, ..
            } if !from_cache => Some(body.clone()),
            _ => None,
        };
        let settings = Rc::clone(&self.settings);
        let origin = self.origin.clone();
        let card = APP.with(|app| {
            app.borrow()
                .card(fetch, outcome, own_origin, &settings, origin.as_deref())
        });
        if let (Some(cache), Some(fresh), 200) = (&cache, fresh, card.status) {
            let stored = io::store(
                cache,
                card_url,
                &Uint8Array::from(fresh.as_slice()),
                "application/json",
                CARD_CACHE_SECONDS,
            )?;
            self.later(&stored);
        }
        Ok(answer(card))
    }
}
