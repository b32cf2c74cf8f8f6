//! The Worker's `fetch(request, env, ctx)`, one Rust function from the request to the response:
//! static assets, sign-in (`auth.js`, for oauth4webapi), the capped body, the credential, the
//! app's route ([`App::handle`]), its I/O ([`super::io`]), the app's answer, one retry after a
//! refresh when the upstream refused a session's token, and the per-request log line.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Reflect, Uint8Array};
use serde::Serialize;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Request, Response, Url};

use super::app::{self, App, CardFetch, Route};
use super::bindings::{binding, console_error, console_log, settings_for, Auth, CryptoRandom};
use super::http::{code, path, WorkerRequest, WorkerResponse, REQUEST_HEADERS};
use super::ids;
use super::io::{self, UpstreamCall};
use super::proxy::{
    ForwardPlan, UpstreamOutcome, CARD_CACHE_SECONDS, CARD_MAX_BYTES, DEFAULT_TIMEOUT_MS,
    DOCUMENT_CACHE_SECONDS,
};
use super::settings::{Settings, SignIn};

thread_local! {
    /// The isolate's app: the stand-in's state, the in-isolate limiter.
    static APP: RefCell<App> = RefCell::new(App::new());
    /// The sign-in BFF of the last `env` and origin seen.
    static AUTH: RefCell<Option<(JsValue, String, JsValue)>> = const { RefCell::new(None) };
}

/// Answers one request. `create_auth(env, site)` builds `auth.js`'s sign-in BFF for a site.
#[wasm_bindgen]
pub async fn fetch(
    request: Request,
    env: JsValue,
    _ctx: JsValue,
    create_auth: js_sys::Function,
) -> Result<Response, JsValue> {
    let url = Url::new(&request.url())?;
    let path = url.pathname();
    if !App::is_api_path(&path) && !path.starts_with("/auth/") {
        return io::asset(&env, &request).await;
    }
    let mut call = Call::new(&request, &url, &env);
    match call.api(&request, &url, &env, &create_auth).await {
        Ok(response) => Ok(response),
        Err(e) => {
            let name = Reflect::get(&e, &"name".into())
                .ok()
                .and_then(|n| n.as_string());
            let line = json!({ "error": name.as_deref().unwrap_or("Error"), "requestId": call.request_id });
            console_error(&line.to_string());
            call.done(&app::internal_error(), None)
        }
    }
}

/// Answers a request in-process, without sign-in or I/O: the stand-in's authorization server,
/// for oauth4webapi's fetches (`OAUTH_ISSUER=embedded`); 404 for anything else.
#[wasm_bindgen(js_name = inProcess)]
pub async fn in_process(request: Request, env: JsValue) -> Result<Response, JsValue> {
    let url = Url::new(&request.url())?;
    let settings = settings_for(&env);
    let body = io::request_body(&request, settings.max_body_bytes).await?;
    let body = body.map(|b| b.to_vec()).unwrap_or_default();
    let worker_request = worker_request(&request, &url, body, None)?;
    let route = APP.with(|app| {
        app.borrow_mut()
            .handle(&worker_request, &settings, &mut CryptoRandom, false)
    });
    match route {
        Route::Respond(answer) => io::response(&answer, None, &[]),
        _ => io::response(
            &WorkerResponse::json(404, &json!({ "error": "not found" })),
            None,
            &[],
        ),
    }
}

/// The request as the app reads it: the headers it reads (a session's token in place of the
/// page's `Authorization`), the client key, the clock.
fn worker_request(
    request: &Request,
    url: &Url,
    body: Vec<u8>,
    session: Option<(&str, String)>,
) -> Result<WorkerRequest, JsValue> {
    let headers = request.headers();
    let mut pairs = Vec::new();
    for name in REQUEST_HEADERS {
        if session.is_some() && name == "authorization" {
            continue;
        }
        if let Some(value) = headers.get(name)? {
            pairs.push((name.to_owned(), value));
        }
    }
    if let Some((token, _)) = &session {
        pairs.push(("authorization".to_owned(), format!("Bearer {token}")));
    }
    let search = url.search();
    Ok(WorkerRequest {
        method: request.method(),
        path: url.pathname(),
        query: search.strip_prefix('?').unwrap_or(&search).to_owned(),
        origin: url.origin(),
        headers: pairs,
        body,
        client_key: headers
            .get("cf-connecting-ip")?
            .unwrap_or_else(|| "local".to_owned()),
        now_ms: js_sys::Date::now(),
        session: session.map(|(_, id)| id),
    })
}

