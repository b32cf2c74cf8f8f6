//! A planned upstream call, phase of a [`Call`]: the Rate Limiting binding, the answer cache
//! (a hit, or one upstream call shared by identical misses: in the isolate, and across isolates
//! through the account's budget object, [`super::fill`]), the account's budget object, the
//! upstream call, the app's judgement of its answer, and a stale answer instead of a refusal or
//! a failure.

use std::rc::Rc;

use js_sys::Uint8Array;
use magisterium_platform::random::CryptoRandom;
use wasm_bindgen::JsValue;

use magisterium_core::serve::http::WorkerResponse;

use super::fill::Taken;
use super::log::upstream_log;
use super::{answer, Call, Outcome, APP};
use crate::cache::{self, entries as cache_entry, Age, Mark};
use crate::limits::Budgeted;
use crate::proxy::{ForwardPlan, Limit};
use crate::workerd::budget_calls;
use crate::workerd::coalesce;
use crate::workerd::io::{self, UpstreamCall};

impl Call {
    /// A planned `message/send` / `tasks/*`: the Rate Limiting binding, the answer cache, the
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
        let store = plan.cache.as_ref().and_then(|_| io::default_cache());
        // A fresh entry answers; an expired one within its stale window is kept aside, to answer
        // instead of a refusal or a failure; identical misses share one upstream call.
        let mut stale = None;
        let mut lead = None;
        // This call's hold of its key at the account's budget object (`fill`), if it has one.
        let mut hold = None;
        if let (Some(store), Some(cached)) = (&store, plan.cache.as_deref()) {
            let entry = io::cached(store, &cached.key).await?;
            let entry = entry.and_then(|e| String::from_utf8(e.to_vec()).ok());
            let age = entry.as_deref().and_then(cache_entry::stored_at);
            match age.map(|at| cache::age(&cached.rule, at, js_sys::Date::now())) {
                Some(Age::Fresh) => {
                    if let Some(hit) = self.cached_answer(&plan, entry.as_deref(), Mark::Hit) {
                        return Ok(answer(hit));
                    }
                }
                Some(Age::Stale) => stale = entry,
                _ => {}
            }
            match coalesce::turn(&cached.key).await {
                coalesce::Turn::Lead(leader) => lead = Some(leader),
                coalesce::Turn::Waited(kept) => {
                    if let Some(hit) = self.cached_answer(&plan, kept.as_deref(), Mark::Hit) {
                        self.log.coalesced = true;
                        return Ok(answer(hit));
                    }
                }
            }
        }
        if let Some(account) = &plan.budget {
            // A budget object that fails (its RPC threw or was rejected) is not the Worker's 500:
            // the app answers a retryable 503, and nothing goes upstream.
            let asked = self
                .take_budget(env, &plan, account, store.as_ref(), &mut lead)
                .await;
            let asked = match asked {
                Ok(Taken::Hit(hit)) => return Ok(answer(hit)),
                Ok(Taken::Budget(budgeted, held)) => {
                    hold = held;
                    Ok(budgeted)
                }
                Err(e) => Err(e),
            };
            let taken = match asked {
                Ok(budget_calls::Budgeted::Go(unit)) => {
                    self.unit = unit;
                    Budgeted::Go
                }
                Ok(budget_calls::Budgeted::Refused(no)) => Budgeted::Refused {
                    pool: no.pool,
                    wait: no.wait,
                    limit: no.limit,
                },
                // `Filled` comes only from an ask with a key, which `take_budget` answers itself.
                Ok(budget_calls::Budgeted::Filled(_)) | Err(_) => Budgeted::Failed,
            };
            self.log.limiter = match &taken {
                Budgeted::Go => None,
                Budgeted::Refused { pool, limit, .. } => {
                    Some(format!("budget:{}:{pool}", limit.name()))
                }
                Budgeted::Failed => Some("budget:unavailable".into()),
            };
            let may_be_stale = cache::stale_after_budget(&taken);
            let said_no = APP.with(|app| app.borrow().budget_answer(&plan, taken, &settings));
            if let Some(response) = said_no {
                if let (true, Some(old)) = (
                    may_be_stale,
                    self.cached_answer(&plan, stale.as_deref(), Mark::Stale),
                ) {
                    return Ok(answer(old));
                }
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
        if let Some(mut hold) = hold {
            hold.report(finished.cache.as_deref());
        }
        let mut stored = None;
        if let Some(cached) = plan.cache.as_deref() {
            self.log.cache = Some(Mark::Miss.as_str());
            if let (Some(store), Some(entry)) = (&store, &finished.cache) {
                // The artifacts alone (`cache::entries`), nothing of this caller's.
                let bytes = Uint8Array::from(entry.as_bytes());
                let max_age = cached.max_age_secs();
                let put = io::store(store, &cached.key, &bytes, "application/json", max_age)?;
                self.later(&put);
                stored = Some(put);
            }
        }
        if let Some(leader) = lead {
            leader.done(finished.cache.as_deref(), stored);
        }
        let failed = cache::stale_after_answer(finished.response.status, finished.rpc_error);
        if let (true, Some(old)) = (
            failed,
            self.cached_answer(&plan, stale.as_deref(), Mark::Stale),
        ) {
            return Ok(answer(old));
        }
        self.log.rpc_error = finished.rpc_error;
        Ok(Outcome::Answer {
            body: finished.upstream_body.and(bytes),
            response: finished.response,
            rpc_error: finished.rpc_error,
        })
    }
}

impl Call {
    /// The answer the cache `entry` gives `plan`'s caller, marked `mark` (logged, and counted
    /// per skill); `None` without an entry, or when it cannot answer this call.
    pub(super) fn cached_answer(
        &mut self,
        plan: &ForwardPlan,
        entry: Option<&str>,
        mark: Mark,
    ) -> Option<WorkerResponse> {
        let settings = Rc::clone(&self.settings);
        let response = APP.with(|app| {
            app.borrow()
                .from_cache(plan, entry?, mark, &settings, &mut CryptoRandom)
        })?;
        self.log.cache = Some(mark.as_str());
        Some(response)
    }
}
