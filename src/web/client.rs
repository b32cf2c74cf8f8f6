//! `MagisteriumClient`: one method per skill, the protocol-level methods, and the retry loop that
//! carries out the core's decisions (the layer only sleeps and resends).

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Function, Promise, JSON};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{future_to_promise, JsFuture};
use web_sys::AbortSignal;

use super::convert;
use super::error::{invalid_input, Failure};
use super::options::{call_settings, client_settings, CallSettings, ClientSettings, Token};
use super::runtime;
use super::transport::{aborted_before_start, Attempt, HttpAnswer};
use super::types::*;
use crate::protocol::card;
use crate::protocol::pacing::Pacer;
use crate::protocol::request::{self, method, MessageIds, SkillArg};
use crate::protocol::results::{decode_sent_task, decode_skill_response, decode_task};
use crate::protocol::wire::{Part, RequestId};
use crate::protocol::{Error, ErrorKind, JsonView, Skill};

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
}

impl std::fmt::Debug for MagisteriumClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MagisteriumClient")
            .field("endpoint", &self.inner.settings.endpoint)
            .finish_non_exhaustive()
    }
}

/// Reads one answer (parsed body, HTTP status, request id) into the method's result; one
/// non-generic retry loop serves every method.
type Decoder<'a> = dyn Fn(Option<JsValue>, u16, &RequestId) -> Result<JsValue, Error> + 'a;

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, Failure> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| Failure::from(Error::invalid_input(e.to_string())))
}

/// Runs `work` as a Promise that rejects with a `MagisteriumError`.
///
/// Boxed so that `future_to_promise` is instantiated once for all methods (it is large).
fn promise(work: impl std::future::Future<Output = Result<JsValue, Failure>> + 'static) -> Promise {
    run(Box::pin(work))
}

