//! The upstream-budget Durable Object (`BUDGET` binding, class `UpstreamBudget`): one per account,
//! named by [`super::budget::account_key`], so every isolate of every location takes its calls
//! from one [`Budget`]. The windows live in the object's memory: an object is evicted only after
//! it has been idle for longer than a window, when they are empty anyway (a deploy or a crash
//! restarts them early; the upstream's own 429 then still reaches the client intact).
//!
//! The protocol, for the entry: `POST /take` with headers `x-client` (the caller's client key) and
//! `x-qa: 1` for a `catholic_qa`. The answer is 204 when the call may go, or 429 with
//! `{ "pool": "default" | "catholic_qa", "retryAfterSeconds": n }` when it may not.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::{Request, Response, ResponseInit};

use super::bindings::settings_of;
use super::budget::Budget;

/// The refusal the object answers with.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Refused {
    pool: &'static str,
    retry_after_seconds: u64,
}

/// One account's upstream budget, as a Durable Object class (workerd constructs it with the
/// object's state and the Worker's env).
#[wasm_bindgen]
pub struct UpstreamBudget {
    budget: Budget,
}

impl std::fmt::Debug for UpstreamBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UpstreamBudget").finish_non_exhaustive()
    }
}

#[wasm_bindgen]
impl UpstreamBudget {
    /// The object for the Worker's `env` (the limits); its state is not used.
    #[wasm_bindgen(constructor)]
    pub fn new(_state: JsValue, env: JsValue) -> UpstreamBudget {
        UpstreamBudget {
            budget: Budget::new(&settings_of(&env)),
        }
    }

    /// Takes one call from the budget (see the module's protocol).
    pub fn fetch(&mut self, request: Request) -> Result<Response, JsValue> {
        let headers = request.headers();
        let client = headers.get("x-client")?.unwrap_or_default();
        let is_qa = headers.get("x-qa")?.as_deref() == Some("1");
        let taken = self.budget.take(&client, is_qa, js_sys::Date::now());
        let init = ResponseInit::new();
        match taken {
            Ok(()) => {
                init.set_status(204);
                Response::new_with_opt_str_and_init(None, &init)
            }
            Err(refusal) => {
                init.set_status(429);
                let body = serde_json::to_string(&Refused {
                    pool: refusal.pool.name(),
                    retry_after_seconds: refusal.retry_after_secs,
                })
                .unwrap_or_default();
                Response::new_with_opt_str_and_init(Some(&body), &init)
            }
        }
    }
}
