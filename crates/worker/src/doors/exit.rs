//! The one way out of the Worker's API. Every answer (the proxy's, the stand-in's, the doors',
//! sign-in's, every refusal and the Worker's own failure) leaves through [`Exit::leave`], which
//! turns it into the terms of the door its request came in by (A2A 0.2.6, A2A 1.0 over JSON-RPC or
//! HTTP+JSON, or MCP), then
//! adds `x-magisterium-cache` (a proxied call's), `Cache-Control: no-store` (unless the answer set
//! its own) and CORS. Nothing else in the
//! Worker adds CORS or closes a door (a test reads the sources to hold that).

use serde_json::Value;

use crate::cache::{Mark, CACHE_HEADER};
use crate::doors::front_door::{self, FrontDoor, VERSION_HEADER};
use crate::doors::rest;
use crate::doors::Door;
use crate::settings::Settings;
use magisterium_core::serve::http::{path, WorkerRequest, WorkerResponse};

/// What an answer is written in.
#[derive(Debug)]
pub enum Answer {
    /// A2A 0.2.6 terms (the proxy's answers, the stand-in's, the upstream's): the door turns it
    /// into its own.
    Legacy(WorkerResponse),
    /// A 0.2.6 refusal made before the request was read (its id `null`): it gets the request's
    /// id when the exit knows it, then goes through the door like [`Answer::Legacy`].
    Refusal(WorkerResponse),
    /// A 1.0 JSON-RPC answer made at the front door (a request it refused): the HTTP+JSON door
    /// turns it into its own terms; for JSON-RPC it leaves as it is.
    V1(WorkerResponse),
    /// Already in the door's own terms (MCP's own answers, a refused 1.0 request, a card, a
    /// preflight, sign-in's pages): it leaves as it is.
    Own(WorkerResponse),
}

/// How one request's answers leave: the door it came in by, its JSON-RPC id and its `Origin`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Exit {
    door: Option<Door>,
    id: Value,
    origin: Option<String>,
    /// A proxied call's answers say where they came from (`x-magisterium-cache`).
    cache: Option<Mark>,
}

impl Exit {
    /// The exit of an answer in A2A 0.2.6 terms to a page of `origin` (or to no page).
    pub fn to(origin: Option<&str>) -> Self {
        Self {
            door: None,
            id: Value::Null,
            origin: origin.map(str::to_owned),
            cache: None,
        }
    }

    /// The exit of `request` as it came, before any routing: MCP for `/mcp`, the 1.0 door for
    /// an A2A 1.0 request (by its method, or by `A2A-Version` when the body cannot be read), the
    /// HTTP+JSON binding for a path below `/api/v1/a2a/`, else 0.2.6; with the request's JSON-RPC
    /// id when the body has one.
    pub fn of(request: &WorkerRequest) -> Self {
        let exit = Self::to(request.header("origin"));
        let id = || read_id(&request.body);
        match request.path.as_str() {
            path::MCP => exit.through(Door::McpRefusal).with_id(id()),
            path::RPC => match front_door::open(request) {
                Ok(Some(opened)) => exit.through(Door::A2a(opened.door)).with_id(id()),
                Ok(None) if !speaks_v1(request) => exit.with_id(id()),
                _ => exit.through(Door::A2a(FrontDoor::unread())).with_id(id()),
            },
            // The entry's own refusals of a REST call: errors, in the binding's terms.
            other if rest::rest_path(other).is_some() => {
                exit.through(Door::A2a(FrontDoor::unread().over_rest()))
            }
            _ => exit,
        }
    }

    /// The same exit through `door`.
    pub fn through(self, door: Door) -> Self {
        Self {
            door: Some(door),
            ..self
        }
    }

    /// The same exit for a proxied call's answers, which say `mark` in `x-magisterium-cache`.
    pub fn marked(self, mark: Mark) -> Self {
        Self {
            cache: Some(mark),
            ..self
        }
    }

    fn with_id(self, id: Value) -> Self {
        Self { id, ..self }
    }

    /// True when answers are turned into a door's terms (the request was rewritten as 0.2.6).
    pub fn has_door(&self) -> bool {
        self.door.is_some()
    }

    /// The answer as it leaves: in the door's terms, with `Cache-Control` and CORS.
    pub fn leave(&self, answer: Answer, settings: &Settings) -> WorkerResponse {
        let response = match answer {
            Answer::Own(response) => response,
            Answer::V1(response) => match &self.door {
                Some(door) => door.close_v1(response),
                None => response,
            },
            Answer::Legacy(response) => self.close(response),
            Answer::Refusal(response) => self.close(self.identified(response)),
        };
        let response = match self.cache {
            Some(mark) => response.with_header(CACHE_HEADER, mark.as_str()),
            None => response,
        };
        let response = if response.header("cache-control").is_none() {
            response.with_header("cache-control", "no-store")
        } else {
            response
        };
        settings.cors.decorate(response, self.origin.as_deref())
    }

    fn close(&self, response: WorkerResponse) -> WorkerResponse {
        match &self.door {
            Some(door) => door.close(response),
            None => response,
        }
    }

    /// A refusal with the request's id in place of `null`.
    fn identified(&self, mut response: WorkerResponse) -> WorkerResponse {
        if self.id.is_null() {
            return response;
        }
        if let Ok(Value::Object(mut body)) = serde_json::from_str::<Value>(&response.body) {
            if body.get("id").is_none_or(Value::is_null) {
                body.insert("id".into(), self.id.clone());
                response.body = Value::Object(body).to_string();
            }
        }
        response
    }
}

/// The JSON-RPC id of a request body, `null` when it has none or is not JSON.
fn read_id(body: &[u8]) -> Value {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(mut envelope)) => envelope.remove("id").unwrap_or(Value::Null),
        _ => Value::Null,
    }
}

/// True when the request says it speaks A2A 1.0 (`A2A-Version: 1.x`).
fn speaks_v1(request: &WorkerRequest) -> bool {
    request
        .header(VERSION_HEADER)
        .is_some_and(|v| v.trim().starts_with("1."))
}
