//! The Worker's `fetch(request, env, ctx)`, one Rust function from the request to the response:
//! static assets, sign-in (`auth.js`, for oauth4webapi), the capped body, the credential, the
//! app's route ([`App::handle`]), its I/O ([`crate::workerd::io`]), the app's answer, one retry
//! after a refresh when the upstream refused a session's token, and the per-request log line. Its
//! phases live beside it: the request on its way and its answers' exit ([`call`]), sign-in
//! ([`auth`]), the card ([`card`]), the upstream call ([`forward`]) and the log line ([`log`]).

mod auth;
mod call;
mod card;
mod fill;
mod forward;
mod log;
mod mcp_auth;
mod read;
mod tasks;

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Reflect, Uint8Array};
use serde_json::json;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Request, Response, Url};

use self::auth::{auth_for, Credential};
use self::call::{answer, Call, Outcome};
use self::log::LogLine;
use self::mcp_auth::Admitted;
use self::read::{with_session, worker_request};
use crate::app::{self, App, Route};
use crate::doors::exit::Answer;
use crate::doors::mcp_auth::{owns as mcp_auth_owns, McpAccess};
use crate::doors::rest;
use crate::settings::SignIn;
use crate::sign_in::{self, anonymous_refused};
use crate::workerd::bindings::{binding, console_error, settings_for, sign_in_readiness};
use crate::workerd::{budget_calls, io};
use magisterium_core::serve::http::{self, code, path, WorkerResponse};
use magisterium_core::upstream::Reach;
use magisterium_platform::random::CryptoRandom;

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
    ctx: JsValue,
    create_auth: js_sys::Function,
) -> Result<Response, JsValue> {
    let url = Url::new(&request.url())?;
    let path = path::canonical(url.pathname());
    if !APP.with(|app| app.borrow().is_api_path(&path))
        && sign_in::base_of(&path).is_none()
        && !mcp_auth_owns(&path)
    {
        return io::asset(&env, &request).await;
    }
    let mut call = Call::new(&request, &url, &env, ctx);
    match call.api(&request, &url, &env, &create_auth).await {
        Ok(response) => Ok(response),
        Err(e) => {
            let name = Reflect::get(&e, &"name".into())
                .ok()
                .and_then(|n| n.as_string());
            let line = json!({ "error": name.as_deref().unwrap_or("Error"), "requestId": call.request_id });
            console_error(&line.to_string());
            // The Worker's own answer: with CORS, so a page of an allowed origin reads the 500,
            // and saying whether the call had gone upstream (a paid call is then not repeated).
            let reach = match call.log.upstream {
                Some(_) => Reach::Reached,
                None => Reach::NotReached,
            };
            let failed = call.leave(Answer::Refusal(http::internal_error(reach)));
            call.done(&failed, None)
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
    let worker_request = worker_request(&request, &url, body)?;
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

impl Call {
    async fn api(
        &mut self,
        request: &Request,
        url: &Url,
        env: &JsValue,
        create_auth: &js_sys::Function,
    ) -> Result<Response, JsValue> {
        // The one origin rule, before sign-in sees anything of the request.
        let head = worker_request(request, url, Vec::new())?;
        let sign_in_base = sign_in::base_of(&self.path);
        if sign_in_base.is_some() {
            if let Some(refused) = app::refused_origin(&head, &self.settings) {
                return self.origin_refused(&refused);
            }
        }
        self.read = Some(head);
        let auth = auth_for(env, url, create_auth)?;
        if mcp_auth_owns(&self.path) {
            if let Some(answered) = self.mcp_auth(request, env, &auth).await? {
                return Ok(answered);
            }
        }
        if let Some(base) = sign_in_base {
            if let Some(refused) = self.sign_in_limit(env).await? {
                return self.done(&refused, None);
            }
            let answered = JsFuture::from(auth.route(request, url, base)).await?;
            if answered.is_object() {
                return self.done_js(answered.unchecked_into());
            }
        }
        let is_post = request.method() == "POST";
        let body = if is_post {
            match io::request_body(request, self.settings.max_body_bytes).await? {
                Some(body) => body,
                None => {
                    let refused = http::body_too_large(self.settings.max_body_bytes);
                    return self.done(&self.leave(Answer::Refusal(refused)), None);
                }
            }
        } else {
            Uint8Array::new_with_length(0)
        };
        // The request's headers were read once (`head`); now its body.
        let mut whole = self
            .read
            .take()
            .ok_or("the request's headers were not read")?;
        whole.body = body.to_vec();
        if let Some(refused) = app::refused_origin(&whole, &self.settings) {
            return self.origin_refused(&refused);
        }
        self.read = Some(whole);
        let is_mcp = self.path == path::MCP;
        let mcp_access = if is_mcp {
            match self.mcp_access(env) {
                Ok(access) => Some(access),
                Err(refused) => return self.done(&refused, None),
            }
        } else {
            None
        };
        // A call: JSON-RPC's POST, MCP's, or any call of the HTTP+JSON binding (GET /tasks/…).
        let is_rest = rest::rest_path(&self.path).is_some() && request.method() != "OPTIONS";
        let is_rpc = is_rest || (is_post && (self.path == path::RPC || is_mcp));
        let readiness = sign_in_readiness(env, &self.settings);
        if let (true, Some(refused)) = (is_rpc, anonymous_refused(&self.settings, readiness)) {
            console_error(
                &json!({ "error": "misconfigured", "setting": readiness.missing() }).to_string(),
            );
            return self.done(&self.leave(Answer::Refusal(refused)), None);
        }
        let mut credential = if !is_rpc {
            Credential::Operator { token: None }
        } else if mcp_access == Some(McpAccess::SignedIn) {
            match self.mcp_credential(request, &auth).await? {
                Admitted::Credential(credential) => credential,
                Admitted::Answered(response) => return Ok(response),
            }
        } else if self.settings.sign_in == SignIn::Off || is_mcp {
            Credential::operator(env)
        } else {
            Credential::read(JsFuture::from(auth.token(request)).await?)?
        };
        if let Credential::Refused { reason } = credential {
            let refused = self.sign_in_refused(reason);
            return self.done(&refused, None);
        }
        let mut outcome = self.attempt(url, env, &body, &credential).await?;
        if let (
            true,
            Credential::Session { token, handle, .. },
            Outcome::Answer {
                response,
                rpc_error,
                ..
            },
        ) = (is_rpc, &credential, &outcome)
        {
            if response.status == 401 || *rpc_error == Some(code::UNAUTHORIZED) {
                // The service counted no call it refused as unauthorized: its unit goes back
                // (before a retry takes one; budget.rs, `Budget::give_back`).
                if let Some(unit) = self.unit.take() {
                    budget_calls::give_back(env, &unit).await;
                }
                // One refresh, one retry. An issuer that failed (not a refusal) is not a
                // sign-out: a retryable 503, the session kept. Null: the session is over.
                let renewed = JsFuture::from(auth.refresh(handle, token)).await?;
                match Credential::read_optional(renewed)? {
                    Some(Credential::Refused { reason }) => {
                        outcome = answer(self.sign_in_refused(reason));
                    }
                    Some(renewed) => {
                        credential = renewed;
                        self.log = LogLine::default();
                        outcome = self.attempt(url, env, &body, &credential).await?;
                    }
                    None => {}
                }
            }
        }
        if let (true, Outcome::Answer { response, body, .. }) = (is_rpc && !is_mcp, &outcome) {
            self.remember(env, &credential, response, body.as_ref())
                .await;
        }
        match outcome {
            Outcome::Asset => io::asset(env, request).await,
            Outcome::Answer { response, body, .. } => self.done(&response, body.as_ref()),
        }
    }

    /// One pass through the app and, when it plans one, the I/O.
    async fn attempt(
        &mut self,
        url: &Url,
        env: &JsValue,
        body: &Uint8Array,
        credential: &Credential,
    ) -> Result<Outcome, JsValue> {
        let session = match credential {
            Credential::Session { token, account, .. } => Some((token.as_str(), account.clone())),
            _ => None,
        };
        // The request as read, with this attempt's credential: no second copy of its body.
        let mut worker_request = self.read.take().ok_or("the request was not read")?;
        with_session(&mut worker_request, session);
        let has_binding = binding(env, "RATE_LIMITER").is_some();
        let settings = Rc::clone(&self.settings);
        let route = APP.with(|app| {
            app.borrow_mut()
                .handle(&worker_request, &settings, &mut CryptoRandom, has_binding)
        });
        self.read = Some(worker_request);
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
            Route::ListTasks(plan) => self.list(plan, env, credential).await,
            Route::Forward(plan) => self.forward(plan, env, body, credential.token()).await,
        }
    }
}
