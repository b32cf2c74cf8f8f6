//! What the Worker's Rust entry sees of workerd: the `env` (its vars parsed into [`Settings`]
//! once per `env` object, its bindings as typed handles), WebCrypto randomness, and the shapes of
//! the JavaScript objects it calls (bindings, the Cache API, the sign-in BFF of `auth.js`). No
//! logic here.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::{Request, Url};

use crate::settings::{Settings, SignIn};
use crate::sign_in::{after_refresh_failure, Readiness, RefreshFailure};

#[wasm_bindgen]
extern "C" {
    /// The global `fetch`.
    #[wasm_bindgen(js_name = fetch)]
    pub fn global_fetch(request: &Request) -> Promise;

    /// Anything with `fetch(request)`: the `ASSETS` binding, a Durable Object stub.
    pub type Fetcher;
    /// `fetch(request)`.
    #[wasm_bindgen(method)]
    pub fn fetch(this: &Fetcher, request: &Request) -> Promise;

    /// A Durable Object namespace binding.
    pub type Namespace;
    /// The object id for a name.
    #[wasm_bindgen(method, js_name = idFromName)]
    pub fn id_from_name(this: &Namespace, name: &str) -> JsValue;
    /// The stub of an object.
    #[wasm_bindgen(method)]
    pub fn get(this: &Namespace, id: &JsValue) -> Fetcher;

    /// The stub of an upstream-budget object (`UpstreamBudget` in `entry.js`), over RPC.
    pub type BudgetStub;
    /// Takes one call, with up to `want` calls ahead: `{ lease, at }` (the calls leased with it,
    /// the time the grant counts at), or `{ pool, retryAfterSeconds, limit }`; for the cache key
    /// `key` of a miss, also `fill` (the call holds the key), or after a wait the entry another
    /// call of the key kept, or `false` (it kept none).
    #[wasm_bindgen(method)]
    pub fn take(
        this: &BudgetStub,
        client: &str,
        is_qa: bool,
        want: u32,
        key: Option<&str>,
    ) -> Promise;
    /// The call holding `key` as `holder` is done: `entry` is what it keeps in the cache.
    #[wasm_bindgen(method)]
    pub fn filled(this: &BudgetStub, key: &str, holder: f64, entry: Option<&str>) -> Promise;
    /// Gives back the call of `client` granted at `at`, which the service refused as
    /// unauthorized.
    #[wasm_bindgen(method, js_name = giveBack)]
    pub fn give_back(this: &BudgetStub, client: &str, is_qa: bool, at: f64) -> Promise;
    /// Keeps a task record (JSON) for an owner (`crate::tasks`).
    #[wasm_bindgen(method, js_name = recordTask)]
    pub fn record_task(this: &BudgetStub, owner: &str, record: &str) -> Promise;
    /// Drops an owner's record of a task the service no longer has.
    #[wasm_bindgen(method, js_name = forgetTask)]
    pub fn forget_task(this: &BudgetStub, owner: &str, id: &str) -> Promise;
    /// An owner's task records, as a JSON array.
    #[wasm_bindgen(method, js_name = tasksOf)]
    pub fn tasks_of(this: &BudgetStub, owner: &str) -> Promise;

    /// A Rate Limiting binding: `limit({ key })` → `{ success }`.
    pub type RateLimiter;
    /// Counts a call of `options.key`.
    #[wasm_bindgen(method)]
    pub fn limit(this: &RateLimiter, options: &JsValue) -> Promise;

    /// The request's `ctx`: `waitUntil(promise)` keeps the isolate alive for work that is not
    /// needed for the answer (cache writes), which then goes on after the response.
    pub type Context;
    /// Lets `promise` finish after the response.
    #[wasm_bindgen(method, js_name = waitUntil)]
    pub fn wait_until(this: &Context, promise: &Promise);

    /// A Cache API cache (`caches.default`).
    pub type Cache;
    /// The cached response for a key, or undefined.
    #[wasm_bindgen(method, js_name = match)]
    pub fn lookup(this: &Cache, key: &Request) -> Promise;
    /// Stores a response under a key.
    #[wasm_bindgen(method)]
    pub fn put(this: &Cache, key: &Request, response: &web_sys::Response) -> Promise;

    /// The sign-in BFF of one site (`auth.js`'s `createAuth`).
    pub type Auth;
    /// Answers sign-in's routes under `base` (`/auth`, `/api/auth`: `sign_in::BASES`): a
    /// `Response`, or null for a path it does not know.
    #[wasm_bindgen(method)]
    pub fn route(this: &Auth, request: &Request, url: &Url, base: &str) -> Promise;
    /// The credential of an API call: a `Credential` (`entry::auth`) made with one of its
    /// constructors.
    #[wasm_bindgen(method)]
    pub fn token(this: &Auth, request: &Request) -> Promise;
    /// A renewed `Credential` for the session `handle` after the upstream refused its `token`,
    /// or null when the session is over.
    #[wasm_bindgen(method)]
    pub fn refresh(this: &Auth, handle: &JsValue, token: &str) -> Promise;
    /// Answers one of MCP authorization's paths (`doors::mcp_auth`; `mcp-auth.js`): a `Response`.
    #[wasm_bindgen(method, js_name = mcpServe)]
    pub fn mcp_serve(this: &Auth, request: &Request, ctx: &JsValue) -> Promise;
    /// An MCP call's `Credential` (its grant's Magisterium session), or the `Response` refusing
    /// its token (the Bearer challenge).
    #[wasm_bindgen(method, js_name = mcpAdmit)]
    pub fn mcp_admit(this: &Auth, request: &Request) -> Promise;

    /// `console.log`.
    #[wasm_bindgen(js_namespace = console, js_name = log)]
    pub fn console_log(line: &str);
    /// `console.error`.
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    pub fn console_error(line: &str);
}

