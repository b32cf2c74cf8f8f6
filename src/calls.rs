//! How a client method runs: the request it builds, one JSON-RPC call in the protocol
//! `protocolVersion` chooses (and `"auto"`'s move to A2A 1.0), the card, and the core's call loop
//! over the SDK's fetch.

use wasm_bindgen::prelude::*;

use super::client::MagisteriumClient;
use super::error::{error_js, into_js, Failure};
use super::fetch::{WebClock, WebTransport};
use super::globals::{resolve_url, uuid};
use super::node::{to_js, Js};
use super::options::{call_settings, CallSettings};
use super::parts::{json_of, object, skill_request};
use super::types::CallOptionsJs;
use magisterium_core::call::{run, Clock, Outcome, Plan, Reader};
use magisterium_core::card;
use magisterium_core::request::{self, method, MessageIds, SkillArg};
use magisterium_core::v1::client::Target;
use magisterium_core::v1::Method as V1Method;
use magisterium_core::wire::RequestId;
use magisterium_core::{Error, Skill};

/// Now (Unix ms), on the SDK's clock.
pub(super) fn now_ms() -> f64 {
    WebClock { signal: None }.now_ms()
}

/// One JSON-RPC call: the request object the core built and how to read its answer.
pub(super) struct Rpc<'a> {
    pub(super) request: JsValue,
    pub(super) id: &'a RequestId,
    pub(super) method: &'a str,
    pub(super) is_qa: bool,
    pub(super) reader: Reader,
}

/// The `CallOptions` of a method, read.
pub(super) fn settings_of(opts: Option<CallOptionsJs>) -> Result<CallSettings, JsValue> {
    call_settings(&opts.map_or(JsValue::UNDEFINED, Into::into))
        .map_err(|e| error_js(Error::invalid_input(e)))
}

/// The JavaScript value of a call's outcome.
pub(super) fn output(outcome: Outcome<Js>) -> Result<JsValue, JsValue> {
    match outcome {
        Outcome::Skill(answer) => to_js(&answer).map_err(|_| unbuildable()),
        Outcome::Task(node) | Outcome::Card(node, _) => Ok(node.0),
    }
}

/// The rejection for a result serde-wasm-bindgen cannot express (it never happens: results hold
/// strings, safe integers and preserved values).
pub(super) fn unbuildable() -> JsValue {
    error_js(Error::invalid_response("the result cannot be built"))
}

impl MagisteriumClient {
    pub(super) async fn skill(
        &self,
        skill: Skill,
        arg: Result<SkillArg, Error>,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        let arg = arg.map_err(error_js)?;
        let call = settings_of(opts)?;
        let (request, id) =
            skill_request(skill, &arg, self.message_ids(&call)).map_err(error_js)?;
        let rpc = Rpc {
            request,
            id: &id,
            method: method::MESSAGE_SEND,
            is_qa: skill == Skill::CatholicQa,
            reader: Reader::Skill(skill),
        };
        self.rpc(rpc, &call).await
    }

    pub(super) async fn task_call(
        &self,
        which: &'static str,
        id: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        let id = id
            .as_string()
            .ok_or_else(|| error_js(Error::invalid_input("the task id must be a string")))?;
        let call = settings_of(opts)?;
        let request_id = RequestId::String(uuid());
        let req = if which == method::TASKS_GET {
            request::tasks_get(&id, request_id)
        } else {
            request::tasks_cancel(&id, request_id)
        };
        let req = req.map_err(error_js)?;
        let rpc = Rpc {
            request: object(&req).map_err(error_js)?,
            id: &req.id,
            method: which,
            is_qa: false,
            reader: Reader::Task,
        };
        self.rpc(rpc, &call).await
    }

    pub(super) fn message_ids(&self, call: &CallSettings) -> MessageIds {
        MessageIds {
            request_id: None,
            message_id: call.message_id.clone().unwrap_or_else(uuid),
            context_id: call.context_id.clone(),
        }
    }

    /// A JSON-RPC call in the protocol `protocolVersion` chooses (the core's [`Protocol`] decides
    /// where it goes). Under `"auto"` a 0.2.6 call the agent answers as an agent that moved to 1.0
    /// would reads its 1.0 card and, when it offers a 1.0 JSON-RPC interface, is made again there
    /// in 1.0; later calls go there directly while the card is fresh.
    ///
    /// [`Protocol`]: magisterium_core::v1::client::Protocol
    pub(super) async fn rpc(&self, rpc: Rpc<'_>, call: &CallSettings) -> Result<JsValue, JsValue> {
        let now = now_ms();
        let target = self.protocol.borrow().target(
            &self.settings.endpoint,
            || self.cached_card_v1(now),
            now,
        );
        let outcome = match self.rpc_at(&rpc, &target, call).await {
            Err(failure)
                if self
                    .protocol
                    .borrow()
                    .should_discover(&target, &failure.error) =>
            {
                match self.discover_v1(call).await {
                    Some(v1) => self.rpc_at(&rpc, &v1, call).await,
                    None => Err(failure),
                }
            }
            other => other,
        };
        output(outcome.map_err(into_js)?)
    }

