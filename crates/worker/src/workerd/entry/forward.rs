//! A planned upstream call, phase of a [`Call`]: the Rate Limiting binding, the document cache,
//! the account's budget object, the upstream call, and the app's judgement of its answer.

use std::rc::Rc;

use js_sys::Uint8Array;
use magisterium_platform::random::CryptoRandom;
use wasm_bindgen::JsValue;

use super::log::upstream_log;
use super::{answer, Call, Outcome, APP};
use crate::limits::Budgeted;
use crate::proxy::{ForwardPlan, Limit};
use crate::upstream::DOCUMENT_CACHE_SECONDS;
use crate::workerd::io::{self, UpstreamCall};

impl Call {
    /// A planned `message/send` / `tasks/*`: the Rate Limiting binding, the document cache, the
    /// account's budget, then the upstream call and the app's judgement of its answer.
    pub(super) async fn forward(
        &mut self,
        plan: ForwardPlan,
        env: &JsValue,
        body: &Uint8Array,
        token: Option<&str>,
    ) -> Result<Outcome, JsValue> {
        self.log.method = Some(plan.method.clone());
        self.log.skill.clone_from(&plan.skill);
        let settings = Rc::clone(&self.settings);
        let refused = |pool: &str, wait: Option<u64>, limit: Limit| {
            APP.with(|app| app.borrow().refused(&plan, pool, wait, limit, &settings))
        };
        for pool in &plan.binding_pools {
            let key = format!("{}:{pool}", plan.client_key);
            if !io::binding_allows(env, pool, &key).await? {
                self.log.limiter = Some(pool.clone());
                return Ok(answer(refused(pool, None, Limit::Client)));
            }
        }
        let cache = plan.cache.as_ref().and_then(|_| io::default_cache());
        if let (Some(cache), Some(fetch)) = (&cache, &plan.cache) {
            // An entry that cannot answer this call (not UTF-8, another format) is a miss.
            let entry = io::cached(cache, &fetch.key).await?;
            if let Some(entry) = entry.and_then(|e| String::from_utf8(e.to_vec()).ok()) {
                let response = APP.with(|app| {
                    app.borrow()
                        .from_cache(&plan, &entry, &settings, &mut CryptoRandom)
                });
                if let Some(response) = response {
                    self.log.cache = Some("hit");
                    return Ok(answer(response));
                }
            }
        }
        if let Some(account) = &plan.budget {
            // A budget object that fails (its RPC threw or was rejected) is not the Worker's 500:
            // the app answers a retryable 503, and nothing goes upstream.
            let taken = match io::take_budget(env, account, &plan.client_key, plan.is_qa).await {
                Ok(io::Budgeted::Go(unit)) => {
                    self.unit = unit;
                    Budgeted::Go
                }
                Ok(io::Budgeted::Refused(no)) => Budgeted::Refused {
                    pool: no.pool,
                    wait: no.wait,
                    limit: no.limit,
                },
                Err(_) => Budgeted::Failed,
            };
            self.log.limiter = match &taken {
                Budgeted::Go => None,
                Budgeted::Refused { pool, limit, .. } => {
                    Some(format!("budget:{}:{pool}", limit.name()))
                }
                Budgeted::Failed => Some("budget:unavailable".into()),
            };
            let said_no = APP.with(|app| app.borrow().budget_answer(&plan, taken, &settings));
            if let Some(response) = said_no {
                return Ok(answer(response));
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
        let finished = APP.with(|app| app.borrow().finish_answer(&plan, outcome, &settings));
        if plan.cache.is_some() {
            self.log.cache = Some("miss");
        }
        if let (Some(cache), Some(fetch), Some(entry)) = (&cache, &plan.cache, &finished.cache) {
            // The document alone (`document_cache::entry`), nothing of this caller's.
            let entry = Uint8Array::from(entry.as_bytes());
            let max_age = DOCUMENT_CACHE_SECONDS;
            self.later(&io::store(
                cache,
                &fetch.key,
                &entry,
                "application/json",
                max_age,
            )?);
        }
        self.log.rpc_error = finished.rpc_error;
        Ok(Outcome::Answer {
            body: finished.upstream_body.and(bytes),
            response: finished.response,
            rpc_error: finished.rpc_error,
        })
    }
}