/// The binding `name` of `env`, when it is an object.
pub fn binding(env: &JsValue, name: &str) -> Option<JsValue> {
    Reflect::get(env, &name.into())
        .ok()
        .filter(JsValue::is_object)
}

/// The settings of `env`: its string vars and secrets, and whether it binds the upstream-budget
/// object.
pub fn settings_of(env: &JsValue) -> Settings {
    let mut settings =
        Settings::from_vars(|name| Reflect::get(env, &name.into()).ok()?.as_string());
    settings.upstream_budget &= binding(env, "BUDGET").is_some();
    settings
}

thread_local! {
    /// The settings of the last `env` seen: parsed once per isolate, not on every call.
    static SETTINGS: RefCell<Option<(JsValue, Rc<Settings>)>> = const { RefCell::new(None) };
}

/// The settings of `env`, parsed again only for another `env` object.
pub fn settings_for(env: &JsValue) -> Rc<Settings> {
    SETTINGS.with(|kept| {
        let mut kept = kept.borrow_mut();
        match &*kept {
            Some((seen, settings)) if Object::is(seen, env) => Rc::clone(settings),
            _ => {
                let settings = Rc::new(settings_of(env));
                *kept = Some((env.clone(), Rc::clone(&settings)));
                settings
            }
        }
    })
}

/// The sign-in settings of `env` for `auth.js` and `mcp-auth.js`: `{ issuer, enabled,
/// anonymousAllowed, sessionMaxSeconds, sessionIdleSeconds, mcpTokenTtlSeconds }` (`issuer`:
/// `"off"`, `"embedded"` or the issuer's URL; `enabled`: sign-in can run, [`sign_in_readiness`]).
#[wasm_bindgen(js_name = authSettings)]
pub fn auth_settings(env: &JsValue) -> Result<Object, JsValue> {
    let settings = settings_for(env);
    let issuer = match &settings.sign_in {
        SignIn::Off => "off",
        SignIn::Embedded => "embedded",
        SignIn::Issuer(url) => url.as_str(),
    };
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct AuthSettings<'a> {
        issuer: &'a str,
        enabled: bool,
        anonymous_allowed: bool,
        session_max_seconds: u32,
        session_idle_seconds: u32,
        mcp_token_ttl_seconds: u32,
    }
    let out = AuthSettings {
        issuer,
        enabled: sign_in_readiness(env, &settings).enabled(),
        anonymous_allowed: settings.anonymous_allowed,
        session_max_seconds: settings.session_max_secs,
        session_idle_seconds: settings.session_idle_secs,
        mcp_token_ttl_seconds: settings.mcp_token_ttl_secs,
    };
    Ok(to_js(&out)?.unchecked_into())
}

/// `value` as a JavaScript object: serde_json's text read by the platform's `JSON.parse`. The
/// Worker's few objects for JavaScript (the sign-in settings, the budget object's answers, a rate
/// limiter's options) go this way rather than through serde-wasm-bindgen's serializer, which the
/// proxy would carry for them alone (bench/README.md, "The proxy trimmed").
///
/// # Errors
/// serde_json's (a map with keys that are not strings: none of ours), as a JavaScript string.
pub fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let text = serde_json::to_string(value).map_err(|e| JsValue::from_str(&e.to_string()))?;
    js_sys::JSON::parse(&text)
}

/// What a session does after a refresh failed (`sign_in::after_refresh_failure`, with `env`'s
/// `SESSION_REFRESH_GRACE_SECONDS`): `"end"` or `"retry"`. `status`: the token endpoint's HTTP
/// status when it answered; `error`: the OAuth error code of its answer; `challenge`: it carried
/// `WWW-Authenticate`; `failing_for_ms`: how long this session's refreshes have been failing;
/// `access_expired`: its access token has expired.
#[wasm_bindgen(js_name = afterRefreshFailure)]
pub fn after_refresh_failure_js(
    env: &JsValue,
    status: Option<u16>,
    error: Option<String>,
    challenge: bool,
    failing_for_ms: f64,
    access_expired: bool,
) -> String {
    let failure = RefreshFailure {
        status,
        error: error.as_deref(),
        challenge,
        failing_for_ms,
        access_expired,
    };
    after_refresh_failure(&failure, settings_for(env).session_refresh_grace_secs)
        .as_str()
        .to_owned()
}

/// Whether sign-in can run with `env`'s bindings: the `SESSION` Durable Object, and a client
/// (`OAUTH_CLIENT_ID`, or the `OAUTH_CLIENT` Durable Object).
pub fn sign_in_readiness(env: &JsValue, settings: &Settings) -> Readiness {
    let client_id = Reflect::get(env, &"OAUTH_CLIENT_ID".into())
        .ok()
        .and_then(|v| v.as_string())
        .is_some_and(|v| !v.is_empty());
    Readiness::of(
        settings,
        binding(env, "SESSION").is_some(),
        client_id || binding(env, "OAUTH_CLIENT").is_some(),
    )
}
