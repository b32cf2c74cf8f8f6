//! The Worker's wasm-bindgen surface: the JavaScript entry (`src/worker/entry.js`) hands each
//! request over as plain values and writes back what Rust answers. No logic here.

use std::collections::{BTreeMap, HashMap};

use js_sys::{Array, Object, Reflect, Uint8Array, JSON};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::app::{App, Route};
use super::http::{header_object, WorkerRequest, WorkerResponse, REQUEST_HEADERS};
use super::ids::Random;
use super::proxy::{ForwardPlan, UpstreamOutcome, UPSTREAM_HEADERS};
use super::settings::Settings;

struct CryptoRandom;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = crypto, js_name = getRandomValues)]
    fn get_random_values(buf: &Uint8Array);
}

impl Random for CryptoRandom {
    fn fill(&mut self, buf: &mut [u8]) {
        let array = Uint8Array::new_with_length(buf.len() as u32);
        get_random_values(&array);
        array.copy_to(buf);
    }
}

/// Header pairs from the entry's `name:value` lines, one per line (a `Headers` object yields
/// lower-case names, and no name or value can hold a line break; a name cannot hold a colon). One
/// string crosses into wasm instead of an array of arrays read pair by pair.
fn header_lines(lines: &str) -> Vec<(String, String)> {
    lines
        .split('\n')
        .filter_map(|line| {
            let (name, value) = line.split_once(':')?;
            Some((name.to_ascii_lowercase(), value.to_owned()))
        })
        .collect()
}

fn vars(env: &JsValue) -> HashMap<String, String> {
    let mut out = HashMap::new();
    if let Some(obj) = env.dyn_ref::<Object>() {
        for entry in Object::entries(obj).iter() {
            let entry = Array::from(&entry);
            if let (Some(k), Some(v)) = (entry.get(0).as_string(), entry.get(1).as_string()) {
                out.insert(k, v);
            }
        }
    }
    out
}

/// Forward plans waiting for their upstream answer, at most this many (a request whose handler
/// threw between `handle` and `finish` leaves its plan behind; the oldest go first).
const MAX_PENDING_PLANS: usize = 4096;

/// One Worker isolate: create it once at global scope.
#[wasm_bindgen]
pub struct WorkerApp {
    app: App,
    /// The settings of the last `env` seen: read once per isolate, not on every call.
    settings: Option<(JsValue, Settings)>,
    /// Forward plans by number, kept here between `handle` and `finish` / `fromCache` /
    /// `refused` instead of crossing to JavaScript and back as JSON.
    plans: BTreeMap<u32, ForwardPlan>,
    next_plan: u32,
}

/// `handle`'s answer for a forward (the plan itself stays in wasm under `plan`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ForwardRoute<'a> {
    kind: &'static str,
    plan: u32,
    timeout_ms: u64,
    max_upstream_bytes: usize,
    upstream_url: &'a str,
    cache_key: Option<&'a str>,
    binding_pools: &'a [String],
    budget: Option<&'a str>,
    is_qa: bool,
    client_key: &'a str,
    skill: Option<&'a str>,
    method: &'a str,
}

/// A response without its body (set on the object afterwards, as a string of its own).
#[derive(Serialize)]
struct ResponseHead<'a> {
    status: u16,
    #[serde(serialize_with = "header_object")]
    headers: &'a [(String, String)],
}

/// `finish`'s answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FinishedJs<'a> {
    response: FinishedResponse<'a>,
    pass_body: bool,
    cache: Option<&'a str>,
    rpc_error: Option<i64>,
}

#[derive(Serialize)]
struct FinishedResponse<'a> {
    status: u16,
    #[serde(serialize_with = "header_object")]
    headers: &'a [(String, String)],
    body: Option<&'a str>,
}

impl std::fmt::Debug for WorkerApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkerApp").finish_non_exhaustive()
    }
}

#[wasm_bindgen]
impl WorkerApp {
    /// A fresh isolate state.
    #[wasm_bindgen(constructor)]
    pub fn new() -> WorkerApp {
        WorkerApp {
            app: App::new(),
            settings: None,
            plans: BTreeMap::new(),
            next_plan: 0,
        }
    }

    /// True for the paths the Worker answers itself (the rest are static assets).
    #[wasm_bindgen(js_name = isApiPath)]
    pub fn is_api_path(path: &str) -> bool {
        App::is_api_path(path)
    }

    /// The request headers the app reads (`head` of `handle` carries only these).
    #[wasm_bindgen(js_name = requestHeaders)]
    pub fn request_headers() -> Vec<String> {
        REQUEST_HEADERS.iter().map(|&n| n.to_owned()).collect()
    }

    /// The upstream response headers the app reads (`headers` of `finish` carries only these).
    #[wasm_bindgen(js_name = upstreamHeaders)]
    pub fn upstream_headers() -> Vec<String> {
        UPSTREAM_HEADERS.iter().map(|&n| n.to_owned()).collect()
    }

