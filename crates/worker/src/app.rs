//! The Worker's routing on the shared core: CORS first, then the JSON-RPC endpoint and the agent
//! card, served by the proxy with a URL upstream or, in the demo's Worker (feature `stand-in`), by
//! the embedded agent; every other path is a static asset. The proxy never answers with the
//! stand-in: a deployment missing a setting it needs answers a configuration error.

mod card;
pub mod card_dates;
mod visitors;

pub use card::CardFetch;

use crate::cache::Mark;
use crate::doors::exit::{Answer, Exit};
use crate::doors::front_door::{self, FrontDoor};
use crate::doors::mcp;
use crate::doors::rest;
use crate::doors::Door;
use crate::embedded::Embedded;
use crate::limits::Gate;
use crate::origin;
use crate::proxy::{self, ForwardPlan, Inspection, Limit};
use crate::settings::{Settings, Upstream};
use crate::tasks::ListPlan;
use crate::upstream::{self, Finished, UpstreamOutcome};
use card_dates::{CardDates, Conditions};
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
    /// A 1.0 `ListTasks`: read the account's task records, then answer with
    /// [`ListPlan::answer`] (never upstream: `crate::tasks`).
    ListTasks(ListPlan),
    /// The deployment lacks the named setting: send this answer (HTTP 503, JSON-RPC -32603
    /// naming it) and log it.
    Misconfigured(&'static str, WorkerResponse),
}

/// One Worker isolate's state.
#[derive(Debug)]
pub struct App {
    /// The agent that answers in-process when no upstream URL is set: the stand-in in the demo's
    /// Worker (feature `stand-in`), none in the proxy alone.
    embedded: Option<Box<dyn Embedded>>,
    limiter: Limiter,
    limits: (u32, u32, u32),
    /// When this isolate first served each card (`Last-Modified`).
    card_dates: CardDates,
}

impl Default for App {
    fn default() -> Self {
        Self::new()
    }
}

/// The answer of a deployment that lacks `setting`: HTTP 503 with JSON-RPC -32603 naming it.
fn misconfigured(exit: &Exit, settings: &Settings, setting: &'static str, why: &str) -> Route {
    let message = format!("Worker misconfigured: {setting} {why}");
    let response = WorkerResponse::rpc_error(
        503,
        &serde_json::Value::Null,
        code::INTERNAL_ERROR,
        &message,
        Some(serde_json::json!({ "setting": setting })),
    );
    Route::Misconfigured(setting, exit.leave(Answer::Refusal(response), settings))
}

impl App {
    /// A fresh isolate.
    pub fn new() -> Self {
        #[allow(unused_mut)] // the demo's Worker embeds the stand-in below
        let mut app = Self {
            embedded: None,
            limiter: Limiter::new(15, 2),
            limits: (15, 2, 60),
            card_dates: CardDates::default(),
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
            || rest::rest_path(path).is_some()
            || self.embedded.as_ref().is_some_and(|a| a.owns_path(path))
    }

    /// Routes one request (its body already capped by the entry). `has_binding`: the Rate
    /// Limiting binding is configured, so the entry checks limits with it.
    ///
    /// A JSON-RPC request in A2A 1.0 (or an HTTP+JSON call, first rewritten as one by
    /// `doors::rest`) goes through the front door: it is routed as the 0.2.6 request that does
    /// the same, and every answer to it is turned back into 1.0 (an upstream call's, in
    /// [`App::finish_answer`] and the other answers of its plan), then into the binding's terms.
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
        let exit = Exit::to(request.header("origin"));
        if request.method == "OPTIONS" {
            let preflight = settings.cors.preflight(request.header("origin"));
            return Route::Respond(exit.leave(Answer::Own(preflight), settings));
        }
        if let Some(refused) = refused_origin(request, settings) {
            return Route::Respond(refused);
        }
        if request.path == path::MCP {
            return match mcp::open(request, settings, random) {
                mcp::Opened::Answer(response) => {
                    Route::Respond(exit.leave(Answer::Own(response), settings))
                }
                mcp::Opened::Forward(rewritten, door) => {
                    let exit = exit.through(Door::Mcp(door));
                    self.route(&rewritten, exit, settings, random, has_binding)
                }
            };
        }
        if rest::rest_path(&request.path).is_some() {
            return match rest::open(request) {
                Err(refused) => {
                    let exit = exit.through(Door::A2a(FrontDoor::unread().over_rest()));
                    Route::Respond(exit.leave(Answer::Own(refused), settings))
                }
                Ok(rewritten) => self.front(&rewritten, exit, true, settings, random, has_binding),
            };
        }
        if request.method != "POST" || request.path != path::RPC {
            return self.route(request, exit, settings, random, has_binding);
        }
        self.front(request, exit, false, settings, random, has_binding)
    }

