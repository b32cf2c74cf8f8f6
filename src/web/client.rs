//! `MagisteriumClient`: one method per skill and the protocol-level methods. Each method checks
//! its arguments and builds the request here, then hands the call to `runtime.js` (`call`), whose
//! loop asks this layer (a [`Call`]) what to do with each outcome: the core decodes it and decides
//! whether to retry and how long to wait; JavaScript only waits and resends.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Function, Promise};
use wasm_bindgen::prelude::*;

use super::convert;
use super::error::{invalid_input, rpc_error_data, Failure};
use super::options::{call_settings, client_settings, CallSettings, ClientSettings, Token};
use super::request_object::{json_text, message_send_object, send_request, task_request};
use super::runtime;
use super::transport::{read_outcome, HttpAnswer};
use super::types::*;
use crate::protocol::card;
use crate::protocol::outgoing::OutgoingPart;
use crate::protocol::pacing::Pacer;
use crate::protocol::request::{self, method, MessageIds, SkillArg};
use crate::protocol::results::{decode_sent_task, decode_skill_response, decode_task};
use crate::protocol::wire::RequestId;
use crate::protocol::{Error, ErrorKind, Skill};

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
    inner: Rc<Inner>,
}

struct Inner {
    settings: ClientSettings,
    pacer: RefCell<Option<Pacer>>,
    card: RefCell<Option<(JsValue, f64)>>,
    js: ClientJs,
}

/// The JavaScript values every call of a client hands to `runtime.js`, made once by the
/// constructor (each string that leaves wasm costs a UTF-8 decode on the way out).
struct ClientJs {
    /// `[name, value, …]` of a JSON-RPC call: content type, accept, then the client's headers.
    rpc_headers: Array,
    /// The same without the content type, for the card's GET.
    card_headers: Array,
    /// `[endpoint]`.
    endpoint: Array,
    /// The static token, or `undefined`.
    token: JsValue,
    post: JsValue,
    get: JsValue,
}

impl ClientJs {
    fn new(settings: &ClientSettings) -> Self {
        Self {
            rpc_headers: header_array(true, &settings.headers, &[]),
            card_headers: header_array(false, &settings.headers, &[]),
            endpoint: std::iter::once(JsValue::from_str(&settings.endpoint)).collect(),
            token: match &settings.token {
                Token::Static(t) => JsValue::from_str(t),
                Token::None | Token::Provider(_) => JsValue::UNDEFINED,
            },
            post: JsValue::from_str("POST"),
            get: JsValue::from_str("GET"),
        }
    }
}

/// Request headers as `[name, value, …]` (the token is added by `runtime.js`).
fn header_array(json_body: bool, client: &[(String, String)], call: &[(String, String)]) -> Array {
    let headers = Array::new();
    let push = |name: &str, value: &str| {
        headers.push(&JsValue::from_str(name));
        headers.push(&JsValue::from_str(value));
    };
    if json_body {
        push("content-type", "application/json");
    }
    push("accept", "application/json");
    for (name, value) in client.iter().chain(call) {
        push(name, value);
    }
    headers
}

impl std::fmt::Debug for MagisteriumClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MagisteriumClient")
            .field("endpoint", &self.inner.settings.endpoint)
            .finish_non_exhaustive()
    }
}

/// What a call reads its answers into.
#[derive(Debug, Clone, Copy)]
enum Reader {
    /// A skill method's typed result.
    Skill(Skill),
    /// `send`: the Task.
    Sent,
    /// `getTask` / `cancelTask`: the Task in any state.
    Task,
    /// `agentCard`: the card, kept for its `max-age`.
    Card,
}

/// A Promise rejected with the `MagisteriumError` of `failure`.
fn fail(failure: Failure) -> Promise {
    Promise::reject(&failure.into_js())
}

fn reject(message: String) -> Promise {
    Promise::reject(&invalid_input(message))
}

/// A text argument (question, query, name, id): a string.
fn text_arg(value: &JsValue, what: &str) -> Result<String, String> {
    value
        .as_string()
        .ok_or_else(|| format!("{what} must be a string"))
}