    /// The request body cap configured in `env` (`MAX_BODY_BYTES`, default 64 KiB).
    #[wasm_bindgen(js_name = maxBodyBytes)]
    pub fn max_body_bytes(&mut self, env: &JsValue) -> f64 {
        settings_for(&mut self.settings, env).max_body_bytes as f64
    }

    /// Handles a request with the Worker's `env`. `head` is the request without its body, in one
    /// string so it crosses into wasm at once: `method`, `path`, `query` (without `?`), the
    /// request's own `origin`, the `clientKey` and the session id when the call carries a signed-in
    /// visitor's token (else empty), one per line, then its headers of
    /// `requestHeaders()` as `name:value` lines (none of these can hold a line break). Returns
    /// `{ kind: "respond", response, misconfigured? }` (`misconfigured`: the missing setting, to
    /// log), `{ kind: "asset" }`, `{ kind: "forward", plan, … }`
    /// (`plan`: the number to hand to `finish`, `fromCache` or `refused`) or
    /// `{ kind: "card", url }`.
    pub fn handle(
        &mut self,
        head: &str,
        body: Vec<u8>,
        now_ms: f64,
        env: &JsValue,
        has_binding: bool,
    ) -> JsValue {
        let mut lines = head.splitn(7, '\n');
        let mut line = || lines.next().unwrap_or_default().to_owned();
        let (method, path, query, origin, client_key) = (line(), line(), line(), line(), line());
        let session = Some(line()).filter(|s| !s.is_empty());
        let req = WorkerRequest {
            method,
            path,
            query,
            origin,
            headers: header_lines(lines.next().unwrap_or_default()),
            body,
            client_key,
            now_ms,
            session,
        };
        let settings = settings_for(&mut self.settings, env);
        match self
            .app
            .handle(&req, settings, &mut CryptoRandom, has_binding)
        {
            Route::Asset => to_js(&Kind { kind: "asset" }),
            Route::Respond(response) => {
                let out = to_js(&Kind { kind: "respond" });
                let _ = Reflect::set(&out, &"response".into(), &response_js(response));
                out
            }
            Route::Forward(plan) => {
                let out = to_js(&ForwardRoute {
                    kind: "forward",
                    plan: self.next_plan,
                    timeout_ms: plan.timeout_ms,
                    max_upstream_bytes: plan.max_upstream_bytes,
                    upstream_url: &plan.upstream_url,
                    cache_key: plan.cache_key.as_deref(),
                    binding_pools: &plan.binding_pools,
                    budget: plan.budget.as_deref(),
                    is_qa: plan.is_qa,
                    client_key: &plan.client_key,
                    skill: plan.skill.as_deref(),
                    method: &plan.method,
                });
                self.keep(plan);
                out
            }
            Route::Misconfigured(setting, response) => {
                let out = to_js(&Kind { kind: "respond" });
                let _ = Reflect::set(&out, &"response".into(), &response_js(response));
                let _ = Reflect::set(&out, &"misconfigured".into(), &setting.into());
                out
            }
            Route::FetchCard(url) => to_js(&Card {
                kind: "card",
                url: &url,
            }),
        }
    }

    /// The answer after the upstream call of plan `plan`. The outcome comes flat: `kind` is
    /// `"answer"` (with the upstream's `status`, its headers of `upstreamHeaders()` as
    /// `name:value` lines and its `body`), `"timeout"`, `"unreachable"` or `"tooLarge"`. Returns
    /// `{ response, passBody, cache, rpcError }`: when `passBody` is true, `response.body` is null
    /// and the answer's body is the upstream's `body` unchanged (checked, never copied back);
    /// `cache` is the text to store under the plan's key, or null; `rpcError` the JSON-RPC error
    /// code of the answer, or null.
    #[allow(clippy::too_many_arguments)] // flat values cross into wasm without property reads
    pub fn finish(
        &mut self,
        plan: u32,
        kind: &str,
        status: u16,
        headers: &str,
        body: Vec<u8>,
        env: &JsValue,
        origin: Option<String>,
    ) -> JsValue {
        let settings = settings_for(&mut self.settings, env);
        let Some(plan) = self.plans.remove(&plan) else {
            return Object::new().into();
        };
        let outcome = upstream_outcome(kind, status, headers, body);
        let finished = self
            .app
            .finish_answer(&plan, outcome, settings, origin.as_deref());
        let pass_body = finished.upstream_body.is_some();
        let response = &finished.response;
        to_js(&FinishedJs {
            response: FinishedResponse {
                status: response.status,
                headers: &response.headers,
                body: (!pass_body).then_some(response.body.as_str()),
            },
            pass_body,
            cache: finished.cache.as_deref(),
            rpc_error: finished.rpc_error,
        })
    }

    /// Whether an answer with HTTP `status` gets the per-request log line under `LOG_REQUESTS`
    /// (`rpc_error`: the answer is a JSON-RPC error).
    #[wasm_bindgen(js_name = logWanted)]
    pub fn log_wanted(&mut self, env: &JsValue, status: u16, rpc_error: bool) -> bool {
        settings_for(&mut self.settings, env)
            .log_requests
            .wants(status, rpc_error)
    }