/// The sign-in BFF for `env` and the request's origin, built again only for another of either.
fn auth_for(env: &JsValue, url: &Url, create_auth: &js_sys::Function) -> Result<Auth, JsValue> {
    let origin = url.origin();
    if let Some(auth) = AUTH.with(|kept| match &*kept.borrow() {
        Some((seen, o, auth)) if js_sys::Object::is(seen, env) && *o == origin => {
            Some(auth.clone())
        }
        _ => None,
    }) {
        return Ok(auth.unchecked_into());
    }
    let site = Url::new(&origin)?;
    let auth = create_auth.call2(&JsValue::NULL, env, &site)?;
    AUTH.with(|kept| *kept.borrow_mut() = Some((env.clone(), origin, auth.clone())));
    Ok(auth.unchecked_into())
}

/// What an attempt ended with.
enum Outcome {
    /// Not the Worker's: a static asset.
    Asset,
    /// This answer (its body, or these bytes of the upstream's).
    Answer {
        response: WorkerResponse,
        body: Option<Uint8Array>,
        rpc_error: Option<i64>,
    },
}

fn answer(response: WorkerResponse) -> Outcome {
    Outcome::Answer {
        response,
        body: None,
        rpc_error: None,
    }
}

/// The per-request JSON log line (never tokens or query text).
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct LogLine {
    #[serde(skip_serializing_if = "Option::is_none")]
    method: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skill: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    upstream: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cache: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rpc_error: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limiter: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    auth: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    misconfigured: Option<&'static str>,
}

/// One API request on its way through.
struct Call {
    request_id: String,
    started: f64,
    origin: Option<String>,
    path: String,
    settings: Rc<Settings>,
    log: LogLine,
}

/// The client's `X-Request-ID` (64 characters of `[A-Za-z0-9_.-]` at most), else a new UUID.
fn request_id(request: &Request) -> String {
    let given: String = request
        .headers()
        .get("x-request-id")
        .ok()
        .flatten()
        .unwrap_or_default()
        .chars()
        .take(64)
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
        .collect();
    if given.is_empty() {
        ids::uuid_v4(&mut CryptoRandom)
    } else {
        given
    }
}

/// The credential of a call without sign-in: the operator's token, when set.
fn operator_credential(env: &JsValue) -> Result<JsValue, JsValue> {
    let credential = js_sys::Object::new();
    let token = member(env, "MAGISTERIUM_TOKEN").filter(|t| !t.trim().is_empty());
    Reflect::set(
        &credential,
        &"token".into(),
        &token.map_or(JsValue::NULL, JsValue::from),
    )?;
    Ok(credential.into())
}

/// A string member of a JavaScript object.
fn member(value: &JsValue, name: &str) -> Option<String> {
    Reflect::get(value, &name.into()).ok()?.as_string()
}

impl Call {
    fn new(request: &Request, url: &Url, env: &JsValue) -> Self {
        Self {
            request_id: request_id(request),
            started: js_sys::Date::now(),
            origin: request.headers().get("origin").ok().flatten(),
            path: url.pathname(),
            settings: settings_for(env),
            log: LogLine::default(),
        }
    }

    async fn api(
        &mut self,
        request: &Request,
        url: &Url,
        env: &JsValue,
        create_auth: &js_sys::Function,
    ) -> Result<Response, JsValue> {
        let auth = auth_for(env, url, create_auth)?;
        if self.path.starts_with("/auth/") {
            let answered = JsFuture::from(auth.route(request, url)).await?;
            if answered.is_object() {
                return self.done_js(answered.unchecked_into());
            }
        }
        let is_post = request.method() == "POST";
        let body = if is_post {
            match io::request_body(request, self.settings.max_body_bytes).await? {
                Some(body) => body,
                None => {
                    let refused = app::body_too_large(&self.settings, self.origin.as_deref());
                    return self.done(&refused, None);
                }
            }
        } else {
            Uint8Array::new_with_length(0)
        };
        let is_rpc = is_post && self.path == path::RPC;
        let mut credential = if !is_rpc {
            JsValue::NULL
        } else if self.settings.sign_in == SignIn::Off {
            operator_credential(env)?
        } else {
            JsFuture::from(auth.token(request)).await?
        };
        if let Some(reason) = Reflect::get(&credential, &"refuse".into())
            .ok()
            .filter(JsValue::is_truthy)
            .map(|_| member(&credential, "reason").unwrap_or_default())
        {
            let refused = app::sign_in_refused(&reason, &self.settings, self.origin.as_deref());
            self.log.auth = Some(reason);
            return self.done(&refused, None);
        }
        let mut outcome = self.attempt(request, url, env, &body, &credential).await?;
        let signed_in = Reflect::get(&credential, &"session".into()).is_ok_and(|s| s.is_object());
        if let (
            true,
            Outcome::Answer {
                response,
                rpc_error,
                ..
            },
        ) = (is_rpc && signed_in, &outcome)
        {
            if response.status == 401 || *rpc_error == Some(code::UNAUTHORIZED) {
                // One refresh, one retry.
                let renewed = JsFuture::from(auth.refresh(&credential)).await?;
                if renewed.is_object() {
                    credential = renewed;
                    self.log = LogLine::default();
                    outcome = self.attempt(request, url, env, &body, &credential).await?;
                }
            }
        }
        match outcome {
            Outcome::Asset => io::asset(env, request).await,
            Outcome::Answer { response, body, .. } => self.done(&response, body.as_ref()),
        }
    }

