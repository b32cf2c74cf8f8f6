//! Sign-in for a [`super::Call`]: `auth.js`'s BFF for the request's site, and the credential of a
//! call made without sign-in.

use std::rc::Rc;

use js_sys::Reflect;
use wasm_bindgen::convert::TryFromJsValue;
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

/// What an API call runs on. `auth.js` makes one with `Credential.session`,
/// `Credential.operator` or `Credential.refused`, and gives it to the Worker from `token(request)`
/// and `refresh(handle, token)`; the Worker takes it over as the Rust value it is.
#[wasm_bindgen(js_name = Credential)]
#[derive(Debug)]
pub struct JsCredential(Credential);

/// The three kinds of credential.
#[derive(Debug)]
pub(super) enum Credential {
    /// A signed-in visitor's session: its access token, its account, and the handle of the
    /// session's object (for a refresh).
    Session {
        token: String,
        account: String,
        handle: JsValue,
    },
    /// No session: the operator's token, when one is set.
    Operator { token: Option<String> },
    /// Sign-in refused the call for `reason` (answered without an upstream call).
    Refused { reason: String },
}

#[wasm_bindgen(js_class = Credential)]
impl JsCredential {
    /// A signed-in visitor's session: its access `token`, its `account` (the issuer's subject),
    /// and the `handle` of the session's object, given back to `refresh`.
    pub fn session(token: String, account: String, handle: JsValue) -> JsCredential {
        Self(Credential::Session {
            token,
            account,
            handle,
        })
    }

    /// No session: the operator's `token`, or null when none is set.
    pub fn operator(token: Option<String>) -> JsCredential {
        Self(Credential::Operator { token })
    }

    /// Sign-in refuses the call for `reason` (e.g. `"signed-out"`, `"issuer-unavailable"`).
    pub fn refused(reason: String) -> JsCredential {
        Self(Credential::Refused { reason })
    }
}

impl Credential {
    /// What `auth.js` gave: a [`Credential`], else an error naming it.
    pub(super) fn read(given: JsValue) -> Result<Self, JsValue> {
        Self::read_optional(given)?.ok_or_else(|| "auth.js gave no Credential".into())
    }

    /// A [`Credential`], or `None` for null (a session that is over); anything else is an
    /// error.
    pub(super) fn read_optional(given: JsValue) -> Result<Option<Self>, JsValue> {
        if given.is_null() || given.is_undefined() {
            return Ok(None);
        }
        match JsCredential::try_from_js_value(given) {
            Ok(JsCredential(given)) => Ok(Some(given)),
            Err(_) => Err("auth.js gave something other than a Credential".into()),
        }
    }

    /// The credential of a call without sign-in: the operator's token, when set.
    pub(super) fn operator(env: &JsValue) -> Self {
        let token = member(env, "MAGISTERIUM_TOKEN").filter(|t| !t.trim().is_empty());
        Self::Operator { token }
    }

    /// The bearer token the call is made with, if any.
    pub(super) fn token(&self) -> Option<&str> {
        match self {
            Self::Session { token, .. } => Some(token),
            Self::Operator { token } => token.as_deref(),
            Self::Refused { .. } => None,
        }
    }
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