    /// The answer from a cached result, for plan `plan`.
    #[wasm_bindgen(js_name = fromCache)]
    pub fn from_cache(
        &mut self,
        plan: u32,
        cached: &str,
        env: &JsValue,
        origin: Option<String>,
    ) -> JsValue {
        self.answer_plan(plan, env, |app, plan, settings| {
            app.from_cache(plan, cached, settings, origin.as_deref())
        })
    }

    /// The 429 answer for plan `plan` when a limit refused it in `pool`: the account's budget
    /// object (with its `retryAfterSeconds`) or the Rate Limiting binding (without).
    pub fn refused(
        &mut self,
        plan: u32,
        pool: &str,
        retry_after_seconds: Option<f64>,
        env: &JsValue,
        origin: Option<String>,
    ) -> JsValue {
        let wait = retry_after_seconds
            .filter(|s| s.is_finite() && *s >= 0.0)
            .map(|s| s.ceil() as u64);
        self.answer_plan(plan, env, |app, plan, settings| {
            app.refused(plan, pool, wait, settings, origin.as_deref())
        })
    }

    /// The proxy's agent card from the upstream's (the outcome flat, as in `finish`).
    #[allow(clippy::too_many_arguments)] // flat values cross into wasm without property reads
    pub fn card(
        &mut self,
        kind: &str,
        status: u16,
        headers: &str,
        body: Vec<u8>,
        own_origin: &str,
        env: &JsValue,
        origin: Option<String>,
    ) -> JsValue {
        let settings = settings_for(&mut self.settings, env);
        response_js(self.app.card(
            upstream_outcome(kind, status, headers, body),
            own_origin,
            settings,
            origin.as_deref(),
        ))
    }
}

/// A JS value from a Rust struct written as JSON: one string crosses the boundary and the
/// platform's `JSON.parse` builds the object, instead of a property set (and a key string) per
/// field.
fn to_js<T: Serialize>(value: &T) -> JsValue {
    serde_json::to_string(value)
        .ok()
        .and_then(|text| JSON::parse(&text).ok())
        .unwrap_or(JsValue::NULL)
}

#[derive(Serialize)]
struct Kind {
    kind: &'static str,
}

#[derive(Serialize)]
struct Card<'a> {
    kind: &'static str,
    url: &'a str,
}

/// `{ status, headers: { name: value }, body }`; the body (possibly megabytes of the stand-in's
/// answer) is set as a string of its own, not escaped into the JSON.
fn response_js(response: WorkerResponse) -> JsValue {
    let WorkerResponse {
        status,
        headers,
        body,
    } = response;
    let out = to_js(&ResponseHead {
        status,
        headers: &headers,
    });
    let _ = Reflect::set(&out, &"body".into(), &body.into());
    out
}

/// What the upstream did, from the entry's flat outcome (see `finish`).
fn upstream_outcome(kind: &str, status: u16, headers: &str, body: Vec<u8>) -> UpstreamOutcome {
    match kind {
        "answer" => UpstreamOutcome::Answer {
            status,
            headers: header_lines(headers),
            body,
        },
        "timeout" => UpstreamOutcome::Timeout,
        "tooLarge" => UpstreamOutcome::TooLarge,
        _ => UpstreamOutcome::Unreachable,
    }
}

impl WorkerApp {
    /// The answer `answer` gives for the kept plan `plan` (taken out), or null for an unknown plan.
    fn answer_plan(
        &mut self,
        plan: u32,
        env: &JsValue,
        answer: impl FnOnce(&App, &ForwardPlan, &Settings) -> WorkerResponse,
    ) -> JsValue {
        let settings = settings_for(&mut self.settings, env);
        match self.plans.remove(&plan) {
            Some(plan) => response_js(answer(&self.app, &plan, settings)),
            None => JsValue::NULL,
        }
    }

    /// Keeps a forward plan under the next number (see `handle`).
    fn keep(&mut self, plan: ForwardPlan) {
        self.plans.insert(self.next_plan, plan);
        self.next_plan = self.next_plan.wrapping_add(1);
        while self.plans.len() > MAX_PENDING_PLANS {
            self.plans.pop_first();
        }
    }
}

/// The settings kept in `kept` for `env`, parsed again only when the Worker hands over another
/// `env` object (a function of the field, not of the app, so the app can be borrowed beside them
/// instead of cloning them per call).
fn settings_for<'a>(kept: &'a mut Option<(JsValue, Settings)>, env: &JsValue) -> &'a Settings {
    if !matches!(kept, Some((seen, _)) if Object::is(seen, env)) {
        *kept = None;
    }
    &kept
        .get_or_insert_with(|| (env.clone(), settings_of(env)))
        .1
}

/// The settings of `env`: its string vars, and whether it binds the upstream-budget object.
pub(crate) fn settings_of(env: &JsValue) -> Settings {
    let mut settings = Settings::from_vars(&vars(env));
    settings.upstream_budget &= Reflect::get(env, &"BUDGET".into()).is_ok_and(|b| b.is_object());
    settings
}

impl Default for WorkerApp {
    fn default() -> Self {
        Self::new()
    }
}