    /// A JSON-RPC request through the 1.0 front door (`rest`: one the HTTP+JSON binding wrote,
    /// whose answers it turns back into its own terms).
    fn front(
        &mut self,
        request: &WorkerRequest,
        exit: Exit,
        rest: bool,
        settings: &Settings,
        random: &mut dyn Random,
        has_binding: bool,
    ) -> Route {
        let door = |front: FrontDoor| Door::A2a(if rest { front.over_rest() } else { front });
        match front_door::open(request) {
            Err(refused) => {
                let exit = exit.through(door(FrontDoor::unread()));
                Route::Respond(exit.leave(Answer::V1(refused), settings))
            }
            Ok(None) => self.route(request, exit, settings, random, has_binding),
            Ok(Some(opened)) => {
                let exit = exit.through(door(opened.door));
                if let Some(listing) = opened.list {
                    let gate = self.list_gate(request, settings, has_binding, (&listing.id, &exit));
                    if let Gate::Refused(refused) = gate {
                        return Route::Respond(refused);
                    }
                    let exit = Box::new(exit);
                    return Route::ListTasks(ListPlan {
                        listing,
                        exit,
                        gate,
                    });
                }
                self.route(&opened.request, exit, settings, random, has_binding)
            }
        }
    }

    /// Routes a request in A2A 0.2.6 terms (as it came, or as a door rewrote it); every answer
    /// leaves through `exit`, and a forwarded call carries it.
    fn route(
        &mut self,
        request: &WorkerRequest,
        exit: Exit,
        settings: &Settings,
        random: &mut dyn Random,
        has_binding: bool,
    ) -> Route {
        let respond = |response: WorkerResponse| {
            Route::Respond(exit.leave(Answer::Legacy(response), settings))
        };
        let upstream = match &settings.upstream {
            Upstream::Url(url) => url.as_str(),
            Upstream::Embedded => {
                let Some(agent) = self.embedded.as_mut() else {
                    return misconfigured(&exit, settings, "UPSTREAM_URL", "is not set");
                };
                let response = agent.handle(request, settings, random);
                let response = match request.path.as_str() {
                    path::CARD_V03 => front_door::card(response),
                    _ => response,
                };
                let response = match request.path.as_str() {
                    path::CARD | path::CARD_V03 => {
                        self.card_dates.validate(response, &Conditions::of(request))
                    }
                    _ => response,
                };
                return respond(response.with_header(AGENT_HEADER, agent.name()));
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
                &exit,
                settings,
                "MAGISTERIUM_TOKEN",
                "is not set, and calls without sign-in are allowed (ALLOW_ANONYMOUS)",
            );
        }
        match (request.method.as_str(), request.path.as_str()) {
            ("POST", path::RPC) => {
                let limiter = self.client_limiter(settings);
                match proxy::inspect(request, settings, upstream, limiter, has_binding) {
                    Inspection::Reject(response) => respond(response),
                    Inspection::Forward(mut plan) => {
                        if exit.has_door() {
                            // The 0.2.6 request the door wrote goes upstream (unless its date was
                            // resolved), and its answer is read up to the door's own cap (a door
                            // holds it several times).
                            if plan.body.is_none() {
                                let written = String::from_utf8_lossy(&request.body);
                                plan.body = Some(written.into_owned());
                            }
                            plan.max_upstream_bytes =
                                plan.max_upstream_bytes.min(settings.max_door_bytes);
                        }
                        let mark = match plan.cache {
                            Some(_) => Mark::Miss,
                            None => Mark::Bypass,
                        };
                        plan.exit = Box::new(exit.marked(mark));
                        Route::Forward(plan)
                    }
                }
            }
            ("GET" | "HEAD", path::CARD | path::CARD_V03) => {
                match upstream::upstream_card_url(upstream) {
                    Some(url) => Route::FetchCard(CardFetch {
                        url,
                        v1: request.path == path::CARD_V03,
                        if_none_match: request.header("if-none-match").map(str::to_owned),
                        if_modified_since: request.header("if-modified-since").map(str::to_owned),
                        now_ms: request.now_ms,
                    }),
                    None => respond(WorkerResponse::json(
                        502,
                        &serde_json::json!({ "error": "UPSTREAM_URL is not a URL" }),
                    )),
                }
            }
            _ => respond(WorkerResponse::json(
                405,
                &serde_json::json!({ "error": "method not allowed" }),
            )),
        }
    }