/// A date argument: a `Date` (its local calendar day) or a string.
fn date_arg(value: &JsValue) -> Result<request::When, String> {
    if let Some(text) = value.as_string() {
        return Ok(request::When::Text(text));
    }
    if let Some(date) = value.dyn_ref::<js_sys::Date>() {
        let (y, m, d) = (date.get_full_year(), date.get_month() + 1, date.get_date());
        let date = i32::try_from(y)
            .ok()
            .and_then(|y| crate::protocol::CivilDate::new(y, m, d))
            .ok_or_else(|| "the Date is invalid".to_owned())?;
        return Ok(request::When::Date(date));
    }
    Err("the date must be a Date or a string".to_owned())
}

/// `string | Part[]` of `send` and `buildRequest`: the parts a string becomes, or `None` for a
/// checked array of parts that the caller sends as it is (see [`message_send_object`]).
pub(super) fn parts_for(
    skill_id: &str,
    input: &JsValue,
) -> Result<Option<Vec<OutgoingPart>>, String> {
    if let Some(text) = input.as_string() {
        let (skill, arg) = match Skill::from_id(skill_id) {
            Some(skill @ (Skill::LiturgicalReadings | Skill::SaintsOfTheDay)) => {
                (skill, SkillArg::When(request::When::Text(text)))
            }
            Some(skill) => (skill, SkillArg::Text(text)),
            None => (Skill::CatholicQa, SkillArg::Text(text)),
        };
        return request::skill_parts(skill, &arg)
            .map(Some)
            .map_err(|e| e.message().to_owned());
    }
    request::validate_parts(input).map_err(|e| e.message().to_owned())?;
    Ok(None)
}

