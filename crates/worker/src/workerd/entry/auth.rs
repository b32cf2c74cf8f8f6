//! Sign-in for a [`super::Call`]: `auth.js`'s BFF for the request's site, and the credential of a
//! call made without sign-in.

use std::rc::Rc;

use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use web_sys::Url;

use super::{Call, APP, AUTH};
use crate::limits::Gate;
use crate::workerd::bindings::{binding, Auth};
use crate::workerd::io;
use magisterium_core::serve::http::WorkerResponse;

/// The sign-in BFF for `env` and the request's origin, built again only for another of either.
pub(super) fn auth_for(
    env: &JsValue,
    url: &Url,
    create_auth: &js_sys::Function,
) -> Result<Auth, JsValue> {
    let origin = url.origin();
    if let Some(auth) = AUTH.with(|kept| match &*kept.borrow() {
        Some((seen, o, auth)) if js_sys::Object::is(seen, env) && *o == origin => {
            Some(auth.clone())
        }
        _ => None,
    }) {
        return Ok(auth.unchecked_into());
    }
    let site = Url::new(&origin)?;
    let auth = create_auth.call2(&JsValue::NULL, env, &site)?;
    AUTH.with(|kept| *kept.borrow_mut() = Some((env.clone(), origin, auth.clone())));
    Ok(auth.unchecked_into())
}

/// The credential of a call without sign-in: the operator's token, when set.
pub(super) fn operator_credential(env: &JsValue) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    struct Credential {
        token: Option<String>,
    }
    let token = member(env, "MAGISTERIUM_TOKEN").filter(|t| !t.trim().is_empty());
    Ok(magisterium_platform::to_js(&Credential { token })?)
}

/// A string member of a JavaScript object.
pub(super) fn member(value: &JsValue, name: &str) -> Option<String> {
    Reflect::get(value, &name.into()).ok()?.as_string()
}

impl Call {
    /// The per-visitor limit in front of `auth.js` (starting a sign-in makes a Durable Object and
    /// runs the issuer's discovery): its 429, or `None` to go on.
    pub(super) async fn sign_in_limit(
        &mut self,
        env: &JsValue,
    ) -> Result<Option<WorkerResponse>, JsValue> {
        let visitor = self
            .read
            .as_ref()
            .ok_or("the request's headers were not read")?;
        let has_binding = binding(env, "RATE_LIMITER").is_some();
        let settings = Rc::clone(&self.settings);
        let gate = APP.with(|app| {
            app.borrow_mut()
                .sign_in_gate(visitor, &settings, has_binding)
        });
        let refused = match gate {
            Gate::Open => None,
            Gate::Refused(answer) => Some(answer),
            Gate::AskBinding { pool, key } => {
                let allowed = io::binding_allows(env, &pool, &key).await?;
                let origin = self.origin.as_deref();
                (!allowed)
                    .then(|| APP.with(|app| app.borrow().sign_in_limited(None, &settings, origin)))
            }
        };
        if refused.is_some() {
            self.log.limiter = Some("sign_in".into());
        }
        Ok(refused)
    }
}
