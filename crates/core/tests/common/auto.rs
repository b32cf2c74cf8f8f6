//! `call::rpc`'s fakes: a client's kept state, the agent's cards, and a search through it.
#![allow(dead_code)]

use std::cell::RefCell;

use super::call_loop::{
    block_on, plan, with_header, FakeClock, FakeTransport, Node, Outcome1, URL,
};
use magisterium_core::call::{rpc, Answer, Body, Failure, Outcome, Reader, Session};
use magisterium_core::kept::Kept;
use magisterium_core::request::method;
use magisterium_core::v1::client::{Protocol, ProtocolChoice};
use magisterium_core::wire::RequestId;
use magisterium_core::Skill;

/// The agent's 0.2.6 card URL (the default: `/.well-known/agent.json` at the endpoint's origin).
pub const CARD_URL: &str = "https://agent.example/.well-known/agent.json";
/// Where the 1.0 card is read.
pub const V1_CARD_URL: &str = "https://agent.example/.well-known/agent-card.json";

/// A 1.0 card whose JSON-RPC 1.0 interface is `url`.
pub fn card_offering(url: &str) -> Node {
    Box::leak(Box::new(serde_json::json!({
        "name": "Moved agent", "description": "d", "version": "1", "skills": [],
        "capabilities": {}, "defaultInputModes": [], "defaultOutputModes": [],
        "supportedInterfaces": [
            { "url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0" },
            { "url": URL, "protocolBinding": "JSONRPC", "protocolVersion": "0.2" }
        ]
    })))
}

/// The card answer: `card`, kept for a minute.
pub fn card_answer(card: Node) -> Outcome1 {
    with_header(
        Ok(Answer {
            status: 200,
            body: Body::Json(card),
            retry_after: None,
            retry_after_ms: None,
            cache_control: None,
            cache: None,
        }),
        "cache-control",
        "public, max-age=60",
    )
}

/// HTTP 404 without a JSON-RPC body: the endpoint is gone.
pub fn gone() -> Outcome1 {
    Ok(Answer {
        status: 404,
        body: Body::NotJson,
        retry_after: None,
        retry_after_ms: None,
        cache_control: None,
        cache: None,
    })
}

/// What a client keeps between calls.
pub struct Client {
    pub protocol: RefCell<Protocol>,
    pub card: RefCell<Kept<Node>>,
}

impl Client {
    pub fn new(choice: ProtocolChoice) -> Self {
        Self {
            protocol: RefCell::new(Protocol::new(choice)),
            card: RefCell::default(),
        }
    }

    pub fn session(&self) -> Session<'_, Node> {
        Session {
            protocol: &self.protocol,
            card: &self.card,
            card_url: Some(CARD_URL),
        }
    }
}

/// A `document_search` through `rpc`, with the token "secret" and the caller's header
/// `x-api-key: k`.
pub fn search_rpc(
    t: &FakeTransport,
    clock: &FakeClock,
    kept: &Client,
) -> Result<Outcome<Node>, Failure<Node, &'static str>> {
    search_rpc_trusting(t, clock, kept, &[])
}

/// [`search_rpc`] with these `trustedOrigins`.
pub fn search_rpc_trusting(
    t: &FakeTransport,
    clock: &FakeClock,
    kept: &Client,
    trusted: &[String],
) -> Result<Outcome<Node>, Failure<Node, &'static str>> {
    let id = RequestId::from("req-1");
    let headers = [("x-api-key".to_owned(), "k".to_owned())];
    let mut p = plan(
        Reader::Skill(Skill::DocumentSearch),
        method::MESSAGE_SEND,
        &id,
        &[],
    );
    p.caller.headers = &headers;
    p.caller.trusted_origins = trusted;
    block_on(rpc(t, clock, None, &kept.session(), &p))
}

/// A transport with the token "secret".
pub fn with_token(script: Vec<Outcome1>) -> FakeTransport {
    let mut t = FakeTransport::new(script);
    t.static_token = Some("secret".into());
    t
}