#[wasm_bindgen]
impl MagisteriumClient {
    /// A client with these options (all optional). Throws `MagisteriumError` (kind
    /// `"invalid_input"`) for an option of the wrong type; makes no request.
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<ClientOptionsJs>) -> Result<MagisteriumClient, JsValue> {
        let options: JsValue = options.map_or(JsValue::UNDEFINED, Into::into);
        let settings = client_settings(&options).map_err(invalid_input)?;
        let pacer = settings.pacing.map(|(per, qa)| Pacer::new(per, qa));
        Ok(Self {
            inner: Rc::new(Inner {
                js: ClientJs::new(&settings),
                settings,
                pacer: RefCell::new(pacer),
                card: RefCell::new(None),
            }),
        })
    }

    /// Asks a question (`catholic_qa`): a Markdown answer with `[^n]` footnotes, its citations and
    /// related questions. The service allows 2 of these a minute.
    #[wasm_bindgen(js_name = catholicQa, unchecked_return_type = "Promise<QaAnswer>")]
    pub fn catholic_qa(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] question: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.skill(
            Skill::CatholicQa,
            text_arg(&question, "question").map(SkillArg::Text),
            opts,
        )
    }

    /// Searches Magisterial documents, encyclicals, the Catechism and canon law (`document_search`).
    #[wasm_bindgen(js_name = documentSearch, unchecked_return_type = "Promise<SearchResults>")]
    pub fn document_search(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.skill(
            Skill::DocumentSearch,
            text_arg(&query, "query").map(SkillArg::Text),
            opts,
        )
    }

    /// A document's full text and metadata by id (`document_fetch`); `null` when it does not exist.
    #[wasm_bindgen(js_name = documentFetch, unchecked_return_type = "Promise<Document | null>")]
    pub fn document_fetch(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.skill(
            Skill::DocumentFetch,
            text_arg(&id, "id").map(SkillArg::Text),
            opts,
        )
    }

    /// The Mass readings of a date (`liturgical_readings`): a `Date` (sent as its local
    /// `YYYY-MM-DD`), an ISO date, or text such as "next Sunday"; `null` when there are none.
    #[wasm_bindgen(js_name = liturgicalReadings, unchecked_return_type = "Promise<TextResult | null>")]
    pub fn liturgical_readings(
        &self,
        #[wasm_bindgen(unchecked_param_type = "DateInput")] when: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.skill(
            Skill::LiturgicalReadings,
            date_arg(&when).map(SkillArg::When),
            opts,
        )
    }

    /// The saints of a date from the Roman Martyrology (`saints_of_the_day`); `null` when there is
    /// no entry. A `Date` or ISO date is sent as a data part `{ date }`, other text as text.
    #[wasm_bindgen(js_name = saintsOfTheDay, unchecked_return_type = "Promise<TextResult | null>")]
    pub fn saints_of_the_day(
        &self,
        #[wasm_bindgen(unchecked_param_type = "DateInput")] when: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.skill(
            Skill::SaintsOfTheDay,
            date_arg(&when).map(SkillArg::When),
            opts,
        )
    }

    /// Saints, blesseds, venerables and servants of God by name or id (`saint_lookup`).
    #[wasm_bindgen(js_name = saintLookup, unchecked_return_type = "Promise<SkillResult>")]
    pub fn saint_lookup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.skill(
            Skill::SaintLookup,
            text_arg(&query, "query").map(SkillArg::Text),
            opts,
        )
    }

    /// Clergy other than popes by name or id (`person_lookup`).
    #[wasm_bindgen(js_name = personLookup, unchecked_return_type = "Promise<SkillResult>")]
    pub fn person_lookup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.skill(
            Skill::PersonLookup,
            text_arg(&query, "query").map(SkillArg::Text),
            opts,
        )
    }

    /// Popes by name or id (`pope_lookup`).
    #[wasm_bindgen(js_name = popeLookup, unchecked_return_type = "Promise<SkillResult>")]
    pub fn pope_lookup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.skill(
            Skill::PopeLookup,
            text_arg(&query, "query").map(SkillArg::Text),
            opts,
        )
    }

    /// Dioceses, archdioceses and eparchies by name or id (`diocese_lookup`).
    #[wasm_bindgen(js_name = dioceseLookup, unchecked_return_type = "Promise<SkillResult>")]
    pub fn diocese_lookup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.skill(
            Skill::DioceseLookup,
            text_arg(&query, "query").map(SkillArg::Text),
            opts,
        )
    }

    /// Yearly statistics (19 metrics a year) of a diocese (`diocese_statistics_lookup`).
    #[wasm_bindgen(js_name = dioceseStatisticsLookup, unchecked_return_type = "Promise<SkillResult>")]
    pub fn diocese_statistics_lookup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.skill(
            Skill::DioceseStatisticsLookup,
            text_arg(&query, "query").map(SkillArg::Text),
            opts,
        )
    }

    /// `message/send` to any skill, also ones added to the service later. A string is sent the
    /// way the skill's own method sends it; parts are sent as given. Resolves to the Task.
    ///
    /// # Errors
    /// Rejects with kind `"task_failed"` when the task failed.
    #[wasm_bindgen(unchecked_return_type = "Promise<Task>")]
    pub fn send(
        &self,
        #[wasm_bindgen(js_name = skillId, unchecked_param_type = "string")] skill_id: JsValue,
        input: InputJs,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        let Some(skill_id) = skill_id.as_string() else {
            return reject("skillId must be a string".into());
        };
        let input: JsValue = input.into();
        let parts = match parts_for(&skill_id, &input) {
            Ok(parts) => parts,
            Err(e) => return reject(e),
        };
        let call = match call_settings(&opts.map_or(JsValue::UNDEFINED, Into::into)) {
            Ok(call) => call,
            Err(e) => return reject(e),
        };
        let ids = self.inner.message_ids(&call);
        let prepared = message_send_object(&skill_id, parts, &input, ids)
            .map_err(Failure::from)
            .and_then(|(req, id)| Ok((json_text(&req)?, id)));
        match prepared {
            Ok((body, id)) => {
                let is_qa = skill_id == Skill::CatholicQa.id();
                let reader = Reader::Sent;
                self.inner
                    .rpc(body, id, method::MESSAGE_SEND, is_qa, reader, &call)
            }
            Err(failure) => fail(failure),
        }
    }

    /// Reads a stored task (`tasks/get`), in whatever state it is. Tasks are kept 24 hours.
    #[wasm_bindgen(js_name = getTask, unchecked_return_type = "Promise<Task>")]
    pub fn get_task(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.task_call(method::TASKS_GET, id, opts)
    }

    /// Cancels a task (`tasks/cancel`). Magisterium stores only finished tasks, so for a known
    /// task this rejects with kind `"invalid_params"` ("Invalid state transition").
    #[wasm_bindgen(js_name = cancelTask, unchecked_return_type = "Promise<Task>")]
    pub fn cancel_task(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        self.task_call(method::TASKS_CANCEL, id, opts)
    }

    /// The agent card, fetched without credentials and kept for its `max-age`. Tries
    /// `/.well-known/agent.json`, then `/.well-known/agent-card.json` after a 404.
    #[wasm_bindgen(js_name = agentCard, unchecked_return_type = "Promise<AgentCard>")]
    pub fn agent_card(&self, opts: Option<CallOptionsJs>) -> Promise {
        let call = match call_settings(&opts.map_or(JsValue::UNDEFINED, Into::into)) {
            Ok(call) => call,
            Err(e) => return reject(e),
        };
        self.inner.agent_card(&call)
    }
}

