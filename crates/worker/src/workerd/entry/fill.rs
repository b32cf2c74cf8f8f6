//! The account's budget, phase of a [`Call`]'s upstream call, for a cacheable miss that leads its
//! isolate (`workerd::coalesce`): it asks the budget object with its cache key, so identical
//! misses in other isolates share its one upstream call (`limits::fills`, `workerd::fills_object`).
//! The object lets it through and names it the key's holder (it reports the answer kept, or not,
//! when it is done), refuses it, or, another call of the key being out, makes it wait: it then
//! reads the cache the other call filled (a hit of its own Task), or asks again without the key.

use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use magisterium_core::serve::http::WorkerResponse;

use super::Call;
use crate::cache::{self, entries as cache_entry, Age, Mark};
use crate::limits::budget::USE_MS;
use crate::proxy::ForwardPlan;
use crate::workerd::bindings::{binding, Cache, Context, Namespace};
use crate::workerd::coalesce::Lead;
use crate::workerd::io::{self, Budgeted, Unit};

#[wasm_bindgen]
extern "C" {
    /// The budget object's stub (`UpstreamBudget` in `entry.js`), for a cacheable miss.
    #[derive(Debug, Clone)]
    type FillStub;
    /// Takes one call of `client` for the cache key `key`: `{ lease, at, fill }` when it goes
    /// and holds the key, `{ pool, retryAfterSeconds, limit }` when refused, or after a wait
    /// `{ filled: true }` / `{ open: true }`.
    #[wasm_bindgen(method)]
    fn take(this: &FillStub, client: &str, is_qa: bool, want: u32, key: &str) -> Promise;
    /// The holder `holder` of `key` is done: its answer is in the cache when `filled`.
    #[wasm_bindgen(method)]
    fn filled(this: &FillStub, key: &str, holder: f64, filled: bool) -> Promise;
}

/// The holder of a key at its budget object: reports when dropped, filled once the cache write
/// given to [`Hold::filled`] is done, else not filled (no answer kept, a refusal, an error), so
/// the object's waiters go on at once instead of at the key's deadline.
#[derive(Debug)]
pub(super) struct Hold {
    stub: FillStub,
    key: String,
    holder: f64,
    ctx: JsValue,
    stored: Option<Promise>,
}

impl Hold {
    /// The answer is being written to the cache by `stored`.
    pub(super) fn filled(mut self, stored: Promise) {
        self.stored = Some(stored);
    }
}

impl Drop for Hold {
    fn drop(&mut self) {
        let (stub, key, holder) = (
            self.stub.clone(),
            std::mem::take(&mut self.key),
            self.holder,
        );
        let stored = self.stored.take();
        let report = wasm_bindgen_futures::future_to_promise(async move {
            let filled = match stored {
                Some(stored) => JsFuture::from(stored).await.is_ok(),
                None => false,
            };
            JsFuture::from(stub.filled(&key, holder, filled)).await
        });
        if self.ctx.is_object() {
            self.ctx.unchecked_ref::<Context>().wait_until(&report);
        }
    }
}

/// What the budget said about a call.
pub(super) enum Taken {
    /// Its answer ([`io::Budgeted`]), and the key it holds when it goes as the key's holder.
    Budget(Budgeted, Option<Hold>),
    /// Another isolate's call of the key filled the cache: this caller's hit.
    Hit(WorkerResponse),
}

impl Call {
    /// Takes `plan`'s call from the budget object of `account`: with its cache key when `lead`
    /// leads this isolate's misses of a cacheable key and the cache `store` is there.
    pub(super) async fn take_budget(
        &mut self,
        env: &JsValue,
        plan: &ForwardPlan,
        account: &str,
        store: Option<&Cache>,
        lead: &mut Option<Lead>,
    ) -> Result<Taken, JsValue> {
        let plain = || io::take_budget(env, account, &plan.client_key, plan.is_qa);
        let (Some(store), Some(cached), Some(namespace), true) = (
            store,
            plan.cache.as_deref(),
            binding(env, "BUDGET"),
            lead.is_some(),
        ) else {
            return Ok(Taken::Budget(plain().await?, None));
        };
        let namespace: Namespace = namespace.unchecked_into();
        let stub: FillStub = namespace
            .get(&namespace.id_from_name(account))
            .unchecked_into();
        let sent = js_sys::Date::now();
        let answer =
            JsFuture::from(stub.take(&plan.client_key, plan.is_qa, 0, &cached.key)).await?;
        let field = |name: &str| js_sys::Reflect::get(&answer, &name.into()).unwrap_or_default();
        if field("filled").is_truthy() {
            let entry = io::cached(store, &cached.key).await?;
            let entry = entry.and_then(|e| String::from_utf8(e.to_vec()).ok());
            let at = entry.as_deref().and_then(cache_entry::stored_at);
            let fresh = at.map(|at| cache::age(&cached.rule, at, js_sys::Date::now()));
            if fresh == Some(Age::Fresh) {
                if let Some(hit) = self.cached_answer(plan, entry.as_deref(), Mark::Hit) {
                    self.log.coalesced = true;
                    if let Some(lead) = lead.take() {
                        lead.done(entry.as_deref(), None);
                    }
                    return Ok(Taken::Hit(hit));
                }
            }
        }
        let Some(at_ms) = field("at").as_f64().filter(|at| at.is_finite()) else {
            if field("pool").is_string() {
                return Ok(Taken::Budget(
                    Budgeted::Refused(io::refusal(&answer)?),
                    None,
                ));
            }
            // Filled but not found in the cache, or open (the holder kept nothing): a call of
            // its own.
            return Ok(Taken::Budget(plain().await?, None));
        };
        let hold = field("fill").as_f64().map(|holder| Hold {
            stub,
            key: cached.key.clone(),
            holder,
            ctx: self.ctx.clone(),
            stored: None,
        });
        let unit = Unit {
            account: account.to_owned(),
            client: plan.client_key.clone(),
            is_qa: plan.is_qa,
            at_ms,
        };
        if js_sys::Date::now() < sent + USE_MS {
            return Ok(Taken::Budget(Budgeted::Go(Some(unit)), hold));
        }
        // Too late to go on (budget.rs, "Grants"): the call goes back, the key is let go, and
        // the call asks again as any call does.
        drop(hold);
        io::give_back(env, &unit).await;
        Ok(Taken::Budget(plain().await?, None))
    }
}
