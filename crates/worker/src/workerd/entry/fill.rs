//! The account's budget, phase of a [`Call`]'s upstream call, for a cacheable miss that leads its
//! isolate (`workerd::coalesce`): it asks the budget object with its cache key, so identical
//! misses in other isolates share its one upstream call (`limits::fills`, `workerd::fills_object`).
//! The object lets it through and names it the key's holder (it reports what it keeps in the
//! cache, or nothing, as soon as it has the answer), refuses it, or, another call of the key
//! being out, makes it wait: it is then handed that call's cache entry (a hit of its own Task,
//! which it also keeps in its own location's cache), or asks again without the key. A call made on
//! a lease of the isolate (`limits::lease`: only when the account's minute has plenty of room)
//! does not ask the object, and goes alone.

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

use magisterium_core::serve::http::WorkerResponse;

use super::Call;
use crate::cache::Mark;
use crate::proxy::ForwardPlan;
use crate::workerd::bindings::{binding, BudgetStub, Cache, Context, Namespace};
use crate::workerd::budget_calls::{self, Budgeted};
use crate::workerd::coalesce::Lead;
use crate::workerd::io;

/// The holder of a key at its budget object: reports once, through [`Hold::report`] or, when
/// dropped before (a refusal, an error), with nothing kept, so the object's waiters go on at once
/// instead of at the key's deadline.
pub(super) struct Hold {
    stub: BudgetStub,
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
    /// Its answer ([`budget_calls::Budgeted`]), and the key it holds when it goes as the key's holder.
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
        let (client, is_qa) = (&plan.client_key, plan.is_qa);
        let keyed = store.zip(plan.cache.as_deref()).filter(|_| lead.is_some());
        let key = keyed.map(|(_, cached)| cached.key.as_str());
        let taken = match budget_calls::take_budget(env, account, client, is_qa, key).await? {
            Budgeted::Filled(entry) => {
                if let Some(hit) = self.filled(plan, keyed, lead, &entry)? {
                    return Ok(Taken::Hit(hit));
                }
                budget_calls::take_budget(env, account, client, is_qa, None).await?
            }
            taken => taken,
        };
        let fill = match &taken {
            Budgeted::Go(Some(unit)) => unit.fill.clone(),
            _ => None,
        };
        let hold = fill
            .zip(binding(env, "BUDGET"))
            .map(|((key, holder), namespace)| {
                let namespace: Namespace = namespace.unchecked_into();
                Hold {
                    stub: namespace
                        .get(&namespace.id_from_name(account))
                        .unchecked_into(),
                    key,
                    holder,
                    ctx: self.ctx.clone(),
                    reported: false,
                }
            });
        Ok(Taken::Budget(taken, hold))
    }

    /// The answer another call of the key gave this caller while it waited (`entry`: the cache
    /// entry it kept), kept in this location's cache too (the holder may have filled another's)
    /// and handed to this isolate's own waiters; `None` when the entry cannot answer this call.
    fn filled(
        &mut self,
        plan: &ForwardPlan,
        keyed: Option<(&Cache, &crate::cache::Cached)>,
        lead: &mut Option<Lead>,
        entry: &str,
    ) -> Result<Option<WorkerResponse>, JsValue> {
        let (Some((store, cached)), Some(hit)) =
            (keyed, self.cached_answer(plan, Some(entry), Mark::Hit))
        else {
            return Ok(None);
        };
        self.log.coalesced = true;
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
            lead.done(Some(entry), Some(put));
        }
        Ok(Some(hit))
    }
}
