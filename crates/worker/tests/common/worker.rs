//! A Worker app driven natively, request by request, with a fixed clock and seeded ids.
#![allow(dead_code)]

use magisterium_core::ids::SeededRandom;
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
use magisterium_worker::app::{App, Route};
use magisterium_worker::settings::Settings;
use serde_json::{json, Value};
use std::collections::HashMap;

pub const NOW: f64 = 1_796_083_200_000.0; // 2026-12-01T00:00:00Z, a Tuesday

pub struct Harness {
    pub app: App,
    pub settings: Settings,
    pub random: SeededRandom,
    pub now: f64,
}

impl Harness {
    pub fn new(vars: &[(&str, &str)]) -> Self {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Self {
            app: App::new(),
            settings: Settings::from_vars(|name| vars.get(name).cloned()),
            random: SeededRandom(7),
            now: NOW,
        }
    }

    /// How the app routes a request (a plan, or an answer of its own).
    pub fn route(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> Route {
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        let req = WorkerRequest {
            method: method.into(),
            path: path.into(),
            query: query.into(),
            origin: "http://127.0.0.1:8787".into(),
            headers: headers
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
            body: body.as_bytes().to_vec(),
            client_key: "tester".into(),
            now_ms: self.now,
            account: None,
        };
        self.app
            .handle(&req, &self.settings, &mut self.random, false)
    }

    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> WorkerResponse {
        match self.route(method, path, headers, body) {
            Route::Respond(r) => r,
            other => panic!("{path} routed to {other:?}"),
        }
    }

    pub fn rpc(&mut self, body: Value, headers: &[(&str, &str)]) -> (WorkerResponse, Value) {
        let r = self.request("POST", "/api/v1/a2a", headers, &body.to_string());
        let v = serde_json::from_str(&r.body).unwrap();
        (r, v)
    }

    pub fn send(&mut self, skill: &str, parts: Value) -> (WorkerResponse, Value) {
        let body = json!({"jsonrpc": "2.0", "id": "r1", "method": "message/send", "params": {"message": {
            "role": "user", "kind": "message", "messageId": "m1", "parts": parts, "metadata": {"skillId": skill}}}});
        self.rpc(body, &[])
    }
}
