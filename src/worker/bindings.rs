//! The Worker's wasm-bindgen surface: the JavaScript entry (`src/worker/entry.js`) hands each
//! request over as plain values and writes back what Rust answers. No logic here.

use std::collections::HashMap;

use js_sys::{Array, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;

use super::app::{App, Route};
use super::http::WorkerRequest;
use super::ids::Random;
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
    Reflect::get(obj, &key.into()).ok().and_then(|v| v.as_string()).unwrap_or_default()
}

fn pairs(value: &JsValue) -> Vec<(String, String)> {
    Array::from(value)
        .iter()
        .filter_map(|pair| {
            let pair = Array::from(&pair);
            Some((pair.get(0).as_string()?.to_ascii_lowercase(), pair.get(1).as_string()?))
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
        WorkerApp { app: App::new() }
    }

    /// True for the paths the Worker answers itself (the rest are static assets).
    #[wasm_bindgen(js_name = isApiPath)]
    pub fn is_api_path(path: &str) -> bool {
        App::is_api_path(path)
    }

    /// The request body cap configured in `env` (`MAX_BODY_BYTES`, default 64 KiB).
    #[wasm_bindgen(js_name = maxBodyBytes)]
    pub fn max_body_bytes(env: &JsValue) -> f64 {
        Settings::from_vars(&vars(env)).max_body_bytes as f64
    }

    /// Handles `{ method, path, origin, headers: [name, value][], body: Uint8Array, clientKey,
    /// nowMs }` with the Worker's `env`; returns `{ status, headers, body }`, or `null` for a
    /// static asset.
    pub fn handle(&mut self, request: &JsValue, env: &JsValue) -> JsValue {
        let req = WorkerRequest {
            method: string(request, "method"),
            path: string(request, "path"),
            origin: string(request, "origin"),
            headers: pairs(&Reflect::get(request, &"headers".into()).unwrap_or(JsValue::UNDEFINED)),
            body: Reflect::get(request, &"body".into())
                .ok()
                .filter(|b| b.is_object())
                .map(|b| Uint8Array::new(&b).to_vec())
                .unwrap_or_default(),
            client_key: string(request, "clientKey"),
            now_ms: Reflect::get(request, &"nowMs".into()).ok().and_then(|n| n.as_f64()).unwrap_or(0.0),
        };
        let settings = Settings::from_vars(&vars(env));
        match self.app.handle(&req, &settings, &mut CryptoRandom) {
            Route::Asset => JsValue::NULL,
            Route::Respond(response) => {
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
        }
    }
}

impl Default for WorkerApp {
    fn default() -> Self {
        Self::new()
    }
}