impl MagisteriumClient {
    fn skill(
        &self,
        skill: Skill,
        arg: Result<SkillArg, String>,
        opts: Option<CallOptionsJs>,
    ) -> Promise {
        let arg = match arg {
            Ok(arg) => arg,
            Err(e) => return reject(e),
        };
        let call = match call_settings(&opts.map_or(JsValue::UNDEFINED, Into::into)) {
            Ok(call) => call,
            Err(e) => return reject(e),
        };
        let prepared = request::skill_request(skill, &arg, self.inner.message_ids(&call))
            .map_err(Failure::from)
            .and_then(|req| Ok((json_text(&send_request(&req, None))?, req.id)));
        match prepared {
            Ok((body, id)) => self.inner.rpc(
                body,
                id,
                method::MESSAGE_SEND,
                skill == Skill::CatholicQa,
                Reader::Skill(skill),
                &call,
            ),
            Err(failure) => fail(failure),
        }
    }

    fn task_call(&self, which: &'static str, id: JsValue, opts: Option<CallOptionsJs>) -> Promise {
        let Some(id) = id.as_string() else {
            return reject("the task id must be a string".into());
        };
        let call = match call_settings(&opts.map_or(JsValue::UNDEFINED, Into::into)) {
            Ok(call) => call,
            Err(e) => return reject(e),
        };
        let request_id = RequestId::String(runtime::uuid());
        let req = if which == method::TASKS_GET {
            request::tasks_get(&id, request_id)
        } else {
            request::tasks_cancel(&id, request_id)
        };
        let prepared = req
            .map_err(Failure::from)
            .and_then(|req| Ok((json_text(&task_request(&req))?, req.id)));
        match prepared {
            Ok((body, id)) => self.inner.rpc(body, id, which, false, Reader::Task, &call),
            Err(failure) => fail(failure),
        }
    }
}

/// One call in flight: what `runtime.js`'s loop asks about at each step (see `call` there).
struct Call {
    inner: Rc<Inner>,
    reader: Reader,
    /// The JSON-RPC id the answer must carry (unused for the card).
    id: RequestId,
    /// The method name the retry policy decides by.
    method: &'static str,
    is_qa: bool,
    timeout_ms: f64,
    max_bytes: f64,
    /// How many URLs the loop may try in turn (the card's fallback).
    urls: usize,
    url_index: usize,
    retries: u32,
    token_refreshed: bool,
}

/// Verdicts of a step, as `runtime.js` reads them.
mod verdict {
    pub const RESOLVE: u32 = 0;
    pub const REJECT: u32 = 1;
    pub const WAIT: u32 = 2;
    pub const REFRESH_TOKEN: u32 = 3;
    pub const NEXT_URL: u32 = 4;
}

impl Call {
    /// Step 0: milliseconds to wait for a pacing slot; 0 takes the slot now.
    fn pace(&self) -> f64 {
        let mut pacer = self.inner.pacer.borrow_mut();
        let Some(pacer) = pacer.as_mut() else {
            return 0.0;
        };
        let now = runtime::now();
        let wait = pacer.wait_ms(now, self.is_qa);
        if wait <= 0.0 {
            pacer.record(now, self.is_qa);
            return 0.0;
        }
        wait
    }

