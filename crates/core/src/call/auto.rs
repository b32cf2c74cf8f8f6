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
    let target = session.protocol.borrow().target(
        plan.caller.endpoint,
        || cached_card_v1(session, plan, now),
        now,
    );
    let failure = match at(transport, clock, pacer, plan, &target).await {
        Err(failure)
            if session
                .protocol
                .borrow()
                .should_discover(&target, &failure.error) =>
        {
            failure
        }
        other => return other,
    };
    match discover(transport, clock, session, plan).await {
        Found::V1(v1) => at(transport, clock, pacer, plan, &v1).await,
        Found::Nothing => Err(failure),
        Found::Ignored(ignored) => Err(Failure {
            ignored: Some(Box::new(ignored)),
            ..failure
        }),
    }
}

/// The call at `target`: 0.2.6 at the endpoint, or 1.0 at a URL.
async fn at<T: Transport, K: Clock>(
    transport: &T,
    clock: &K,
    pacer: Option<&RefCell<Pacer>>,
    plan: &Plan<'_>,
    target: &Target,
) -> Result<Outcome<T::Node>, Failure<T::Node, T::Cause>> {
    let (url, payload) = match target {
        Target::Legacy => (plan.caller.endpoint, Payload::Legacy),
        Target::V1(url) => {
            let method = V1Method::from_legacy(plan.method)
                .ok_or_else(|| Error::invalid_input("the request has no A2A 1.0 method"))?;
            (url.as_str(), Payload::V1(method))
        }
    };
    let urls = [url.to_owned()];
    let plan = Plan {
        urls: &urls,
        payload,
        ..*plan
    };
    run(transport, clock, pacer, &plan).await
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

/// What the agent's 1.0 card said.
enum Found {
    /// An interface to make the call again at.
    V1(Target),
    /// No card, or no 1.0 JSON-RPC interface in it.
    Nothing,
    /// An interface the call's credentials may not go to.
    Ignored(Ignored),
}

/// Reads the agent's 1.0 card (`agent-card.json` beside the card URL's `agent.json`, or the card
/// URL itself when it names another file), without a token; when it offers a 1.0 JSON-RPC
/// interface the caller trusts, the protocol keeps it for the card's `max-age` and the call goes
/// there.
async fn discover<T: Transport, K: Clock>(
    transport: &T,
    clock: &K,
    session: &Session<'_, T::Node>,
    plan: &Plan<'_>,
) -> Found {
    let Some(card_url) = session.card_url else {
        return Found::Nothing;
    };
    // The 1.0 card is `agent-card.json`, beside the 0.2.6 `agent.json`.
    let urls = [card::fallback_card_url(card_url).unwrap_or_else(|| card_url.to_owned())];
    let card_plan = Plan {
        reader: Reader::Card,
        method: "agent_card",
        urls: &urls,
        payload: Payload::Empty,
        is_qa: false,
        paced: false,
        authenticated: false,
        ..*plan
    };
    let Ok(Outcome::Card(card, max_age)) = run(transport, clock, None, &card_plan).await else {
        return Found::Nothing;
    };
    let Some(url) = urls.first().and_then(|at| interface(&card, at)) else {
        return Found::Nothing;
    };
    if !plan.caller.trusts(&url) {
        return Found::Ignored(Ignored {
            interface: url,
            reason: IgnoredReason::OtherOrigin,
        });
    }
    let now = clock.now_ms();
    Found::V1(session.protocol.borrow_mut().learned(url, max_age, now))
}
