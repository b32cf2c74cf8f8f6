//! How a client method runs: the request it builds, then the core's call loop over the SDK's
//! fetch (`call::rpc`: the protocol `protocolVersion` chooses and `"auto"`'s move to A2A 1.0;
//! `call::run` for the card).

use std::cell::OnceCell;

use wasm_bindgen::prelude::*;

use super::client::MagisteriumClient;
use super::error::{error_js, into_js, Failure};
use super::fetch::{WebClock, WebTransport};
use super::globals::{resolve_url, uuid};
use super::node::{to_js, Js};
use super::options::{call_settings, CallSettings};
use super::parts::{json_of, object, skill_request};
use super::types::CallOptionsJs;
use magisterium_core::call::{run, Caller, Clock, Outcome, Payload, Plan, Reader, Session};
use magisterium_core::card;
use magisterium_core::request::{self, method, MessageIds, SkillArg};
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
        // The opt-in cache: the key, then a fresh kept answer.
        let keyed = (self.cache.as_ref()).and_then(|cache| cache.key(skill, &arg));
        let (request, id) =
            skill_request(skill, &arg, self.message_ids(&call)).map_err(error_js)?;
        if let (Some(cache), Some(keyed)) = (&self.cache, &keyed) {
            let context_id = call.context_id.as_deref();
            if let Some(hit) = cache.hit(skill, keyed, &request, context_id, now_ms()) {
                return output(Outcome::Skill(hit));
            }
        }
        let rpc = Rpc {
            request,
            id: &id,
            method: method::MESSAGE_SEND,
            is_qa: skill == Skill::CatholicQa,
            reader: Reader::Skill(skill),
        };
        let mut outcome = self.rpc(rpc, &call).await?;
        if let (Some(cache), Outcome::Skill(answer)) = (&self.cache, &mut outcome) {
            cache.keep(skill, keyed, answer, now_ms());
        }
        output(outcome)
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
        output(self.rpc(rpc, &call).await?)
    }

    pub(super) fn message_ids(&self, call: &CallSettings) -> MessageIds {
        MessageIds {
            request_id: None,
            message_id: call.message_id.clone().unwrap_or_else(uuid),
            context_id: call.context_id.clone(),
        }
    }

    /// A JSON-RPC call in the protocol `protocolVersion` chooses: the core's [`rpc`] decides where
    /// it goes (`"auto"`'s move to A2A 1.0 included) and which headers each request has; this only
    /// hands it the SDK's fetch. Its outcome, before it becomes a JavaScript value ([`output`]).
    pub(super) async fn rpc(
        &self,
        rpc: Rpc<'_>,
        call: &CallSettings,
    ) -> Result<Outcome<Js>, JsValue> {
        let legacy = json_of(&rpc.request).map_err(error_js)?;
        // The endpoint resolved once: the call's URL and the default card URL both come from it.
        let resolved = self.resolved_endpoint();
        let endpoint = resolved
            .clone()
            .unwrap_or_else(|| self.settings.endpoint.clone());
        let plan = Plan {
            reader: rpc.reader,
            method: rpc.method,
            id: rpc.id,
            urls: &[],
            payload: Payload::Legacy,
            caller: Caller {
                endpoint: &endpoint,
                headers: &self.settings.headers,
                call_headers: &call.headers,
                trusted_origins: &self.settings.trusted_origins,
            },
            is_qa: rpc.is_qa,
            paced: rpc.method == method::MESSAGE_SEND,
            authenticated: true,
            retry: self.settings.retry,
            max_bytes: self.settings.max_response_bytes,
        };
        let card_url = self.card_url_from(resolved.as_deref());
        let session = Session {
            protocol: &self.protocol,
            card: &self.card,
            card_url: card_url.as_deref(),
        };
        let transport = self.transport(Some(&rpc.request), Some(legacy), call);
        let clock = WebClock {
            signal: call.signal.as_ref(),
        };
        let outcome =
            magisterium_core::call::rpc(&transport, &clock, self.pacer.as_ref(), &session, &plan);
        outcome.await.map_err(into_js)
    }

    /// The endpoint, absolute (resolved against the page's location, as `fetch` would).
    fn endpoint(&self) -> String {
        (self.resolved_endpoint()).unwrap_or_else(|| self.settings.endpoint.clone())
    }

    /// The endpoint resolved against the page's location now (`None`: it is not a URL here).
    fn resolved_endpoint(&self) -> Option<String> {
        (self.absolute_endpoint.clone()).or_else(|| resolve_url(&self.settings.endpoint))
    }

    /// The card's URL: `agentCardUrl`, else `/.well-known/agent.json` at the endpoint's origin.
    pub(super) fn card_url(&self) -> Option<String> {
        self.card_url_from(self.resolved_endpoint().as_deref())
    }

    /// [`Self::card_url`] with the endpoint already resolved (`None`: it is not a URL).
    fn card_url_from(&self, endpoint: Option<&str>) -> Option<String> {
        match &self.settings.card_url {
            Some(url) => resolve_url(url),
            None => card::default_card_url(endpoint?),
        }
    }

    /// Fetches a card without credentials from `urls` (the next after a 404).
    pub(super) async fn fetch_card(
        &self,
        urls: Vec<String>,
        call: &CallSettings,
    ) -> Result<Outcome<Js>, Failure> {
        let id = RequestId::String(String::new());
        let endpoint = self.endpoint();
        let plan = Plan {
            reader: Reader::Card,
            method: "agent_card",
            id: &id,
            urls: &urls,
            payload: Payload::Empty,
            caller: Caller {
                endpoint: &endpoint,
                headers: &self.settings.headers,
                call_headers: &call.headers,
                trusted_origins: &self.settings.trusted_origins,
            },
            is_qa: false,
            paced: false,
            authenticated: false,
            retry: self.settings.retry,
            max_bytes: self.settings.max_response_bytes,
        };
        let transport = self.transport(None, None, call);
        let clock = WebClock {
            signal: call.signal.as_ref(),
        };
        run(&transport, &clock, None, &plan).await
    }

    /// The SDK's fetch for one call.
    fn transport<'a>(
        &'a self,
        request: Option<&'a JsValue>,
        legacy: Option<JsValue>,
        call: &'a CallSettings,
    ) -> WebTransport<'a> {
        WebTransport {
            fetch: self.settings.fetch.as_ref(),
            request,
            legacy,
            v1: OnceCell::new(),
            timeout_ms: call.timeout_ms.unwrap_or(self.settings.timeout_ms),
            signal: call.signal.as_ref(),
            max_bytes: self.settings.max_response_bytes,
            token: &self.settings.token,
        }
    }
}