    /// Step 1: the verdict on one attempt's outcome.
    fn answer(&mut self, outcome: &JsValue) -> JsValue {
        let failure = match read_outcome(outcome, self.timeout_ms, self.max_bytes) {
            Ok(answer) => match self.read(answer) {
                Ok(value) => return runtime::verdict(verdict::RESOLVE, &value),
                Err(Step::NextUrl) => {
                    self.url_index += 1;
                    return runtime::verdict(verdict::NEXT_URL, &JsValue::UNDEFINED);
                }
                Err(Step::Failed(failure)) => failure,
            },
            Err(failure) => failure,
        };
        if failure.error.kind() == ErrorKind::Unauthorized
            && matches!(self.inner.settings.token, Token::Provider(_))
            && !self.token_refreshed
        {
            self.token_refreshed = true;
            return runtime::verdict(verdict::REFRESH_TOKEN, &JsValue::UNDEFINED);
        }
        let policy = &self.inner.settings.retry;
        match policy.next_delay_ms(self.method, self.retries, &failure.error, runtime::random()) {
            Some(delay) => {
                self.retries += 1;
                runtime::verdict(verdict::WAIT, &JsValue::from_f64(delay as f64))
            }
            None => runtime::verdict(verdict::REJECT, &failure.into_js()),
        }
    }

    /// The method's result from one HTTP answer.
    fn read(&self, answer: HttpAnswer) -> Result<JsValue, Step> {
        let id = &self.id;
        let decoded = match self.reader {
            Reader::Card => {
                if answer.status == 404 && self.url_index + 1 < self.urls {
                    return Err(Step::NextUrl);
                }
                return self.inner.keep_card(&answer).map_err(Step::failed);
            }
            Reader::Skill(skill) => {
                decode_skill_response(skill, answer.body.clone(), answer.status, Some(id))
                    .map(convert::skill_answer)
            }
            Reader::Sent => decode_sent_task(answer.body.clone(), answer.status, Some(id)),
            Reader::Task => decode_task(answer.body.clone(), answer.status, Some(id)),
        };
        decoded.map_err(|error| {
            Step::Failed(Failure {
                error: error.with_retry_after_ms(answer.retry_after_ms),
                data: rpc_error_data(answer.body.as_ref()),
                cause: JsValue::UNDEFINED,
            })
        })
    }
}

/// Why an answer is not the result.
enum Step {
    /// Try the next URL (the card's 0.3 path after a 404).
    NextUrl,
    /// A failure, retried or not as the policy says.
    Failed(Failure),
}

impl Step {
    fn failed(error: Error) -> Self {
        Self::Failed(error.into())
    }
}

impl Inner {
    fn message_ids(&self, call: &CallSettings) -> MessageIds {
        MessageIds {
            request_id: None,
            message_id: call.message_id.clone().unwrap_or_else(runtime::uuid),
            context_id: call.context_id.clone(),
        }
    }

    fn fetch(&self) -> Result<Function, Failure> {
        if let Some(f) = &self.settings.fetch {
            return Ok(f.clone());
        }
        runtime::global_fetch().dyn_into::<Function>().map_err(|_| {
            Error::new(
                ErrorKind::Network,
                "there is no global fetch; pass options.fetch",
            )
            .into()
        })
    }

    /// The request headers of a call as `[name, value, …]` (the token is added by `runtime.js`):
    /// the client's, made once, unless the call adds its own.
    fn headers(&self, call: &CallSettings, json_body: bool) -> Array {
        match (call.headers.is_empty(), json_body) {
            (true, true) => self.js.rpc_headers.clone(),
            (true, false) => self.js.card_headers.clone(),
            (false, _) => header_array(json_body, &self.settings.headers, &call.headers),
        }
    }

