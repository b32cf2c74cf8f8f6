//! `MagisteriumClient`: one method per skill and the protocol-level methods. Each method is an
//! `async fn` that runs its call from start to end in Rust: it checks the arguments, builds the
//! request with the core, hands it to the core's call loop (`protocol::call::run`) over the SDK's
//! fetch ([`super::fetch`]), and turns the outcome into the typed result or a `MagisteriumError`.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use super::cache::ClientCache;
use super::calls::{now_ms, output, settings_of, Rpc};
use super::error::{error_js, into_js};
use super::globals::{global_fetch, resolve_url};
use super::node::Js;
use super::options::{client_settings, ClientSettings};
use super::parts::{date_arg, send_request, text_arg};
use super::types::*;
use magisterium_core::call::{Outcome, Reader};
use magisterium_core::kept::Kept;
use magisterium_core::pacing::Pacer;
use magisterium_core::request::method;
use magisterium_core::v1::client::Protocol;
use magisterium_core::{card, endpoint};
use magisterium_core::{Error, Skill};

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
    pub(super) settings: ClientSettings,
    pub(super) pacer: Option<RefCell<Pacer>>,
    /// The card, for its `max-age`.
    pub(super) card: RefCell<Kept<Js>>,
    /// Where calls go under `protocolVersion`, and the 1.0 interface `"auto"` found.
    pub(super) protocol: RefCell<Protocol>,
    /// The endpoint resolved at construction when it is absolute: no location can change it, so
    /// a call does not resolve it again (a relative one is resolved per call, as `fetch` would).
    pub(super) absolute_endpoint: Option<String>,
    /// The opt-in answer cache (`cache`).
    pub(super) cache: Option<ClientCache>,
}

#[wasm_bindgen]
extern "C" {
    /// The global `structuredClone` (pages, workers, workerd, Node 17+).
    #[wasm_bindgen(js_name = structuredClone, catch)]
    fn structured_clone(value: &JsValue) -> Result<JsValue, JsValue>;
}

/// A copy of the kept card for one caller: changing it cannot change what the next call gets.
fn own_copy(card: &JsValue) -> Result<JsValue, JsValue> {
    structured_clone(card).map_err(|_| super::calls::unbuildable())
}

/// Refuses settings no call could use where the SDK runs: an endpoint or card URL the platform
/// cannot resolve (a relative URL without a location) or that is not http(s), and no `fetch` at
/// all. Each would otherwise fail every call late, as `network`, after retries.
fn usable_here(settings: &ClientSettings) -> Result<(), Error> {
    let urls = [
        ("endpoint", Some(&settings.endpoint)),
        ("agentCardUrl", settings.card_url.as_ref()),
    ];
    for (name, url) in urls {
        if let Some(url) = url {
            endpoint::check_url(name, url, resolve_url(url).as_deref())?;
        }
    }
    if settings.fetch.is_none() && global_fetch().is_none() {
        return Err(Error::invalid_input(
            "there is no global fetch here; pass options.fetch",
        ));
    }
    Ok(())
}

impl std::fmt::Debug for MagisteriumClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MagisteriumClient")
            .field("endpoint", &self.settings.endpoint)
            .finish_non_exhaustive()
    }
}

#[wasm_bindgen]
impl MagisteriumClient {
    /// A client with these options (all optional). Throws `MagisteriumError` (kind
    /// `"invalid_input"`) for an option of the wrong type; makes no request.
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<ClientOptionsJs>) -> Result<MagisteriumClient, JsValue> {
        let options: JsValue = options.map_or(JsValue::UNDEFINED, Into::into);
        let settings = client_settings(&options).map_err(|e| error_js(Error::invalid_input(e)))?;
        usable_here(&settings).map_err(error_js)?;
        let pacer = settings
            .pacing
            .map(|(per, qa)| RefCell::new(Pacer::new(per, qa)));
        let protocol = RefCell::new(Protocol::new(settings.protocol));
        let absolute_endpoint = web_sys::Url::new(&settings.endpoint).ok().map(|u| u.href());
        let cache = (settings.cache).map(|(n, bytes)| ClientCache::new(n, bytes));
        Ok(Self {
            cache,
            settings,
            pacer,
            card: RefCell::default(),
            protocol,
            absolute_endpoint,
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
        output(self.rpc(rpc, &call).await?)
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
    /// `/.well-known/agent.json`, then `/.well-known/agent-card.json` after a 404. Each call
    /// resolves to its own copy: changing it cannot change what the next call gets.
    #[wasm_bindgen(js_name = agentCard, unchecked_return_type = "AgentCard")]
    pub async fn agent_card(&self, opts: Option<CallOptionsJs>) -> Result<JsValue, JsValue> {
        let call = settings_of(opts)?;
        if let Some(card) = self.card.borrow().fresh(now_ms()) {
            return own_copy(&card.0);
        }
        let url = self.card_url().ok_or_else(|| {
            error_js(Error::invalid_input(
                "endpoint is not a URL; set agentCardUrl",
            ))
        })?;
        // Any card URL ending in `/.well-known/agent.json` also gets the 0.3 path after a 404.
        let fallback = card::fallback_card_url(&url);
        let mut urls = vec![url];
        urls.extend(fallback);
        match self.fetch_card(urls, &call).await.map_err(into_js)? {
            Outcome::Card(card, max_age) => {
                let copy = own_copy(&card.0)?;
                self.card.borrow_mut().keep(card, max_age, now_ms());
                Ok(copy)
            }
            other => output(other),
        }
    }
}
