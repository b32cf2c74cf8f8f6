//! The Worker's routing on the shared core: CORS first, then the JSON-RPC endpoint and the agent
//! card, served by the proxy with a URL upstream or, in the demo's Worker (feature `stand-in`), by
//! the embedded agent; every other path is a static asset. The proxy never answers with the
//! stand-in: a deployment missing a setting it needs answers a configuration error.

mod visitors;

use super::door::Door;
use super::embedded::Embedded;
use super::front_door;
use super::mcp;
use super::origin;
use super::proxy::{self, ForwardPlan, Inspection, Limit};
use super::settings::{Settings, Upstream};
use super::upstream::{self, Finished, UpstreamOutcome};
use magisterium_core::ids::Random;
use magisterium_core::serve::http::{code, path, WorkerRequest, WorkerResponse};
use magisterium_core::serve::limiter::{Limiter, Pool, Refusal};

/// The response header naming who answered, so nobody mistakes the stand-in for Magisterium.
pub const AGENT_HEADER: &str = "x-magisterium-agent";

/// What the entry (`entry.rs`) must do with a request.
#[derive(Debug)]
pub enum Route {
    /// Send this response.
    Respond(WorkerResponse),
    /// Not an API path: serve the static asset.
    Asset,
    /// Make this upstream call with the request body, then call [`App::finish`].
    Forward(ForwardPlan),
    /// Fetch the upstream card, then call [`App::card`] with it.
    FetchCard(CardFetch),
    /// The deployment lacks the named setting: send this answer (HTTP 503, JSON-RPC -32603
    /// naming it) and log it.
    Misconfigured(&'static str, WorkerResponse),
}

/// A card request the proxy answers from the upstream's 0.2.6 card.
#[derive(Debug, Clone, PartialEq)]
pub struct CardFetch {
    /// The upstream card's URL.
    pub url: String,
    /// The A2A 1.0 card was asked for (`/.well-known/agent-card.json`).
    pub v1: bool,
    /// The request's `If-None-Match`, for the 1.0 card's `ETag`.
    pub if_none_match: Option<String>,
}

/// One Worker isolate's state.
#[derive(Debug)]
pub struct App {
    /// The agent that answers in-process when no upstream URL is set: the stand-in in the demo's
    /// Worker (feature `stand-in`), none in the proxy alone.
    embedded: Option<Box<dyn Embedded>>,
    limiter: Limiter,
    limits: (u32, u32, u32),
}

impl Default for App {
    fn default() -> Self {
        Self::new()
    }
}

/// The answer of a deployment that lacks `setting`: HTTP 503 with JSON-RPC -32603 naming it.
fn misconfigured(setting: &'static str, why: &str) -> Route {
    let message = format!("Worker misconfigured: {setting} {why}");
    let response = WorkerResponse::rpc_error(
        503,
        &serde_json::Value::Null,
        code::INTERNAL_ERROR,
        &message,
        Some(serde_json::json!({ "setting": setting })),
    );
    Route::Misconfigured(setting, response)
}

impl App {
    /// A fresh isolate.
    pub fn new() -> Self {
        #[allow(unused_mut)] // the demo's Worker embeds the stand-in below
        let mut app = Self {
            embedded: None,
            limiter: Limiter::new(15, 2),
            limits: (15, 2, 60),
        };
        #[cfg(feature = "stand-in")]
        app.embed(Box::new(magisterium_stand_in::Agent::new(
            Default::default(),
        )));
        app
    }

    /// Answers `Upstream::Embedded` requests with `agent`.
    pub fn embed(&mut self, agent: Box<dyn Embedded>) {
        self.embedded = Some(agent);
    }

    /// True for the paths the Worker answers itself.
    pub fn is_api_path(&self, path: &str) -> bool {
        matches!(path, path::RPC | path::CARD | path::CARD_V03 | path::MCP)
            || self.embedded.as_ref().is_some_and(|a| a.owns_path(path))
    }

