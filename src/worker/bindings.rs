//! The Worker's wasm-bindgen surface: the JavaScript entry (`src/worker/entry.js`) hands each
//! request over as plain values and writes back what Rust answers. No logic here.

use std::collections::HashMap;

use js_sys::{Array, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;

use super::app::{App, Route};
use super::http::{WorkerRequest, WorkerResponse};
use super::ids::Random;
use super::proxy::{ForwardPlan, UpstreamOutcome};
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

fn string(obj: &JsValue, key: &str) -> String {
    Reflect::get(obj, &key.into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

fn pairs(value: &JsValue) -> Vec<(String, String)> {
    Array::from(value)
        .iter()
        .filter_map(|pair| {
            let pair = Array::from(&pair);
            Some((
                pair.get(0).as_string()?.to_ascii_lowercase(),
                pair.get(1).as_string()?,
            ))
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

/// One Worker isolate: create it once at global scope.
#[wasm_bindgen]
pub struct WorkerApp {
    app: App,
    /// The settings of the last `env` seen: read once per isolate, not on every call.
    settings: Option<(JsValue, Settings)>,
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
        }
    }

    /// True for the paths the Worker answers itself (the rest are static assets).
    #[wasm_bindgen(js_name = isApiPath)]
    pub fn is_api_path(path: &str) -> bool {
        App::is_api_path(path)
    }

    /// The request body cap configured in `env` (`MAX_BODY_BYTES`, default 64 KiB).
    #[wasm_bindgen(js_name = maxBodyBytes)]
    pub fn max_body_bytes(&mut self, env: &JsValue) -> f64 {
        self.settings(env).max_body_bytes as f64
    }

    /// Handles `{ method, path, origin, headers: [name, value][], body: Uint8Array, clientKey,
    /// nowMs }` with the Worker's `env`. Returns `{ kind: "respond", response }`, `{ kind:
    /// "asset" }`, `{ kind: "forward", plan, planJson }` or `{ kind: "card", url }`.
    pub fn handle(&mut self, request: &JsValue, env: &JsValue, has_binding: bool) -> JsValue {
        let req = WorkerRequest {
            method: string(request, "method"),
            path: string(request, "path"),
            query: string(request, "query"),
            origin: string(request, "origin"),
            headers: pairs(&Reflect::get(request, &"headers".into()).unwrap_or(JsValue::UNDEFINED)),
            body: Reflect::get(request, &"body".into())
                .ok()
                .filter(|b| b.is_object())
                .map(|b| Uint8Array::new(&b).to_vec())
                .unwrap_or_default(),
            client_key: string(request, "clientKey"),
            now_ms: Reflect::get(request, &"nowMs".into())
                .ok()
                .and_then(|n| n.as_f64())
                .unwrap_or(0.0),
        };
        let settings = self.settings(env).clone();
        let out = Object::new();
        let set = |k: &str, v: &JsValue| {
            let _ = Reflect::set(&out, &k.into(), v);
        };
        match self
            .app
            .handle(&req, &settings, &mut CryptoRandom, has_binding)
        {
            Route::Asset => set("kind", &"asset".into()),
            Route::Respond(response) => {
                set("kind", &"respond".into());
                set("response", &response_js(response));
            }
            Route::Forward(plan) => {
                set("kind", &"forward".into());
                set(
                    "planJson",
                    &serde_json::to_string(&plan).unwrap_or_default().into(),
                );
                set("timeoutMs", &(plan.timeout_ms as f64).into());
                set("maxUpstreamBytes", &(plan.max_upstream_bytes as f64).into());
                set("upstreamUrl", &plan.upstream_url.clone().into());
                set(
                    "cacheKey",
                    &plan.cache_key.clone().map_or(JsValue::NULL, Into::into),
                );
                let pools: Array = plan
                    .binding_pools
                    .iter()
                    .map(|p| JsValue::from(p.as_str()))
                    .collect();
                set("bindingPools", &pools);
                set("clientKey", &plan.client_key.clone().into());
                set(
                    "skill",
                    &plan.skill.clone().map_or(JsValue::NULL, Into::into),
                );
                set("method", &plan.method.clone().into());
            }
            Route::FetchCard(url) => {
                set("kind", &"card".into());
                set("url", &url.into());
            }
        }
        out.into()
    }

    /// The answer after the upstream call: `outcome` is `{ kind: "answer", status, headers, body }`,
    /// `{ kind: "timeout" }`, `{ kind: "unreachable" }` or `{ kind: "tooLarge" }`. Returns
    /// `{ response, cache }` (`cache`: the text to store under the plan's key, or null).
    pub fn finish(
        &mut self,
        plan_json: &str,
        outcome: &JsValue,
        env: &JsValue,
        origin: Option<String>,
    ) -> JsValue {
        let settings = self.settings(env).clone();
        let out = Object::new();
        let Ok(plan) = serde_json::from_str::<ForwardPlan>(plan_json) else {
            return out.into();
        };
        let (response, cache) = self.app.finish(
            &plan,
            upstream_outcome(outcome),
            &settings,
            origin.as_deref(),
        );
        let _ = Reflect::set(&out, &"response".into(), &response_js(response));
        let _ = Reflect::set(
            &out,
            &"cache".into(),
            &cache.map_or(JsValue::NULL, Into::into),
        );
        out.into()
    }

    /// The answer from a cached result.
    #[wasm_bindgen(js_name = fromCache)]
    pub fn from_cache(
        &mut self,
        plan_json: &str,
        cached: &str,
        env: &JsValue,
        origin: Option<String>,
    ) -> JsValue {
        let settings = self.settings(env).clone();
        match serde_json::from_str::<ForwardPlan>(plan_json) {
            Ok(plan) => {
                response_js(
                    self.app
                        .from_cache(&plan, cached, &settings, origin.as_deref()),
                )
            }
            Err(_) => JsValue::NULL,
        }
    }

    /// The 429 answer when the Rate Limiting binding refused `pool`.
    #[wasm_bindgen(js_name = bindingRefused)]
    pub fn binding_refused(
        &mut self,
        plan_json: &str,
        pool: &str,
        env: &JsValue,
        origin: Option<String>,
    ) -> JsValue {
        let settings = self.settings(env).clone();
        match serde_json::from_str::<ForwardPlan>(plan_json) {
            Ok(plan) => {
                response_js(
                    self.app
                        .binding_refused(&plan, pool, &settings, origin.as_deref()),
                )
            }
            Err(_) => JsValue::NULL,
        }
    }

    /// The proxy's agent card from the upstream's (`outcome` as in `finish`).
    pub fn card(
        &mut self,
        outcome: &JsValue,
        own_origin: &str,
        env: &JsValue,
        origin: Option<String>,
    ) -> JsValue {
        let settings = self.settings(env).clone();
        response_js(self.app.card(
            upstream_outcome(outcome),
            own_origin,
            &settings,
            origin.as_deref(),
        ))
    }
}

fn response_js(response: WorkerResponse) -> JsValue {
    let out = Object::new();
    let headers: Array = response
        .headers
        .into_iter()
        .map(|(k, v)| Array::of2(&k.into(), &v.into()))
        .collect();
    let _ = Reflect::set(&out, &"status".into(), &response.status.into());
    let _ = Reflect::set(&out, &"headers".into(), &headers);
    let _ = Reflect::set(&out, &"body".into(), &response.body.into());
    out.into()
}

fn upstream_outcome(outcome: &JsValue) -> UpstreamOutcome {
    match string(outcome, "kind").as_str() {
        "answer" => UpstreamOutcome::Answer {
            status: Reflect::get(outcome, &"status".into())
                .ok()
                .and_then(|s| s.as_f64())
                .map_or(502, |s| s as u16),
            headers: pairs(&Reflect::get(outcome, &"headers".into()).unwrap_or(JsValue::UNDEFINED)),
            body: Reflect::get(outcome, &"body".into())
                .ok()
                .filter(|b| b.is_object())
                .map(|b| Uint8Array::new(&b).to_vec())
                .unwrap_or_default(),
        },
        "timeout" => UpstreamOutcome::Timeout,
        "tooLarge" => UpstreamOutcome::TooLarge,
        _ => UpstreamOutcome::Unreachable,
    }
}

impl WorkerApp {
    /// The settings for `env`, parsed again only when the Worker hands over another `env` object.
    fn settings(&mut self, env: &JsValue) -> &Settings {
        if !matches!(&self.settings, Some((seen, _)) if Object::is(seen, env)) {
            self.settings = None;
        }
        &self
            .settings
            .get_or_insert_with(|| (env.clone(), Settings::from_vars(&vars(env))))
            .1
    }
}

impl Default for WorkerApp {
    fn default() -> Self {
        Self::new()
    }
}