    /// One pass through the app and, when it plans one, the I/O.
    async fn attempt(
        &mut self,
        request: &Request,
        url: &Url,
        env: &JsValue,
        body: &Uint8Array,
        credential: &JsValue,
    ) -> Result<Outcome, JsValue> {
        let token = member(credential, "token");
        let session_id = Reflect::get(credential, &"session".into())
            .ok()
            .and_then(|s| member(&s, "id"));
        let session = match (&token, session_id) {
            (Some(token), Some(id)) => Some((token.as_str(), id)),
            _ => None,
        };
        let worker_request = worker_request(request, url, body.to_vec(), session)?;
        let has_binding = binding(env, "RATE_LIMITER").is_some();
        let settings = Rc::clone(&self.settings);
        let route = APP.with(|app| {
            app.borrow_mut()
                .handle(&worker_request, &settings, &mut CryptoRandom, has_binding)
        });
        match route {
            Route::Asset => Ok(Outcome::Asset),
            Route::Respond(response) => Ok(answer(response)),
            Route::Misconfigured(setting, response) => {
                let line = json!({ "error": "misconfigured", "setting": setting });
                console_error(&line.to_string());
                self.log.misconfigured = Some(setting);
                Ok(answer(response))
            }
            Route::FetchCard(fetch) => self.card(&fetch, &url.origin()).await,
            Route::Forward(plan) => self.forward(plan, env, body, token.as_deref()).await,
        }
    }

    /// The proxy's agent card: the upstream's (cached for its lifetime), rewritten; in A2A 1.0
    /// form when `fetch` asks for it.
    async fn card(&mut self, fetch: &CardFetch, own_origin: &str) -> Result<Outcome, JsValue> {
        let card_url = fetch.url.as_str();
        let cache = io::default_cache();
        let hit = match &cache {
            Some(cache) => io::cached(cache, card_url).await?,
            None => None,
        };
        let from_cache = hit.is_some();
        let outcome = match hit {
            Some(bytes) => UpstreamOutcome::Answer {
                status: 200,
                headers: Vec::new(),
                body: bytes.to_vec(),
            },
            None => {
                let call = UpstreamCall {
                    url: card_url,
                    method: "GET",
                    body: None,
                    token: None,
                    request_id: &self.request_id,
                    timeout_ms: DEFAULT_TIMEOUT_MS,
                    max_bytes: CARD_MAX_BYTES,
                };
                call.send().await?.0
            }
        };
        self.log.upstream = Some(if from_cache {
            json!("cache")
        } else {
            upstream_log(&outcome)
        });
        let fresh = match &outcome {
            UpstreamOutcome::Answer {
                status: 200, body, ..
            } if !from_cache => Some(body.clone()),
            _ => None,
        };
        let settings = Rc::clone(&self.settings);
        let origin = self.origin.clone();
        let card = APP.with(|app| {
            let v1 = fetch.v1.then_some(fetch.if_none_match.as_deref());
            app.borrow()
                .card(v1, outcome, own_origin, &settings, origin.as_deref())
        });
        if let (Some(cache), Some(fresh), 200) = (&cache, fresh, card.status) {
            io::store(
                cache,
                card_url,
                &fresh,
                "application/json",
                CARD_CACHE_SECONDS,
            )
            .await?;
        }
        Ok(answer(card))
    }

