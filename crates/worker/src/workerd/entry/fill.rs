//! The account's budget, phase of a [`Call`]'s upstream call, for a cacheable miss that leads its
//! isolate (`workerd::coalesce`): it asks the budget object with its cache key, so identical
//! misses in other isolates share its one upstream call (`limits::fills`, `workerd::fills_object`).
//! The object lets it through and names it the key's holder (it reports what it keeps in the
//! cache, or nothing, as soon as it has the answer), refuses it, or, another call of the key
//! being out, makes it wait: it is then handed that call's cache entry (a hit of its own Task,
//! which it also keeps in its own location's cache), or asks again without the key.

use js_sys::{Promise, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use magisterium_core::serve::http::WorkerResponse;

use super::Call;
use crate::cache::Mark;
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
    /// the holder's cache entry (a string), or `false` (the holder kept nothing).
    #[wasm_bindgen(method)]
    fn take(this: &FillStub, client: &str, is_qa: bool, want: u32, key: &str) -> Promise;
    /// The holder `holder` of `key` is done: `entry` is what it keeps in the cache, if anything.
    #[wasm_bindgen(method)]
    fn filled(this: &FillStub, key: &str, holder: f64, entry: Option<&str>) -> Promise;
}

/// The holder of a key at its budget object: reports once, through [`Hold::report`] or, when
/// dropped before (a refusal, an error), with nothing kept, so the object's waiters go on at once
/// instead of at the key's deadline.
#[derive(Debug)]
pub(super) struct Hold {
    stub: FillStub,
    key: String,
    holder: f64,
    ctx: JsValue,
    reported: bool,
}

impl Hold {
    /// Hands `entry`, what this call keeps in the cache (`None`: nothing), to the key's waiters.
    /// The report goes on after the response (`ctx.waitUntil`).
    pub(super) fn report(&mut self, entry: Option<&str>) {
        if std::mem::replace(&mut self.reported, true) {
            return;
        }
        let sent = self.stub.filled(&self.key, self.holder, entry);
        if self.ctx.is_object() {
            self.ctx.unchecked_ref::<Context>().wait_until(&sent);
        }
    }
}

impl Drop for Hold {
    fn drop(&mut self) {
        self.report(None);
    }
}

/// What the budget said about a call.
pub(super) enum Taken {
    /// Its answer ([`io::Budgeted`]), and the key it holds when it goes as the key's holder.
    Budget(Budgeted, Option<Hold>),
    /// Another call of the key filled the cache: this caller's hit.
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
        if let (Some(store), true) = (store, lead.is_some()) {
            if let Some(taken) = self.take_keyed(env, plan, account, store, lead).await? {
                return Ok(taken);
            }
        }
        let taken = io::take_budget(env, account, &plan.client_key, plan.is_qa).await?;
        Ok(Taken::Budget(taken, None))
    }

    /// The keyed ask of [`Call::take_budget`]; `None`: the call asks again without its key (the
    /// call of the key out kept nothing, or the grant came too late), or there was no budget
    /// object.
    async fn take_keyed(
        &mut self,
        env: &JsValue,
        plan: &ForwardPlan,
        account: &str,
        store: &Cache,
        lead: &mut Option<Lead>,
    ) -> Result<Option<Taken>, JsValue> {
        let (Some(cached), Some(namespace)) = (plan.cache.as_deref(), binding(env, "BUDGET"))
        else {
            return Ok(None);
        };
        let namespace: Namespace = namespace.unchecked_into();
        let stub: FillStub = namespace
            .get(&namespace.id_from_name(account))
            .unchecked_into();
        let sent = js_sys::Date::now();
        let asked = stub.take(&plan.client_key, plan.is_qa, 0, &cached.key);
        let answer = JsFuture::from(asked).await?;
        let field = |name: &str| js_sys::Reflect::get(&answer, &name.into()).unwrap_or_default();
        if let Some(entry) = answer.as_string() {
            let Some(hit) = self.cached_answer(plan, Some(&entry), Mark::Hit) else {
                return Ok(None);
            };
            self.log.coalesced = true;
            // Kept here too: the holder may have filled another location's cache.
            let bytes = Uint8Array::from(entry.as_bytes());
            let put = io::store(
                store,
                &cached.key,
                &bytes,
                "application/json",
                cached.max_age_secs(),
            )?;
            self.later(&put);
            if let Some(lead) = lead.take() {
                lead.done(Some(&entry), Some(put));
            }
            return Ok(Some(Taken::Hit(hit)));
        }
        let Some(at_ms) = field("at").as_f64().filter(|at| at.is_finite()) else {
            if field("pool").is_string() {
                let refused = Budgeted::Refused(io::refusal(&answer)?);
                return Ok(Some(Taken::Budget(refused, None)));
            }
            // Open: the call of the key out kept nothing.
            return Ok(None);
        };
        let hold = field("fill").as_f64().map(|holder| Hold {
            stub,
            key: cached.key.clone(),
            holder,
            ctx: self.ctx.clone(),
            reported: false,
        });
        let unit = Unit {
            account: account.to_owned(),
            client: plan.client_key.clone(),
            is_qa: plan.is_qa,
            at_ms,
        };
        if js_sys::Date::now() < sent + USE_MS {
            return Ok(Some(Taken::Budget(Budgeted::Go(Some(unit)), hold)));
        }
        // Too late to go on (budget.rs, "Grants"): the call goes back and the key is let go.
        drop(hold);
        io::give_back(env, &unit).await;
        Ok(None)
    }
}
