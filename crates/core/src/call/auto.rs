//! One JSON-RPC call in the protocol `protocolVersion` chooses ([`rpc`]): under `"0.2"` at the
//! endpoint in 0.2.6, under `"1.0"` at the endpoint in 1.0, and under `"auto"` in 0.2.6 until the
//! agent answers as one that moved to 1.0 would; then its 1.0 card is read (without a token), and
//! when the card offers a 1.0 JSON-RPC interface the call is made again there, in 1.0. Later calls
//! go there directly while the card is fresh ([`Protocol`]), or while the card `agentCard()` kept
//! offers one. An interface on another origin than the endpoint's (and not one the caller trusts)
//! is never followed: the call's token and headers would go there ([`Ignored`]).

use std::cell::RefCell;

use super::{run, Failure, Outcome, Payload, Plan, Reader, Transport};
use crate::card;
use crate::error::Error;
use crate::json_view::JsonView;
use crate::kept::Kept;
use crate::origin;
use crate::pacing::Pacer;
use crate::v1::card::json_rpc_v1_url;
use crate::v1::client::{Protocol, Target};
use crate::v1::Method as V1Method;

use super::Clock;

/// Why `"auto"` did not follow the A2A 1.0 interface an agent card named (the JavaScript error's
/// `data`: `{ ignoredInterface, reason }`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ignored {
    /// The interface URL the card named.
    pub interface: String,
    /// Why it was not followed.
    pub reason: IgnoredReason,
}

/// Why an interface an agent card named was not followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum IgnoredReason {
    /// It is on another origin than the endpoint's, and not one of `trustedOrigins`: the call's
    /// credentials would have gone there.
    OtherOrigin,
}

impl IgnoredReason {
    /// The `reason` string JavaScript sees.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::OtherOrigin => "other_origin",
        }
    }
}

/// What a client keeps between calls, and where its card is.
#[derive(Debug, Clone, Copy)]
pub struct Session<'a, N> {
    /// Where calls go under `protocolVersion`, and the 1.0 interface `"auto"` found.
    pub protocol: &'a RefCell<Protocol>,
    /// The card `agentCard()` read, for its `max-age`.
    pub card: &'a RefCell<Kept<N>>,
    /// The card's URL (absolute): `agentCardUrl`, else `/.well-known/agent.json` at the endpoint's
    /// origin; `None` when there is none.
    pub card_url: Option<&'a str>,
}

/// Runs one JSON-RPC call to its end where `protocolVersion` sends it (see the module): the
/// result, or the failure of the last place tried. `plan.urls` and `plan.payload` are chosen
/// here, from `plan.caller.endpoint` and the session.
///
/// # Errors
/// As [`run`]; under `"auto"`, a refusal that said the agent moved is the answer when its card
/// offers no 1.0 interface.
pub async fn rpc<T: Transport, K: Clock>(
    transport: &T,
    clock: &K,
    pacer: Option<&RefCell<Pacer>>,
    session: &Session<'_, T::Node>,
    plan: &Plan<'_>,
) -> Result<Outcome<T::Node>, Failure<T::Node, T::Cause>> {
    let now = clock.now_ms();
    let mut target = session.protocol.borrow().target(
        plan.caller.endpoint,
        || cached_card_v1(session, plan, now),
        now,
    );
    // One loop, one `run`: the call; after a refusal that said the agent moved, its 1.0 card
    // (the refusal kept meanwhile); then the call again at the card's interface.
    let mut moved: Option<Failure<T::Node, T::Cause>> = None;
    loop {
        let (url, step) = match (&moved, &target) {
            (Some(_), _) => {
                // The 1.0 card is `agent-card.json`, beside the 0.2.6 `agent.json`.
                let card_url = session.card_url.unwrap_or_default();
                let url = card::fallback_card_url(card_url).unwrap_or_else(|| card_url.to_owned());
                let card = Plan {
                    reader: Reader::Card,
                    method: "agent_card",
                    payload: Payload::Empty,
                    is_qa: false,
                    paced: false,
                    authenticated: false,
                    ..*plan
                };
                (url, card)
            }
            (None, Target::Legacy) => (plan.caller.endpoint.to_owned(), *plan),
            (None, Target::V1(url)) => {
                let method = V1Method::from_legacy(plan.method)
                    .ok_or_else(|| Error::invalid_input("the request has no A2A 1.0 method"))?;
                let payload = Payload::V1(method);
                (url.clone(), Plan { payload, ..*plan })
            }
        };
        let urls = [url];
        let result = run(
            transport,
            clock,
            pacer,
            &Plan {
                urls: &urls,
                ..step
            },
        )
        .await;
        let Some(failure) = moved.take() else {
            match result {
                Err(failure)
                    if session.card_url.is_some()
                        && (session.protocol.borrow()).should_discover(&target, &failure.error) =>
                {
                    moved = Some(failure);
                    continue;
                }
                other => return other,
            }
        };
        let found = match result {
            Ok(Outcome::Card(card, max_age)) => urls
                .first()
                .and_then(|at| interface(&card, at))
                .map(|url| (url, max_age)),
            _ => None,
        };
        let Some((url, max_age)) = found else {
            return Err(failure);
        };
        if !plan.caller.trusts(&url) {
            let ignored = Ignored {
                interface: url,
                reason: IgnoredReason::OtherOrigin,
            };
            return Err(Failure {
                ignored: Some(Box::new(ignored)),
                ..failure
            });
        }
        target = (session.protocol.borrow_mut()).learned(url, max_age, clock.now_ms());
    }
}

/// The 1.0 interface of the card the client keeps, while that card is fresh and the interface is
/// one the caller trusts.
fn cached_card_v1<N: JsonView>(
    session: &Session<'_, N>,
    plan: &Plan<'_>,
    now: f64,
) -> Option<String> {
    let kept = session.card.borrow();
    interface(kept.fresh(now)?, session.card_url?).filter(|url| plan.caller.trusts(url))
}

/// The URL of `card`'s 1.0 JSON-RPC interface, made absolute against the card's own URL.
fn interface<N: JsonView>(card: &N, card_url: &str) -> Option<String> {
    origin::resolve(&json_rpc_v1_url(card)?, card_url)
}