    /// A planned `message/send` / `tasks/*`: the Rate Limiting binding, the document cache, the
    /// account's budget, then the upstream call and the app's judgement of its answer.
    async fn forward(
        &mut self,
        plan: ForwardPlan,
        env: &JsValue,
        body: &Uint8Array,
        token: Option<&str>,
    ) -> Result<Outcome, JsValue> {
        self.log.method = Some(plan.method.clone());
        self.log.skill.clone_from(&plan.skill);
        let settings = Rc::clone(&self.settings);
        let origin = self.origin.clone();
        let origin = origin.as_deref();
        let refused = |pool: &str, wait: Option<u64>| {
            APP.with(|app| app.borrow().refused(&plan, pool, wait, &settings, origin))
        };
        for pool in &plan.binding_pools {
            let key = format!("{}:{pool}", plan.client_key);
            if !io::binding_allows(env, pool, &key).await? {
                self.log.limiter = Some(pool.clone());
                return Ok(answer(refused(pool, None)));
            }
        }
        let cache = plan.cache_key.as_ref().and_then(|_| io::default_cache());
        if let (Some(cache), Some(key)) = (&cache, &plan.cache_key) {
            if let Some(hit) = io::cached(cache, key).await? {
                self.log.cache = Some("hit");
                let text = String::from_utf8_lossy(&hit.to_vec()).into_owned();
                let response =
                    APP.with(|app| app.borrow().from_cache(&plan, &text, &settings, origin));
                return Ok(answer(response));
            }
        }
        if let Some(account) = &plan.budget {
            if let Some((pool, wait)) =
                io::take_budget(env, account, &plan.client_key, plan.is_qa).await?
            {
                self.log.limiter = Some(format!("budget:{pool}"));
                return Ok(answer(refused(&pool, wait)));
            }
        }
        // An A2A 1.0 request goes upstream as the 0.2.6 request the front door wrote.
        let rewritten = plan.body.as_deref().map(|b| Uint8Array::from(b.as_bytes()));
        let call = UpstreamCall {
            url: &plan.upstream_url,
            method: "POST",
            body: Some(rewritten.as_ref().unwrap_or(body)),
            token,
            request_id: &self.request_id,
            timeout_ms: plan.timeout_ms,
            max_bytes: plan.max_upstream_bytes,
        };
        let (outcome, bytes) = call.send().await?;
        self.log.upstream = Some(upstream_log(&outcome));
        let finished = APP.with(|app| {
            app.borrow()
                .finish_answer(&plan, outcome, &settings, origin)
        });
        if plan.cache_key.is_some() {
            self.log.cache = Some("miss");
        }
        if let (Some(cache), Some(key), Some(result)) = (&cache, &plan.cache_key, &finished.cache) {
            let max_age = DOCUMENT_CACHE_SECONDS;
            io::store(cache, key, result.as_bytes(), "application/json", max_age).await?;
        }
        self.log.rpc_error = finished.rpc_error;
        Ok(Outcome::Answer {
            body: finished.upstream_body.and(bytes),
            response: finished.response,
            rpc_error: finished.rpc_error,
        })
    }

    /// The response for `answer`, logged as `LOG_REQUESTS` says.
    fn done(
        &self,
        answer: &WorkerResponse,
        body: Option<&Uint8Array>,
    ) -> Result<Response, JsValue> {
        let response = io::response(answer, body, &[("x-request-id", &self.request_id)])?;
        self.log_line(answer.status);
        Ok(response)
    }

    /// A response made by `auth.js`, with the request id, logged.
    fn done_js(&self, response: Response) -> Result<Response, JsValue> {
        response.headers().set("x-request-id", &self.request_id)?;
        self.log_line(response.status());
        Ok(response)
    }

    fn log_line(&self, status: u16) {
        if !self
            .settings
            .log_requests
            .wants(status, self.log.rpc_error.is_some())
        {
            return;
        }
        let mut line = json!({
            "at": String::from(js_sys::Date::new_0().to_iso_string()),
            "requestId": self.request_id,
            "origin": self.origin,
            "path": self.path,
            "status": status,
            "ms": js_sys::Date::now() - self.started,
        });
        if let (Some(line), Ok(Value::Object(extra))) =
            (line.as_object_mut(), serde_json::to_value(&self.log))
        {
            line.extend(extra);
        }
        console_log(&line.to_string());
    }
}

/// An upstream outcome as the log line says it: the HTTP status, or what went wrong.
fn upstream_log(outcome: &UpstreamOutcome) -> Value {
    match outcome {
        UpstreamOutcome::Answer { status, .. } => json!(status),
        UpstreamOutcome::Timeout => json!("timeout"),
        UpstreamOutcome::Unreachable => json!("unreachable"),
        UpstreamOutcome::TooLarge => json!("tooLarge"),
    }
}