    /// The client's answer after the planned upstream call, with the upstream's body left out of
    /// the response when it is the body (the entry already holds those bytes), and what to cache.
    /// It leaves through the plan's exit.
    pub fn finish_answer(
        &self,
        plan: &ForwardPlan,
        outcome: UpstreamOutcome,
        settings: &Settings,
    ) -> Finished {
        let Finished {
            response,
            upstream_body,
            cache,
            rpc_error,
        } = upstream::finish_answer(plan, outcome);
        let (mut response, mut upstream_body) = (response, upstream_body);
        if plan.exit.has_door() {
            // A door reads the answer: it needs the body in place. The bytes become the text
            // without a copy (only bytes that are not UTF-8 are copied, with U+FFFD in place).
            if let Some(body) = upstream_body.take() {
                response.body = String::from_utf8(body)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
            }
        }
        let response = response.with_header(AGENT_HEADER, "proxy");
        Finished {
            response: plan.exit.leave(Answer::Legacy(response), settings),
            upstream_body,
            cache,
            rpc_error,
        }
    }

    /// The client's answer from a cache entry, marked `mark` (`hit`, `stale`): the kept answer in
    /// a Task of the caller's own (fresh ids from `random`). `None` when the entry cannot answer
    /// this request: the call goes on as a miss.
    pub fn from_cache(
        &self,
        plan: &ForwardPlan,
        entry: &str,
        mark: Mark,
        settings: &Settings,
        random: &mut dyn Random,
    ) -> Option<WorkerResponse> {
        let response = upstream::from_cache(plan, entry, mark, random)?;
        let response = response.with_header(AGENT_HEADER, "proxy");
        let exit = plan.exit.as_ref().clone().marked(mark);
        Some(exit.leave(Answer::Legacy(response), settings))
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
    ) -> WorkerResponse {
        let refusal = Refusal {
            pool: Pool::from_name(pool),
            retry_after_secs: retry_after_secs
                .unwrap_or(u64::from(settings.proxy_window_secs))
                .max(1),
        };
        let response = proxy::rate_limited(&plan.rpc_id, refusal, limit, settings);
        plan.exit.leave(Answer::Legacy(response), settings)
    }
}

/// The one origin rule's refusal of `request` ([`origin::check`]), through the request's exit.
/// The app asks it first for every path, and the entry before sign-in sees the request.
pub fn refused_origin(request: &WorkerRequest, settings: &Settings) -> Option<WorkerResponse> {
    let refused = origin::check(request, settings)?;
    Some(Exit::of(request).leave(Answer::Refusal(refused), settings))
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
