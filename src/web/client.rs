//! `MagisteriumClient`: one method per skill and the protocol-level methods. Each method is an
//! `async fn` that runs its call from start to end in Rust: it checks the arguments, builds the
//! request with the core, hands it to the core's call loop (`protocol::call::run`) over the SDK's
//! fetch ([`super::fetch`]), and turns the outcome into the typed result or a `MagisteriumError`.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use super::error::{error_js, into_js, Failure};
use super::fetch::{WebClock, WebTransport};
use super::globals::{resolve_url, uuid};
use super::node::{to_js, Js};
use super::options::{call_settings, client_settings, CallSettings, ClientSettings};
use super::parts::{date_arg, json_of, object, send_request, skill_request, text_arg};
use super::types::*;
use crate::protocol::call::{run, Outcome, Plan, Reader};
use crate::protocol::card;
use crate::protocol::pacing::Pacer;
use crate::protocol::request::{self, method, MessageIds, SkillArg};
use crate::protocol::v1::client::{moved_to_v1, ProtocolChoice};
use crate::protocol::v1::Method as V1Method;
use crate::protocol::wire::RequestId;
use crate::protocol::{Error, Skill};

/// A client of Magisterium AI's A2A agent (or of the Worker proxy in front of it).
///
/// Construction does no I/O. Every method returns a Promise that rejects with a
/// `MagisteriumError`; see `isMagisteriumError`.
///
/// ```js
/// const client = new MagisteriumClient({ endpoint: "/api/v1/a2a" });
/// const { answer, citations } = await client.catholicQa("What is grace?");
/// ```
#[wasm_bindgen]
pub struct MagisteriumClient {
    settings: ClientSettings,
    pacer: Option<RefCell<Pacer>>,
    /// The card and when it expires (Unix ms).
    card: RefCell<Option<(JsValue, f64)>>,
    /// `protocolVersion: "auto"`: the agent's A2A 1.0 JSON-RPC URL, once its 1.0 card was read,
    /// and when that expires (Unix ms).
    v1_url: RefCell<Option<(String, f64)>>,
}

/// How long a 1.0 interface read from a card without `max-age` is used before the card is read
/// again.
const V1_CARD_DEFAULT_SECONDS: u64 = 300;

/// One JSON-RPC call: the request object the core built and how to read its answer.
struct Rpc<'a> {
    request: JsValue,
    id: &'a RequestId,
    method: &'a str,
    is_qa: bool,
    reader: Reader,
}

impl std::fmt::Debug for MagisteriumClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MagisteriumClient")
            .field("endpoint", &self.settings.endpoint)
            .finish_non_exhaustive()
    }
}

/// The `CallOptions` of a method, read.
fn settings_of(opts: Option<CallOptionsJs>) -> Result<CallSettings, JsValue> {
    call_settings(&opts.map_or(JsValue::UNDEFINED, Into::into))
        .map_err(|e| error_js(Error::invalid_input(e)))
}

