//! The Worker's calls to an upstream account's budget object (`UpstreamBudget`, binding
//! `BUDGET`): take one call (or one of a lease the object gave this isolate), give one back. The
//! object decides (src/limits/budget.rs); this only asks and reads its answers.

use std::cell::RefCell;

use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::limits::lease::{Leases, Next};
use crate::proxy::Limit;
use crate::workerd::bindings::{binding, BudgetStub, Namespace};

/// A budget object's refusal: the full pool, the whole seconds until a slot frees up, and the
/// limit that refused (the client's share, the account's budget).
#[derive(Debug)]
pub struct BudgetRefusal {
    /// The full pool (`"default"`, `"catholic_qa"`).
    pub pool: String,
    /// Whole seconds until a slot frees up, when the object said.
    pub wait: Option<u64>,
    /// Which limit refused.
    pub limit: Limit,
}

thread_local! {
    /// The budget objects' leases this isolate holds.
    static LEASES: RefCell<Leases> = RefCell::default();
}

/// What the budget said about a call.
#[derive(Debug)]
pub enum Budgeted {
    /// It may go: on a grant of the object (the unit to give back should the service refuse the
    /// call as unauthorized), or on a lease or with no budget object (`None`).
    Go(Option<Unit>),
    /// It may not.
    Refused(BudgetRefusal),
    /// It waited for another call of its key, which kept this cache entry: no call goes.
    Filled(String),
}

/// One call a budget object let through: whose, and the time its grant counts at (the object's
/// clock), which names it to [`give_back`].
#[derive(Debug)]
pub struct Unit {
    account: String,
    client: String,
    is_qa: bool,
    at_ms: f64,
    /// The cache key this call holds at the object, and its name there, for a cacheable miss
    /// let through as the key's holder (its report: `entry::fill`).
    pub fill: Option<(String, f64)>,
}

/// Takes one call of `client` from the budget object `account` (its typed RPC method `take`), or
/// from a lease the object gave this isolate before. An answer later than half a second after
/// its ask is not used (budget.rs, "Grants"): its call is given back, and the call asks once
/// more, then fails. A cacheable miss asks with its cache `key` (limits/fills.rs): let through,
/// it holds the key ([`Unit::fill`]); another call of the key out, it waits and gets that call's
/// entry ([`Budgeted::Filled`]), or nothing, and asks again without the key.
pub async fn take_budget(
    env: &JsValue,
    account: &str,
    client: &str,
    is_qa: bool,
    mut key: Option<&str>,
) -> Result<Budgeted, JsValue> {
    let Some(namespace) = binding(env, "BUDGET") else {
        return Ok(Budgeted::Go(None));
    };
    let namespace: Namespace = namespace.unchecked_into();
    for _ in 0..2 {
        let next = LEASES.with(|leases| {
            let now = js_sys::Date::now();
            leases.borrow_mut().call(account, client, is_qa, now)
        });
        let ask = match next {
            Next::Go => return Ok(Budgeted::Go(None)),
            Next::Ask(ask) => ask,
        };
        let stub: BudgetStub = namespace
            .get(&namespace.id_from_name(account))
            .unchecked_into();
        let answer = JsFuture::from(stub.take(client, is_qa, ask.want, key)).await;
        // `{ lease, at }`: the calls leased with this one (budget.rs, "Leases"), and their time.
        let number = |name: &str| {
            let answer = answer.as_ref().ok()?;
            Reflect::get(answer, &name.into()).ok()?.as_f64()
        };
        let at_ms = number("at").filter(|at| at.is_finite());
        let holder = number("fill");
        let calls = number("lease")
            .filter(|n| *n >= 1.0 && at_ms.is_some())
            .map_or(0, |n| n.min(f64::from(ask.want)) as u32);
        let in_time = LEASES.with(|leases| {
            let now = js_sys::Date::now();
            leases
                .borrow_mut()
                .answered((account, client, is_qa), ask, calls, now)
        });
        let answer = answer?;
        if let Some(entry) = answer.as_string() {
            return Ok(Budgeted::Filled(entry));
        }
        let Some(at_ms) = at_ms else {
            if answer.is_object() {
                return refusal(&answer).map(Budgeted::Refused);
            }
            // The call of the key out kept nothing: this one goes on alone.
            key = None;
            continue;
        };
        let unit = Unit {
            account: account.to_owned(),
            client: client.to_owned(),
            is_qa,
            at_ms,
            fill: key.zip(holder).map(|(k, n)| (k.to_owned(), n)),
        };
        if in_time {
            return Ok(Budgeted::Go(Some(unit)));
        }
        // Too late to go on: no call went, so the grant's call goes back (and its key, if it
        // holds one) before asking again.
        if let Some((key, holder)) = &unit.fill {
            let _ = stub.filled(key, *holder, None);
        }
        give_back(env, &unit).await;
    }
    Err(JsValue::from_str(
        "the budget object answered too late, twice",
    ))
}

/// Gives `unit` back to its budget object (its RPC method `giveBack`): the service refused the
/// call as unauthorized, so it counted nothing (budget.rs, `Budget::give_back`). A failure only
/// leaves the call counted.
pub async fn give_back(env: &JsValue, unit: &Unit) {
    let Some(namespace) = binding(env, "BUDGET") else {
        return;
    };
    let namespace: Namespace = namespace.unchecked_into();
    let stub: BudgetStub = namespace
        .get(&namespace.id_from_name(&unit.account))
        .unchecked_into();
    let given = stub.give_back(&unit.client, unit.is_qa, unit.at_ms);
    let _ = JsFuture::from(given).await;
}

/// A budget object's refusal, from its `{ pool, retryAfterSeconds, limit }`.
fn refusal(refusal: &JsValue) -> Result<BudgetRefusal, JsValue> {
    let pool = Reflect::get(refusal, &"pool".into())?
        .as_string()
        .unwrap_or_default();
    let wait = Reflect::get(refusal, &"retryAfterSeconds".into())?
        .as_f64()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(|s| s.ceil() as u64);
    let limit = Reflect::get(refusal, &"limit".into())?
        .as_string()
        .map_or(Limit::Account, |name| Limit::from_name(&name));
    Ok(BudgetRefusal { pool, wait, limit })
}