    /// Routes one request (its body already capped by the entry). `has_binding`: the Rate
    /// Limiting binding is configured, so the entry checks limits with it.
    ///
    /// A JSON-RPC request in A2A 1.0 goes through the front door: it is routed as the 0.2.6
    /// request that does the same, and every answer to it is turned back into 1.0 (an upstream
    /// call's, in [`App::finish_answer`] and the other answers of its plan).
    pub fn handle(
        &mut self,
        request: &WorkerRequest,
        settings: &Settings,
        random: &mut dyn Random,
        has_binding: bool,
    ) -> Route {
        if !self.is_api_path(&request.path) {
            return Route::Asset;
        }
        let origin = request.header("origin");
        if request.method == "OPTIONS" {
            return Route::Respond(settings.cors.preflight(origin));
        }
        if let Some(refused) = refused_origin(request, settings) {
            return Route::Respond(refused);
        }
        if request.path == path::MCP {
            return match mcp::open(request, settings, random) {
                mcp::Opened::Answer(response) => {
                    Route::Respond(decorate(response, settings, origin))
                }
                mcp::Opened::Forward(rewritten, door) => {
                    let route = self.route(&rewritten, settings, random, has_binding);
                    through(Door::Mcp(door), rewritten.body, route)
                }
            };
        }
        if request.method != "POST" || request.path != path::RPC {
            return self.route(request, settings, random, has_binding);
        }
        match front_door::open(request) {
            Err(refused) => Route::Respond(decorate(refused, settings, origin)),
            Ok(None) => self.route(request, settings, random, has_binding),
            Ok(Some(opened)) => {
                let route = self.route(&opened.request, settings, random, has_binding);
                through(Door::A2a(opened.door), opened.request.body, route)
            }
        }
    }

    fn route(
        &mut self,
        request: &WorkerRequest,
        settings: &Settings,
        random: &mut dyn Random,
        has_binding: bool,
    ) -> Route {
        let origin = request.header("origin");
        let upstream = match &settings.upstream {
            Upstream::Url(url) => url.as_str(),
            Upstream::Embedded => {
                let Some(agent) = self.embedded.as_mut() else {
                    return misconfigured("UPSTREAM_URL", "is not set");
                };
                let response = agent.handle(request, settings, random);
                let response = if request.path == path::CARD_V03 {
                    front_door::card(response, request.header("if-none-match"))
                } else {
                    response
                };
                let response = response.with_header(AGENT_HEADER, agent.name());
                return Route::Respond(decorate(response, settings, origin));
            }
        };
        // A call without a session goes out with the operator's token: without one, the
        // deployment is broken, and says so instead of forwarding an anonymous call.
        if request.method == "POST"
            && request.path == path::RPC
            && request.account.is_none()
            && !settings.operator_token
        {
            return misconfigured(
                "MAGISTERIUM_TOKEN",
                "is not set, and calls without sign-in are allowed (ALLOW_ANONYMOUS)",
            );
        }
        match (request.method.as_str(), request.path.as_str()) {
            ("POST", path::RPC) => {
                let limiter = self.client_limiter(settings);
                match proxy::inspect(request, settings, upstream, limiter, has_binding) {
                    Inspection::Reject(response) => {
                        Route::Respond(decorate(response, settings, origin))
                    }
                    Inspection::Forward(plan) => Route::Forward(plan),
                }
            }
            ("GET" | "HEAD", path::CARD | path::CARD_V03) => {
                match upstream::upstream_card_url(upstream) {
                    Some(url) => Route::FetchCard(CardFetch {
                        url,
                        v1: request.path == path::CARD_V03,
                        if_none_match: request.header("if-none-match").map(str::to_owned),
                    }),
                    None => Route::Respond(decorate(
                        WorkerResponse::json(
                            502,
                            &serde_json::json!({ "error": "UPSTREAM_URL is not a URL" }),
                        ),
                        settings,
                        origin,
                    )),
                }
            }
            _ => Route::Respond(decorate(
                WorkerResponse::json(405, &serde_json::json!({ "error": "method not allowed" })),
                settings,
                origin,
            )),
        }
    }

    /// The client's answer after the planned upstream call, and what to cache.
    pub fn finish(
        &self,
        plan: &ForwardPlan,
        outcome: UpstreamOutcome,
        settings: &Settings,
        origin: Option<&str>,
    ) -> (WorkerResponse, Option<String>) {
        self.finish_answer(plan, outcome, settings, origin)
            .into_parts()
    }

    /// [`App::finish`], with the upstream's body left out of the response when it is the body
    /// (the entry already holds those bytes).
    pub fn finish_answer(
        &self,
        plan: &ForwardPlan,
        outcome: UpstreamOutcome,
        settings: &Settings,
        origin: Option<&str>,
    ) -> Finished {
        let Finished {
            response,
            upstream_body,
            cache,
            rpc_error,
        } = upstream::finish_answer(plan, outcome);
        let (response, upstream_body) = match (&plan.door, upstream_body) {
            (Some(door), body) => {
                let mut response = response;
                if let Some(body) = body {
                    response.body = String::from_utf8_lossy(&body).into_owned();
                }
                (door.close(response), None)
            }
            (None, body) => (response, body),
        };
        Finished {
            response: decorate(
                response.with_header(AGENT_HEADER, "proxy"),
                settings,
                origin,
            ),
            upstream_body,
            cache,
            rpc_error,
        }
    }