fn run(
    work: std::pin::Pin<Box<dyn std::future::Future<Output = Result<JsValue, Failure>>>>,
) -> Promise {
    future_to_promise(async move { work.await.map_err(Failure::into_js) })
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
/// checked array of parts that the caller sends as it is (see [`with_parts`]).
pub(super) fn parts_for(skill_id: &str, input: &JsValue) -> Result<Option<Vec<Part>>, String> {
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

/// The serialised request with the caller's own parts array in `params.message.parts` (checked
/// by [`parts_for`]); the array is handed over as it is, not copied through Rust.
pub(super) fn with_parts(request: JsValue, parts: Option<&JsValue>) -> JsValue {
    if let Some(parts) = parts {
        let message = js_sys::Reflect::get(&request, &"params".into())
            .and_then(|p| js_sys::Reflect::get(&p, &"message".into()));
        if let Ok(message) = message {
            let _ = js_sys::Reflect::set(&message, &"parts".into(), parts);
        }
    }
    request
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
        let inner = self.inner.clone();
        promise(async move {
            let ids = inner.message_ids(&call);
            let own_parts = parts.is_none().then_some(&input);
            let placeholder = vec![Part::text("-")];
            let req = request::message_send(&skill_id, parts.unwrap_or(placeholder), ids)?;
            let is_qa = skill_id == Skill::CatholicQa.id();
            let body = with_parts(to_js(&req)?, own_parts);
            inner
                .rpc(
                    body,
                    &req.id,
                    method::MESSAGE_SEND,
                    is_qa,
                    &call,
                    &|body, status, id| decode_sent_task(body, status, Some(id)),
                )
                .await
        })
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
        let inner = self.inner.clone();
        promise(async move { inner.agent_card(&call).await })
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
        let inner = self.inner.clone();
        promise(async move {
            let req = request::skill_request(skill, &arg, inner.message_ids(&call))?;
            let is_qa = skill == Skill::CatholicQa;
            inner
                .rpc(
                    to_js(&req)?,
                    &req.id,
                    method::MESSAGE_SEND,
                    is_qa,
                    &call,
                    &|body, status, id| {
                        decode_skill_response(skill, body, status, Some(id))
                            .map(convert::skill_answer)
                    },
                )
                .await
        })
    }

    fn task_call(&self, which: &'static str, id: JsValue, opts: Option<CallOptionsJs>) -> Promise {
        let Some(id) = id.as_string() else {
            return reject("the task id must be a string".into());
        };
        let call = match call_settings(&opts.map_or(JsValue::UNDEFINED, Into::into)) {
            Ok(call) => call,
            Err(e) => return reject(e),
        };
        let inner = self.inner.clone();
        promise(async move {
            let request_id = RequestId::String(runtime::uuid());
            let req = if which == method::TASKS_GET {
                request::tasks_get(&id, request_id)?
            } else {
                request::tasks_cancel(&id, request_id)?
            };
            inner
                .rpc(
                    to_js(&req)?,
                    &req.id,
                    which,
                    false,
                    &call,
                    &|body, status, id| decode_task(body, status, Some(id)),
                )
                .await
        })
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

    /// The bearer token for one request: the static one, or the provider's answer.
    async fn token(&self) -> Result<Option<String>, Failure> {
        let provider = match &self.settings.token {
            Token::None => return Ok(None),
            Token::Static(t) => return Ok(Some(t.clone())),
            Token::Provider(f) => f,
        };
        let refused = |cause: JsValue| {
            Failure::caused(ErrorKind::Unauthorized, "the token provider failed", cause)
        };
        let value = provider.call0(&JsValue::UNDEFINED).map_err(refused)?;
        let value = JsFuture::from(Promise::resolve(&value))
            .await
            .map_err(refused)?;
        match value.as_string() {
            Some(t) if !t.trim().is_empty() => Ok(Some(t)),
            _ => Err(Error::new(
                ErrorKind::Unauthorized,
                "the token provider returned no token",
            )
            .into()),
        }
    }

    /// Waits for a pacing slot (when pacing is on) or for the caller's abort.
    async fn pace(&self, is_qa: bool, signal: Option<&AbortSignal>) -> Result<(), Failure> {
        loop {
            let wait = {
                let mut pacer = self.pacer.borrow_mut();
                let Some(pacer) = pacer.as_mut() else {
                    return Ok(());
                };
                let now = runtime::now();
                let wait = pacer.wait_ms(now, is_qa);
                if wait <= 0.0 {
                    pacer.record(now, is_qa);
                    return Ok(());
                }
                wait
            };
            JsFuture::from(runtime::sleep(wait, signal))
                .await
                .map_err(|_| aborted_before_start())?;
        }
    }

    fn headers(
        &self,
        call: &CallSettings,
        token: Option<String>,
        json_body: bool,
    ) -> Vec<(String, String)> {
        let mut headers = Vec::with_capacity(4 + self.settings.headers.len() + call.headers.len());
        if json_body {
            headers.push(("content-type".to_owned(), "application/json".to_owned()));
        }
        headers.push(("accept".to_owned(), "application/json".to_owned()));
        headers.extend(self.settings.headers.iter().cloned());
        headers.extend(call.headers.iter().cloned());
        if let Some(token) = token {
            headers.retain(|(name, _)| !name.eq_ignore_ascii_case("authorization"));
            headers.push(("authorization".to_owned(), format!("Bearer {token}")));
        }
        headers
    }

    /// Sends a JSON-RPC request with retries and decodes the answer with `decode`.
    async fn rpc(
        &self,
        request: JsValue,
        id: &RequestId,
        method: &'static str,
        is_qa: bool,
        call: &CallSettings,
        decode: &Decoder<'_>,
    ) -> Result<JsValue, Failure> {
        let body: JsValue = JSON::stringify(&request)
            .map_err(|e| {
                Failure::caused(
                    ErrorKind::InvalidInput,
                    "the request cannot be serialised",
                    e,
                )
            })?
            .into();
        let url = self.settings.endpoint.clone();
        let timeout_ms = call.timeout_ms.unwrap_or(self.settings.timeout_ms);
        let fetch = self.fetch()?;
        let mut retries = 0;
        let mut token_refreshed = false;
        loop {
            if method == method::MESSAGE_SEND {
                self.pace(is_qa, call.signal.as_ref()).await?;
            }
            let token = self.token().await?;
            let headers = self.headers(call, token, true);
            let attempt = Attempt {
                fetch: &fetch,
                url: &url,
                method: "POST",
                headers: &headers,
                body: Some(&body),
                timeout_ms,
                signal: call.signal.as_ref(),
                max_bytes: self.settings.max_response_bytes,
            };
            let outcome = attempt
                .run()
                .await
                .and_then(|answer| decode_answer(answer, id, decode));
            let failure = match outcome {
                Ok(value) => return Ok(value),
                Err(failure) => failure,
            };
            if failure.error.kind() == ErrorKind::Unauthorized
                && matches!(self.settings.token, Token::Provider(_))
                && !token_refreshed
            {
                token_refreshed = true;
                continue;
            }
            self.back_off(method, &mut retries, failure, call).await?;
        }
    }

    /// Waits before the next attempt as the core's retry policy says, or gives up with `failure`.
    /// The wait ends early, as `aborted`, when the caller's signal fires.
    async fn back_off(
        &self,
        method: &str,
        retries: &mut u32,
        failure: Failure,
        call: &CallSettings,
    ) -> Result<(), Failure> {
        let policy = &self.settings.retry;
        let Some(delay) = policy.next_delay_ms(method, *retries, &failure.error, runtime::random())
        else {
            return Err(failure);
        };
        JsFuture::from(runtime::sleep(delay as f64, call.signal.as_ref()))
            .await
            .map_err(|_| aborted_before_start())?;
        *retries += 1;
        Ok(())
    }

    async fn agent_card(&self, call: &CallSettings) -> Result<JsValue, Failure> {
        if let Some((card, expires)) = self.card.borrow().as_ref() {
            if runtime::now() < *expires {
                return Ok(card.clone());
            }
        }
        let url = match &self.settings.card_url {
            Some(url) => url.clone(),
            None => runtime::resolve_url(&self.settings.endpoint)
                .and_then(|endpoint| card::default_card_url(&endpoint))
                .ok_or_else(|| {
                    Failure::from(Error::invalid_input(
                        "endpoint is not a URL; set agentCardUrl",
                    ))
                })?,
        };
        let fetch = self.fetch()?;
        let timeout_ms = call.timeout_ms.unwrap_or(self.settings.timeout_ms);
        let headers = self.headers(call, None, false);
        let mut retries = 0;
        // Any card URL ending in `/.well-known/agent.json` also gets the 0.3 path after a 404.
        let mut candidates = vec![url];
        if let Some(fallback) = candidates.first().and_then(|u| card::fallback_card_url(u)) {
            candidates.push(fallback);
        }
        let mut index = 0;
        loop {
            let Some(url) = candidates.get(index) else {
                return Err(Error::from_http_status(404).into());
            };
            let attempt = Attempt {
                fetch: &fetch,
                url,
                method: "GET",
                headers: &headers,
                body: None,
                timeout_ms,
                signal: call.signal.as_ref(),
                max_bytes: self.settings.max_response_bytes,
            };
            let failure = match attempt.run().await {
                Ok(answer) if answer.status == 404 && index + 1 < candidates.len() => {
                    index += 1;
                    continue;
                }
                Ok(answer) => match read_card(&answer) {
                    Ok(card) => {
                        let max_age = card::max_age_seconds(answer.cache_control.as_deref());
                        if max_age > 0 {
                            let expires = runtime::now() + (max_age as f64) * 1000.0;
                            *self.card.borrow_mut() = Some((card.clone(), expires));
                        }
                        return Ok(card);
                    }
                    Err(e) => Failure::from(e),
                },
                Err(failure) => failure,
            };
            self.back_off("agent_card", &mut retries, failure, call)
                .await?;
        }
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

/// Decodes one answer, attaching `Retry-After` and `error.data` to a failure.
fn decode_answer(answer: HttpAnswer, id: &RequestId, decode: &Decoder) -> Result<JsValue, Failure> {
    let data = answer
        .body
        .as_ref()
        .and_then(|b| b.field("error"))
        .and_then(|e| e.field("data"))
        .unwrap_or(JsValue::UNDEFINED);
    decode(answer.body, answer.status, id).map_err(|error| Failure {
        error: error.with_retry_after_ms(answer.retry_after_ms),
        data,
        cause: JsValue::UNDEFINED,
    })
}
