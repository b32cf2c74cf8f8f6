//! One API request on its way through the entry ([`Call`]): what it has read, its log line, and
//! how its answers leave (through the request's exit, with the request id and the log line).

use std::rc::Rc;

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use web_sys::{Request, Response, Url};

use super::log::LogLine;
use super::mcp_auth;
use super::read::request_id;
use crate::doors::exit::{Answer, Exit};
use crate::settings::Settings;
use crate::workerd::bindings::settings_for;
use crate::workerd::{budget_calls, io};
use magisterium_core::serve::http::{self, path, WorkerRequest, WorkerResponse};

/// What an attempt ended with.
pub(super) enum Outcome {
    /// Not the Worker's: a static asset.
    Asset,
    /// This answer (its body, or these bytes of the upstream's).
    Answer {
        response: WorkerResponse,
        body: Option<Uint8Array>,
        rpc_error: Option<i64>,
    },
}

pub(super) fn answer(response: WorkerResponse) -> Outcome {
    Outcome::Answer {
        response,
        body: None,
        rpc_error: None,
    }
}

/// One API request on its way through.
pub(super) struct Call {
    pub(super) request_id: String,
    pub(super) started: f64,
    pub(super) origin: Option<String>,
    pub(super) path: String,
    pub(super) settings: Rc<Settings>,
    pub(super) log: LogLine,
    /// The request's `ctx`, for work after the response.
    pub(super) ctx: JsValue,
    /// The budget object's unit the last upstream call took, if it took one.
    pub(super) unit: Option<budget_calls::Unit>,
    /// The request as the app reads it (its headers, then its body once read), for the door
    /// of the answers the entry gives itself.
    pub(super) read: Option<WorkerRequest>,
    /// The anonymous visitor's session (`crate::tasks`), from their cookie or made now.
    pub(super) visitor: Option<String>,
    /// The site is served over HTTPS (the session cookie is then `__Host-` and Secure).
    pub(super) https: bool,
    /// The session cookie to set with the answer.
    pub(super) set_cookie: Option<String>,
}

impl Call {
    pub(super) fn new(request: &Request, url: &Url, env: &JsValue, ctx: JsValue) -> Self {
        Self {
            request_id: request_id(request),
            started: js_sys::Date::now(),
            origin: request.headers().get("origin").ok().flatten(),
            path: path::canonical(url.pathname()),
            settings: settings_for(env),
            log: LogLine::default(),
            ctx,
            unit: None,
            read: None,
            visitor: crate::tasks::visitor_of(
                request.headers().get("cookie").ok().flatten().as_deref(),
                url.protocol() == "https:",
            ),
            https: url.protocol() == "https:",
            set_cookie: None,
        }
    }

    /// `answer` as it leaves: through the door of the request as read so far (its exit), with
    /// CORS. Every answer the entry gives itself goes through here.
    pub(super) fn leave(&self, answer: Answer) -> WorkerResponse {
        let exit = match &self.read {
            Some(request) => Exit::of(request),
            None => Exit::to(self.origin.as_deref()),
        };
        exit.leave(answer, &self.settings)
    }

    /// Lets `promise` (work not needed for the answer) finish after the response, through
    /// `ctx.waitUntil`; without a `ctx` (a test harness), it runs on unawaited.
    pub(super) fn later(&self, promise: &js_sys::Promise) {
        if self.ctx.is_object() {
            self.ctx
                .unchecked_ref::<crate::workerd::bindings::Context>()
                .wait_until(promise);
        }
    }

    /// The answer to a credential `auth.js` refused for `reason` (logged), through the request's
    /// door, with its CORS headers.
    pub(super) fn sign_in_refused(&mut self, reason: String) -> WorkerResponse {
        let refused = http::sign_in_refused(&reason);
        self.log.auth = Some(reason);
        self.leave(Answer::Refusal(refused))
    }

    /// The origin rule's refusal (`app::refused_origin`), logged.
    pub(super) fn origin_refused(&mut self, refused: &WorkerResponse) -> Result<Response, JsValue> {
        self.log.auth = Some("origin".into());
        self.done(refused, None)
    }

    /// The response for `answer`, logged as `LOG_REQUESTS` says.
    pub(super) fn done(
        &self,
        answer: &WorkerResponse,
        body: Option<&Uint8Array>,
    ) -> Result<Response, JsValue> {
        let mut extra = vec![("x-request-id", self.request_id.as_str())];
        if let Some(cookie) = &self.set_cookie {
            extra.push(("set-cookie", cookie));
        }
        let response = io::response(answer, body, &extra)?;
        self.log_line(answer.status);
        Ok(response)
    }

    /// A response made by `auth.js` (sign-in's pages and redirects), with the headers the exit
    /// gives every answer (`Cache-Control`, CORS) and the request id, logged.
    pub(super) fn done_js(&self, response: Response) -> Result<Response, JsValue> {
        let headers = response.headers();
        // CORS is the exit's alone (the one origin rule): a library's own CORS headers go.
        for name in mcp_auth::header_names(&headers)? {
            if name.starts_with("access-control-") {
                headers.delete(&name)?;
            }
        }
        let shaped = self.leave(Answer::Own(WorkerResponse {
            status: response.status(),
            headers: headers
                .get("cache-control")?
                .map(|v| vec![("cache-control".to_owned(), v)])
                .unwrap_or_default(),
            body: String::new(),
        }));
        for (name, value) in &shaped.headers {
            headers.set(name, value)?;
        }
        headers.set("x-request-id", &self.request_id)?;
        self.log_line(response.status());
        Ok(response)
    }
}