    /// The client's answer from a cache entry: the cached document in a Task of the caller's own
    /// (a fresh task id from `random`). `None` when the entry cannot answer this request: the
    /// call goes on as a miss.
    pub fn from_cache(
        &self,
        plan: &ForwardPlan,
        entry: &str,
        settings: &Settings,
        origin: Option<&str>,
        random: &mut dyn Random,
    ) -> Option<WorkerResponse> {
        let response = closed(plan, upstream::from_cache(plan, entry, random)?);
        Some(decorate(
            response.with_header(AGENT_HEADER, "proxy"),
            settings,
            origin,
        ))
    }

    /// The 429 answer when `limit` outside the isolate refused the call in `pool`: the account's
    /// budget object, which says when a slot frees up (`retry_after_secs`), or the Rate Limiting
    /// binding, which does not (the wait is then its period, `PROXY_WINDOW_SECONDS`).
    pub fn refused(
        &self,
        plan: &ForwardPlan,
        pool: &str,
        retry_after_secs: Option<u64>,
        limit: Limit,
        settings: &Settings,
        origin: Option<&str>,
    ) -> WorkerResponse {
        let refusal = Refusal {
            pool: Pool::from_name(pool),
            retry_after_secs: retry_after_secs
                .unwrap_or(u64::from(settings.proxy_window_secs))
                .max(1),
        };
        let response = closed(
            plan,
            proxy::rate_limited(&plan.rpc_id, refusal, limit, settings),
        );
        decorate(response, settings, origin)
    }

    /// The proxy's card from the upstream's: the 0.2.6 card with the proxy's own URL or, when
    /// `v1` is set (to the request's `If-None-Match`), the 1.0 card written from it.
    pub fn card(
        &self,
        v1: Option<Option<&str>>,
        outcome: UpstreamOutcome,
        own_origin: &str,
        settings: &Settings,
        origin: Option<&str>,
    ) -> WorkerResponse {
        let card = upstream::rewrite_card(outcome, own_origin);
        let card = match v1 {
            Some(if_none_match) => front_door::card(card, if_none_match),
            None => card,
        };
        decorate(card.with_header(AGENT_HEADER, "proxy"), settings, origin)
    }
}

/// The one origin rule's refusal of `request` ([`origin::check`]), as the Worker's own answer.
/// The app asks it first for every path, and the entry before sign-in sees the request.
pub fn refused_origin(request: &WorkerRequest, settings: &Settings) -> Option<WorkerResponse> {
    origin::check(request, settings).map(|refused| own_answer(request, refused, settings))
}

/// An answer of the Worker's own to `request`, made before routing (the origin rule, sign-in's
/// refusals): through the door the request came in by (an A2A 1.0 request gets the 1.0 error),
/// with CORS.
pub fn own_answer(
    request: &WorkerRequest,
    response: WorkerResponse,
    settings: &Settings,
) -> WorkerResponse {
    let response = match (request.path == path::RPC).then(|| front_door::open(request)) {
        Some(Ok(Some(opened))) => opened.door.close(response),
        _ => response,
    };
    decorate(response, settings, request.header("origin"))
}

/// A route for a request that came through the front door: its answers go back through it, and
/// a forwarded call carries the door and the rewritten body.
fn through(door: Door, body: Vec<u8>, route: Route) -> Route {
    match route {
        Route::Respond(response) => Route::Respond(door.close(response)),
        Route::Misconfigured(setting, response) => {
            Route::Misconfigured(setting, door.close(response))
        }
        Route::Forward(mut plan) => {
            plan.body = Some(String::from_utf8_lossy(&body).into_owned());
            plan.door = Some(Box::new(door));
            Route::Forward(plan)
        }
        other => other,
    }
}

/// An answer of the proxy's own for a plan, through the plan's front door when it has one.
fn closed(plan: &ForwardPlan, response: WorkerResponse) -> WorkerResponse {
    match &plan.door {
        Some(door) => door.close(response),
        None => response,
    }
}

/// `Cache-Control: no-store` unless the answer set its own, then CORS: what every answer of the
/// Worker's API gets (the entry's own refusals too).
pub fn decorate(
    response: WorkerResponse,
    settings: &Settings,
    origin: Option<&str>,
) -> WorkerResponse {
    let response = if response.header("cache-control").is_none() {
        response.with_header("cache-control", "no-store")
    } else {
        response
    };
    settings.cors.decorate(response, origin)
}

impl App {
    /// A fresh isolate with no embedded agent, as the proxy alone is built: without an upstream
    /// URL every call is a configuration error.
    pub fn proxy_only() -> Self {
        Self {
            embedded: None,
            ..Self::new()
        }
    }
}