#[wasm_bindgen]
impl MagisteriumClient {
    /// A client with these options (all optional). Throws `MagisteriumError` (kind
    /// `"invalid_input"`) for an option of the wrong type; makes no request.
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<ClientOptionsJs>) -> Result<MagisteriumClient, JsValue> {
        let options: JsValue = options.map_or(JsValue::UNDEFINED, Into::into);
        let settings = client_settings(&options).map_err(|e| error_js(Error::invalid_input(e)))?;
        let pacer = settings
            .pacing
            .map(|(per, qa)| RefCell::new(Pacer::new(per, qa)));
        Ok(Self {
            settings,
            pacer,
            card: RefCell::new(None),
            v1_url: RefCell::new(None),
        })
    }

    /// Asks a question (`catholic_qa`): a Markdown answer with `[^n]` footnotes, its citations and
    /// related questions. The service allows 2 of these a minute.
    #[wasm_bindgen(js_name = catholicQa, unchecked_return_type = "QaAnswer")]
    pub async fn catholic_qa(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] question: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.skill(Skill::CatholicQa, text_arg(&question, "question"), opts)
            .await
    }

    /// Searches Magisterial documents, encyclicals, the Catechism and canon law (`document_search`).
    #[wasm_bindgen(js_name = documentSearch, unchecked_return_type = "SearchResults")]
    pub async fn document_search(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.skill(Skill::DocumentSearch, text_arg(&query, "query"), opts)
            .await
    }

    /// A document's full text and metadata by id (`document_fetch`); `null` when it does not exist.
    #[wasm_bindgen(js_name = documentFetch, unchecked_return_type = "Document | null")]
    pub async fn document_fetch(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.skill(Skill::DocumentFetch, text_arg(&id, "id"), opts)
            .await
    }

    /// The Mass readings of a date (`liturgical_readings`): a `Date` (sent as its local
    /// `YYYY-MM-DD`), an ISO date, or text such as "next Sunday"; `null` when there are none.
    #[wasm_bindgen(js_name = liturgicalReadings, unchecked_return_type = "TextResult | null")]
    pub async fn liturgical_readings(
        &self,
        #[wasm_bindgen(unchecked_param_type = "DateInput")] when: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.skill(Skill::LiturgicalReadings, date_arg(&when), opts)
            .await
    }

    /// The saints of a date from the Roman Martyrology (`saints_of_the_day`); `null` when there is
    /// no entry. A `Date` or ISO date is sent as a data part `{ date }`, other text as text.
    #[wasm_bindgen(js_name = saintsOfTheDay, unchecked_return_type = "TextResult | null")]
    pub async fn saints_of_the_day(
        &self,
        #[wasm_bindgen(unchecked_param_type = "DateInput")] when: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.skill(Skill::SaintsOfTheDay, date_arg(&when), opts)
            .await
    }

    /// Saints, blesseds, venerables and servants of God by name or id (`saint_lookup`).
    #[wasm_bindgen(js_name = saintLookup, unchecked_return_type = "SkillResult")]
    pub async fn saint_lookup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.skill(Skill::SaintLookup, text_arg(&query, "query"), opts)
            .await
    }

    /// Clergy other than popes by name or id (`person_lookup`).
    #[wasm_bindgen(js_name = personLookup, unchecked_return_type = "SkillResult")]
    pub async fn person_lookup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.skill(Skill::PersonLookup, text_arg(&query, "query"), opts)
            .await
    }

    /// Popes by name or id (`pope_lookup`).
    #[wasm_bindgen(js_name = popeLookup, unchecked_return_type = "SkillResult")]
    pub async fn pope_lookup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.skill(Skill::PopeLookup, text_arg(&query, "query"), opts)
            .await
    }

    /// Dioceses, archdioceses and eparchies by name or id (`diocese_lookup`).
    #[wasm_bindgen(js_name = dioceseLookup, unchecked_return_type = "SkillResult")]
    pub async fn diocese_lookup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.skill(Skill::DioceseLookup, text_arg(&query, "query"), opts)
            .await
    }

    /// Yearly statistics (19 metrics a year) of a diocese (`diocese_statistics_lookup`).
    #[wasm_bindgen(js_name = dioceseStatisticsLookup, unchecked_return_type = "SkillResult")]
    pub async fn diocese_statistics_lookup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.skill(
            Skill::DioceseStatisticsLookup,
            text_arg(&query, "query"),
            opts,
        )
        .await
    }

    /// `message/send` to any skill, also ones added to the service later. A string is sent the
    /// way the skill's own method sends it; parts are sent as given. Resolves to the Task in
    /// whatever state the agent returns it (`working`, `input-required`, … included), so a
    /// long-running task can be polled with `getTask` or cancelled.
    ///
    /// # Errors
    /// Rejects with kind `"task_failed"` when the task failed or was rejected.
    #[wasm_bindgen(unchecked_return_type = "Task")]
    pub async fn send(
        &self,
        #[wasm_bindgen(js_name = skillId, unchecked_param_type = "string")] skill_id: JsValue,
        input: InputJs,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        let skill_id = skill_id
            .as_string()
            .ok_or_else(|| error_js(Error::invalid_input("skillId must be a string")))?;
        let call = settings_of(opts)?;
        let (request, id) =
            send_request(&skill_id, &input.into(), self.message_ids(&call)).map_err(error_js)?;
        let rpc = Rpc {
            request,
            id: &id,
            method: method::MESSAGE_SEND,
            is_qa: skill_id == Skill::CatholicQa.id(),
            reader: Reader::Sent,
        };
        self.rpc(rpc, &call).await
    }

    /// Reads a stored task (`tasks/get`), in whatever state it is. Tasks are kept 24 hours.
    #[wasm_bindgen(js_name = getTask, unchecked_return_type = "Task")]
    pub async fn get_task(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.task_call(method::TASKS_GET, id, opts).await
    }

    /// Cancels a task (`tasks/cancel`). Magisterium stores only finished tasks, so for a known
    /// task this rejects with kind `"invalid_params"` ("Invalid state transition").
    #[wasm_bindgen(js_name = cancelTask, unchecked_return_type = "Task")]
    pub async fn cancel_task(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Result<JsValue, JsValue> {
        self.task_call(method::TASKS_CANCEL, id, opts).await
    }

    /// The agent card, fetched without credentials and kept for its `max-age`. Tries
    /// `/.well-known/agent.json`, then `/.well-known/agent-card.json` after a 404.
    #[wasm_bindgen(js_name = agentCard, unchecked_return_type = "AgentCard")]
    pub async fn agent_card(&self, opts: Option<CallOptionsJs>) -> Result<JsValue, JsValue> {
        let call = settings_of(opts)?;
        if let Some((card, expires)) = self.card.borrow().as_ref() {
            if js_sys::Date::now() < *expires {
                return Ok(card.clone());
            }
        }
        let url = match &self.settings.card_url {
            Some(url) => Some(url.clone()),
            None => resolve_url(&self.settings.endpoint)
                .and_then(|endpoint| card::default_card_url(&endpoint)),
        };
        let url = url.ok_or_else(|| {
            error_js(Error::invalid_input(
                "endpoint is not a URL; set agentCardUrl",
            ))
        })?;
        // Any card URL ending in `/.well-known/agent.json` also gets the 0.3 path after a 404.
        let fallback = card::fallback_card_url(&url);
        let urls: Vec<String> = std::iter::once(url).chain(fallback).collect();
        match self.fetch_card(urls, &call).await.map_err(into_js)? {
            Outcome::Card(card, max_age) => {
                if max_age > 0 {
                    let expires = js_sys::Date::now() + (max_age as f64) * 1000.0;
                    *self.card.borrow_mut() = Some((card.0.clone(), expires));
                }
                Ok(card.0)
            }
            other => output(other),
        }
    }
}