    /// One call at the endpoint in 0.2.6, or at a 1.0 URL in 1.0.
    async fn rpc_at(
        &self,
        rpc: &Rpc<'_>,
        target: &Target,
        call: &CallSettings,
    ) -> Result<Outcome<Js>, Failure> {
        let (body, v1, url) = match target {
            Target::Legacy => (json_of(&rpc.request)?, None, &self.settings.endpoint),
            Target::V1(url) => {
                let (request, method) = super::v1::request_in_v1(&rpc.request)?;
                (json_of(&request)?, Some(method), url)
            }
        };
        let urls = [url.clone()];
        let plan = Plan {
            reader: rpc.reader,
            method: rpc.method,
            id: rpc.id,
            urls: &urls,
            is_qa: rpc.is_qa,
            paced: rpc.method == method::MESSAGE_SEND,
            authenticated: true,
            retry: self.settings.retry,
            max_bytes: self.settings.max_response_bytes,
        };
        self.run(Some(body), &plan, call, v1).await
    }

    /// The 1.0 interface of the card the client keeps, while that card is fresh.
    fn cached_card_v1(&self, now: f64) -> Option<String> {
        super::v1::interface_url(self.card.borrow().fresh(now)?)
    }

    /// The card's URL: `agentCardUrl`, else `/.well-known/agent.json` at the endpoint's origin.
    pub(super) fn card_url(&self) -> Option<String> {
        match &self.settings.card_url {
            Some(url) => Some(url.clone()),
            None => card::default_card_url(&resolve_url(&self.settings.endpoint)?),
        }
    }

    /// Reads the agent's 1.0 card (`agent-card.json` beside `agentCardUrl`'s `agent.json`, or
    /// `agentCardUrl` itself when it names another file; by default
    /// `/.well-known/agent-card.json` at the endpoint's origin); the core keeps its 1.0 JSON-RPC
    /// URL for the card's `max-age`.
    async fn discover_v1(&self, call: &CallSettings) -> Option<Target> {
        let card_url = self.card_url()?;
        // The 1.0 card is `agent-card.json`, beside the 0.2.6 `agent.json`.
        let url = card::fallback_card_url(&card_url).unwrap_or(card_url);
        let (card, max_age) = match self.fetch_card(vec![url], call).await.ok()? {
            Outcome::Card(card, max_age) => (card, max_age),
            _ => return None,
        };
        let v1_url = super::v1::interface_url(&card.0)?;
        Some(
            self.protocol
                .borrow_mut()
                .learned(v1_url, max_age, now_ms()),
        )
    }

    /// Fetches a card without credentials from `urls` (the next after a 404).
    pub(super) async fn fetch_card(
        &self,
        urls: Vec<String>,
        call: &CallSettings,
    ) -> Result<Outcome<Js>, Failure> {
        let id = RequestId::String(String::new());
        let plan = Plan {
            reader: Reader::Card,
            method: "agent_card",
            id: &id,
            urls: &urls,
            is_qa: false,
            paced: false,
            authenticated: false,
            retry: self.settings.retry,
            max_bytes: self.settings.max_response_bytes,
        };
        self.run(None, &plan, call, None).await
    }

    /// Runs a call through the core's loop over the SDK's fetch.
    async fn run(
        &self,
        body: Option<JsValue>,
        plan: &Plan<'_>,
        call: &CallSettings,
        v1: Option<V1Method>,
    ) -> Result<Outcome<Js>, Failure> {
        let mut headers = Vec::with_capacity(2 + self.settings.headers.len() + call.headers.len());
        if body.is_some() {
            headers.push(("content-type".to_owned(), "application/json".to_owned()));
        }
        headers.push(("accept".to_owned(), "application/json".to_owned()));
        if v1.is_some() {
            headers.push(("a2a-version".to_owned(), "1.0".to_owned()));
        }
        headers.extend(self.settings.headers.iter().cloned());
        headers.extend(call.headers.iter().cloned());
        let transport = WebTransport {
            fetch: self.settings.fetch.as_ref(),
            body,
            headers,
            timeout_ms: call.timeout_ms.unwrap_or(self.settings.timeout_ms),
            signal: call.signal.as_ref(),
            max_bytes: self.settings.max_response_bytes,
            token: &self.settings.token,
            v1,
        };
        let clock = WebClock {
            signal: call.signal.as_ref(),
        };
        run(&transport, &clock, self.pacer.as_ref(), plan).await
    }
}