    /// Hands a call to `runtime.js`; `reader` and the rest are what its steps need. `urls`: where
    /// to send it, tried in turn (the card's fallback); a call with a `body` is a POST, without
    /// one a GET.
    #[allow(clippy::too_many_arguments)]
    fn start(
        self: &Rc<Self>,
        urls: &Array,
        body: &JsValue,
        id: RequestId,
        method: &'static str,
        is_qa: bool,
        reader: Reader,
        call: &CallSettings,
    ) -> Promise {
        let fetch = match self.fetch() {
            Ok(fetch) => fetch,
            Err(failure) => return fail(failure),
        };
        let timeout_ms = call.timeout_ms.unwrap_or(self.settings.timeout_ms);
        let max_bytes = self.settings.max_response_bytes;
        let mut state = Call {
            inner: Rc::clone(self),
            reader,
            id,
            method,
            is_qa,
            timeout_ms,
            max_bytes,
            urls: urls.length() as usize,
            url_index: 0,
            retries: 0,
            token_refreshed: false,
        };
        let step =
            Closure::<dyn FnMut(u32, JsValue) -> JsValue>::new(move |op: u32, outcome: JsValue| {
                if op == 0 {
                    JsValue::from_f64(state.pace())
                } else {
                    state.answer(&outcome)
                }
            })
            .into_js_value();
        let token = match (&self.settings.token, reader) {
            (_, Reader::Card) | (Token::None, _) => JsValue::UNDEFINED,
            (Token::Static(_), _) => self.js.token.clone(),
            (Token::Provider(f), _) => f.into(),
        };
        runtime::call(
            &step,
            &fetch,
            urls,
            if body.is_undefined() {
                &self.js.get
            } else {
                &self.js.post
            },
            &self.headers(call, !body.is_undefined()),
            &token,
            body,
            timeout_ms,
            call.signal.as_ref(),
            max_bytes,
            method == method::MESSAGE_SEND && self.pacer.borrow().is_some(),
        )
    }

    /// A JSON-RPC call to the endpoint (`body` is the request's JSON text).
    fn rpc(
        self: &Rc<Self>,
        body: JsValue,
        id: RequestId,
        method: &'static str,
        is_qa: bool,
        reader: Reader,
        call: &CallSettings,
    ) -> Promise {
        self.start(&self.js.endpoint, &body, id, method, is_qa, reader, call)
    }

    fn agent_card(self: &Rc<Self>, call: &CallSettings) -> Promise {
        if let Some((card, expires)) = self.card.borrow().as_ref() {
            if runtime::now() < *expires {
                return Promise::resolve(card);
            }
        }
        let url = match &self.settings.card_url {
            Some(url) => Some(url.clone()),
            None => runtime::resolve_url(&self.settings.endpoint)
                .and_then(|endpoint| card::default_card_url(&endpoint)),
        };
        let Some(url) = url else {
            return reject("endpoint is not a URL; set agentCardUrl".into());
        };
        // Any card URL ending in `/.well-known/agent.json` also gets the 0.3 path after a 404.
        let mut urls = vec![url];
        if let Some(fallback) = urls.first().and_then(|u| card::fallback_card_url(u)) {
            urls.push(fallback);
        }
        let id = RequestId::String(String::new());
        let body = JsValue::UNDEFINED;
        let urls: Array = urls.iter().map(|u| JsValue::from_str(u)).collect();
        self.start(&urls, &body, id, "agent_card", false, Reader::Card, call)
    }

    /// The card of a successful answer, kept for its `max-age`.
    fn keep_card(&self, answer: &HttpAnswer) -> Result<JsValue, Error> {
        let card = read_card(answer)?;
        let max_age = card::max_age_seconds(answer.cache_control.as_deref());
        if max_age > 0 {
            let expires = runtime::now() + (max_age as f64) * 1000.0;
            *self.card.borrow_mut() = Some((card.clone(), expires));
        }
        Ok(card)
    }
}

fn read_card(answer: &HttpAnswer) -> Result<JsValue, Error> {
    let status_error =
        || Error::from_http_status(answer.status).with_retry_after_ms(answer.retry_after_ms);
    if !(200..300).contains(&answer.status) {
        return Err(status_error());
    }
    let card = answer.body.clone().ok_or_else(|| {
        Error::invalid_response("the agent card is not JSON").with_status(answer.status)
    })?;
    card::check_card(&card).map_err(|e| e.with_status(answer.status))?;
    Ok(card)
}
