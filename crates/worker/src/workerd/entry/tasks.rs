//! The task records, phase of a [`Call`] (`crate::tasks`): a 1.0 `ListTasks` answered from the
//! account's budget object, never upstream; and what each A2A answer changes in them (a task
//! created is recorded, a task the service no longer has is dropped). An anonymous visitor's
//! first task made through the 1.0 door gives them their session cookie.

use js_sys::Uint8Array;
use magisterium_core::ids;
use magisterium_core::v1::task_record::TaskRecord;
use magisterium_platform::random::CryptoRandom;
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use super::auth::Credential;
use super::{answer, Call, Outcome};
use crate::limits::Gate;
use crate::tasks::{self, Change, ListPlan, Owner};
use crate::workerd::bindings::{binding, console_error, BudgetStub, Namespace};
use crate::workerd::io;
use magisterium_core::serve::http::WorkerResponse;

/// The budget object of `owner`'s account, when the Worker has the binding.
fn object(env: &JsValue, owner: &Owner) -> Option<BudgetStub> {
    let namespace: Namespace = binding(env, "BUDGET")?.unchecked_into();
    Some(
        namespace
            .get(&namespace.id_from_name(&owner.object))
            .unchecked_into(),
    )
}

impl Call {
    /// Whose records this call reads and writes: the session's account, or the anonymous
    /// visitor's session (none before their first task).
    fn owner(&self, credential: &Credential) -> Option<Owner> {
        match credential {
            Credential::Session { account, .. } => Owner::of(Some(account), None),
            _ => Owner::of(None, self.visitor.as_deref()),
        }
    }

    /// The answer to a `ListTasks`, from the records of the caller's account or session.
    pub(super) async fn list(
        &mut self,
        plan: ListPlan,
        env: &JsValue,
        credential: &Credential,
    ) -> Result<Outcome, JsValue> {
        self.log.method = Some("ListTasks".into());
        if let Gate::AskBinding { pool, key } = &plan.gate {
            if !io::binding_allows(env, pool, key).await? {
                self.log.limiter = Some(pool.clone());
                return Ok(answer(plan.limited(&self.settings)));
            }
        }
        let owner = self.owner(credential);
        let mut records = Vec::new();
        if let Some((owner, stub)) = owner.as_ref().and_then(|o| Some((o, object(env, o)?))) {
            let listed = JsFuture::from(stub.tasks_of(&owner.key)).await?;
            let listed = listed.as_string().unwrap_or_default();
            let Ok(Value::Array(listed)) = serde_json::from_str::<Value>(&listed) else {
                return Err(JsValue::from_str("the task records are not a list"));
            };
            records = listed.iter().filter_map(TaskRecord::from_json).collect();
        }
        let now = js_sys::Date::now();
        Ok(answer(plan.answer(
            &records,
            owner.as_ref(),
            now,
            &self.settings,
        )))
    }

    /// Records the task `response` (HTTP 200, its body or these bytes) created, or drops the one
    /// it found gone. A failed write is logged; the answer leaves all the same.
    pub(super) async fn remember(
        &mut self,
        env: &JsValue,
        credential: &Credential,
        response: &WorkerResponse,
        bytes: Option<&Uint8Array>,
    ) {
        if response.status != 200 {
            return;
        }
        let Some(request) = self.read.as_ref() else {
            return;
        };
        let text = bytes.map(Uint8Array::to_vec);
        let body = text.as_deref().unwrap_or(response.body.as_bytes());
        let Some((change, v1)) = tasks::change(request, body, js_sys::Date::now()) else {
            return;
        };
        let anonymous = !matches!(credential, Credential::Session { .. });
        if anonymous && v1 && matches!(change, Change::Record(_)) {
            // The visitor's session, made with their first task, and kept 24 hours past their
            // last one.
            let id = self
                .visitor
                .get_or_insert_with(|| ids::uuid_v4(&mut CryptoRandom))
                .clone();
            self.set_cookie = Some(tasks::visitor_cookie(&id, self.https));
        }
        let Some(owner) = self.owner(credential) else {
            return;
        };
        let Some(stub) = object(env, &owner) else {
            return;
        };
        let written = match &change {
            Change::Record(record) => stub.record_task(&owner.key, &record.to_json().to_string()),
            Change::Forget(id) => stub.forget_task(&owner.key, id),
        };
        if JsFuture::from(written).await.is_err() {
            console_error(r#"{"error":"task record not written"}"#);
        }
    }
}