/// The JavaScript value of a call's outcome.
fn output(outcome: Outcome<Js>) -> Result<JsValue, JsValue> {
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
    async fn skill(
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

    async fn task_call(
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

    fn message_ids(&self, call: &CallSettings) -> MessageIds {
        MessageIds {
            request_id: None,
            message_id: call.message_id.clone().unwrap_or_else(uuid),
            context_id: call.context_id.clone(),
        }
    }

    /// A JSON-RPC call in the protocol `protocolVersion` chooses. Under `"auto"` a 0.2.6 call
    /// the agent answers as an agent that moved to 1.0 would (method not found, version not
    /// supported, HTTP 404) reads its 1.0 card and, when it offers a 1.0 JSON-RPC interface, is
    /// made again there in 1.0; later calls go there directly while the card is fresh.
    async fn rpc(&self, rpc: Rpc<'_>, call: &CallSettings) -> Result<JsValue, JsValue> {
        let v1_url = match self.settings.protocol {
            ProtocolChoice::Legacy => None,
            ProtocolChoice::V1 => Some(self.settings.endpoint.clone()),
            ProtocolChoice::Auto => self.known_v1_url(),
        };
        let tried_v1 = v1_url.is_some();
        let outcome = match self.rpc_at(&rpc, v1_url, call).await {
            Err(failure)
                if !tried_v1
                    && self.settings.protocol == ProtocolChoice::Auto
                    && moved_to_v1(&failure.error) =>
            {
                match self.discover_v1_url(call).await {
                    Some(url) => self.rpc_at(&rpc, Some(url), call).await,
                    None => Err(failure),
                }
            }
            other => other,
        };
        output(outcome.map_err(into_js)?)
    }

    /// One call at the endpoint in 0.2.6, or at `v1_url` in 1.0.
    async fn rpc_at(
        &self,
        rpc: &Rpc<'_>,
        v1_url: Option<String>,
        call: &CallSettings,
    ) -> Result<Outcome<Js>, Failure> {
        let (body, v1) = match v1_url {
            None => (json_of(&rpc.request)?, None),
            Some(_) => {
                let (request, method) = super::v1::request_in_v1(&rpc.request)?;
                (json_of(&request)?, Some(method))
            }
        };
        let urls = [v1_url.unwrap_or_else(|| self.settings.endpoint.clone())];
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

    /// The 1.0 URL `"auto"` already knows: from the 1.0 card read before, or the cached card.
    fn known_v1_url(&self) -> Option<String> {
        let now = js_sys::Date::now();
        if let Some((url, expires)) = self.v1_url.borrow().as_ref() {
            if now < *expires {
                return Some(url.clone());
            }
        }
        let card = self.card.borrow();
        let (card, expires) = card.as_ref()?;
        (now < *expires)
            .then(|| super::v1::interface_url(card))
            .flatten()
    }

    /// Reads the agent's 1.0 card (`agentCardUrl`, else `/.well-known/agent-card.json` at the
    /// endpoint's origin) and keeps its 1.0 JSON-RPC URL for the card's `max-age`.
    async fn discover_v1_url(&self, call: &CallSettings) -> Option<String> {
        let url = match &self.settings.card_url {
            Some(url) => url.clone(),
            None => {
                let legacy = card::default_card_url(&resolve_url(&self.settings.endpoint)?)?;
                card::fallback_card_url(&legacy)?
            }
        };
        let (card, max_age) = match self.fetch_card(vec![url], call).await.ok()? {
            Outcome::Card(card, max_age) => (card, max_age),
            _ => return None,
        };
        let v1_url = super::v1::interface_url(&card.0)?;
        let seconds = if max_age > 0 {
            max_age
        } else {
            V1_CARD_DEFAULT_SECONDS
        };
        let expires = js_sys::Date::now() + (seconds as f64) * 1000.0;
        *self.v1_url.borrow_mut() = Some((v1_url.clone(), expires));
        Some(v1_url)
    }

    /// Fetches a card without credentials from `urls` (the next after a 404).
    async fn fetch_card(
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
