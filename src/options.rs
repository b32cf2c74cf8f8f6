//! Reading `ClientOptions` and `CallOptions` objects. Wrong types are `invalid_input` errors that
//! name the option, thrown before any request is made.

use js_sys::{Function, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::AbortSignal;

use magisterium_core::cache::store::{DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRIES};
use magisterium_core::call::is_timeout_ms;
use magisterium_core::pacing::{DEFAULT_PER_MINUTE, DEFAULT_QA_PER_MINUTE};
use magisterium_core::retry::RetryPolicy;
use magisterium_core::v1::client::ProtocolChoice;

/// The service's JSON-RPC endpoint.
pub const DEFAULT_ENDPOINT: &str = "https://www.magisterium.com/api/v1/a2a";
/// Per-attempt time budget.
pub const DEFAULT_TIMEOUT_MS: f64 = 60_000.0;
/// Largest answer read (32 MiB).
pub const DEFAULT_MAX_RESPONSE_BYTES: f64 = 33_554_432.0;

/// Where the bearer token comes from.
#[derive(Debug, Clone)]
pub enum Token {
    /// No `Authorization` header.
    None,
    /// A fixed token.
    Static(String),
    /// A function called per request (may return a Promise).
    Provider(Function),
}

/// A client's settings, read once by the constructor.
#[derive(Debug, Clone)]
pub struct ClientSettings {
    pub endpoint: String,
    pub card_url: Option<String>,
    pub token: Token,
    pub fetch: Option<Function>,
    pub timeout_ms: f64,
    pub retry: RetryPolicy,
    pub headers: Vec<(String, String)>,
    pub max_response_bytes: f64,
    pub pacing: Option<(u32, u32)>,
    pub protocol: ProtocolChoice,
    pub trusted_origins: Vec<String>,
    /// `cache`: the most answers and bytes kept; `None`: off.
    pub cache: Option<(usize, usize)>,
}

/// The most answers `cache.maxEntries` may ask for: a lookup scans the entries.
const MAX_CACHE_ENTRIES: u32 = 10_000;

/// One call's options.
#[derive(Debug, Clone, Default)]
pub struct CallSettings {
    pub signal: Option<AbortSignal>,
    pub timeout_ms: Option<f64>,
    pub context_id: Option<String>,
    pub message_id: Option<String>,
    pub headers: Vec<(String, String)>,
}

type Invalid = String;

fn get(obj: &JsValue, key: &str) -> Option<JsValue> {
    let value = Reflect::get(obj, &super::node::member_name(key)).ok()?;
    (!value.is_undefined()).then_some(value)
}

fn require_object(value: &JsValue, what: &str) -> Result<(), Invalid> {
    if value.is_object() && !value.is_function() {
        Ok(())
    } else {
        Err(format!("{what} must be an object"))
    }
}

pub(super) fn string_opt(obj: &JsValue, key: &str, what: &str) -> Result<Option<String>, Invalid> {
    match get(obj, key) {
        None => Ok(None),
        Some(v) => match v.as_string() {
            Some(s) if !s.trim().is_empty() => Ok(Some(s)),
            _ => Err(format!("{what}.{key} must be a non-empty string")),
        },
    }
}

fn positive_opt(obj: &JsValue, key: &str, what: &str) -> Result<Option<f64>, Invalid> {
    match get(obj, key) {
        None => Ok(None),
        Some(v) => match v.as_f64() {
            Some(n) if n.is_finite() && n > 0.0 => Ok(Some(n)),
            _ => Err(format!("{what}.{key} must be a positive number")),
        },
    }
}

/// `timeoutMs`: a positive number a timer can hold (`is_timeout_ms`, `MAX_TIMEOUT_MS`).
fn timeout_opt(obj: &JsValue, what: &str) -> Result<Option<f64>, Invalid> {
    match positive_opt(obj, "timeoutMs", what)? {
        // MAX_TIMEOUT_MS, written out: formatting an f64 would cost the download its tables.
        Some(ms) if !is_timeout_ms(ms) => {
            Err(format!("{what}.timeoutMs must be at most 2147483647 ms"))
        }
        ms => Ok(ms),
    }
}

fn count_opt(obj: &JsValue, key: &str, what: &str, max: u32) -> Result<Option<u32>, Invalid> {
    match get(obj, key) {
        None => Ok(None),
        Some(v) => match v.as_f64() {
            Some(n) if n.fract() == 0.0 && n >= 0.0 && n <= f64::from(max) => Ok(Some(n as u32)),
            _ => Err(format!("{what}.{key} must be an integer from 0 to {max}")),
        },
    }
}

/// RFC 9110 token characters for header names; values may not hold CR, LF or NUL.
fn headers_opt(obj: &JsValue, key: &str, what: &str) -> Result<Vec<(String, String)>, Invalid> {
    let Some(headers) = get(obj, key) else {
        return Ok(Vec::new());
    };
    require_object(&headers, &format!("{what}.{key}"))?;
    let mut out = Vec::new();
    for entry in Object::entries(headers.unchecked_ref::<Object>()).iter() {
        let name = Reflect::get_u32(&entry, 0)
            .ok()
            .and_then(|n| n.as_string())
            .unwrap_or_default();
        let value = Reflect::get_u32(&entry, 1).ok().and_then(|v| v.as_string());
        let name_ok = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b));
        match value {
            Some(value) if name_ok && !value.contains(['\r', '\n', '\0']) => {
                out.push((name, value))
            }
            _ => {
                return Err(format!(
                    "{what}.{key}[\"{name}\"] must be a valid header name with a string value"
                ))
            }
        }
    }
    Ok(out)
}

/// `trustedOrigins`: an array of absolute http(s) URLs (their origins count).
fn trusted_origins(list: &JsValue) -> Result<Vec<String>, Invalid> {
    let invalid = || "options.trustedOrigins must be an array of http(s) origins".to_owned();
    if !js_sys::Array::is_array(list) {
        return Err(invalid());
    }
    let mut out = Vec::new();
    for item in list.unchecked_ref::<js_sys::Array>().iter() {
        match item.as_string() {
            Some(origin) if magisterium_core::origin::is_origin(&origin) => out.push(origin),
            _ => return Err(invalid()),
        }
    }
    Ok(out)
}

/// Reads `ClientOptions` (`undefined` and `null` give the defaults).
pub fn client_settings(options: &JsValue) -> Result<ClientSettings, Invalid> {
    let mut settings = ClientSettings {
        endpoint: DEFAULT_ENDPOINT.to_owned(),
        card_url: None,
        token: Token::None,
        fetch: None,
        timeout_ms: DEFAULT_TIMEOUT_MS,
        retry: RetryPolicy::default(),
        headers: Vec::new(),
        max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
        pacing: None,
        protocol: ProtocolChoice::default(),
        trusted_origins: Vec::new(),
        cache: None,
    };
    if options.is_undefined() || options.is_null() {
        return Ok(settings);
    }
    let what = "options";
    require_object(options, what)?;
    if let Some(endpoint) = string_opt(options, "endpoint", what)? {
        settings.endpoint = endpoint;
    }
    settings.card_url = string_opt(options, "agentCardUrl", what)?;
    if let Some(version) = string_opt(options, "protocolVersion", what)? {
        settings.protocol = ProtocolChoice::from_option(&version).ok_or_else(|| {
            format!(
                "{what}.protocolVersion must be \"0.2\", \"1.0\" or \"auto\", not \"{version}\""
            )
        })?;
    }
    if let Some(list) = get(options, "trustedOrigins") {
        settings.trusted_origins = trusted_origins(&list)?;
    }
    settings.token = match get(options, "token") {
        None => Token::None,
        Some(t) if t.is_function() => Token::Provider(t.unchecked_into()),
        Some(t) => match t.as_string() {
            Some(s) if !s.trim().is_empty() => Token::Static(s),
            _ => return Err("options.token must be a non-empty string or a function".into()),
        },
    };
    settings.fetch = match get(options, "fetch") {
        None => None,
        Some(f) if f.is_function() => Some(f.unchecked_into()),
        Some(_) => return Err("options.fetch must be a function".into()),
    };
    if let Some(ms) = timeout_opt(options, what)? {
        settings.timeout_ms = ms;
    }
    if let Some(n) = count_opt(options, "maxRetries", what, 10)? {
        settings.retry.max_retries = n;
    }
    settings.headers = headers_opt(options, "headers", what)?;
    if let Some(n) = positive_opt(options, "maxResponseBytes", what)? {
        settings.max_response_bytes = n.floor();
    }
    settings.pacing = match get(options, "pacing") {
        None => None,
        Some(p) if p.as_bool() == Some(false) => None,
        Some(p) if p.as_bool() == Some(true) => Some((DEFAULT_PER_MINUTE, DEFAULT_QA_PER_MINUTE)),
        Some(p) if p.is_object() => {
            let per =
                count_opt(&p, "perMinute", "options.pacing", 10_000)?.unwrap_or(DEFAULT_PER_MINUTE);
            let qa = count_opt(&p, "qaPerMinute", "options.pacing", 10_000)?
                .unwrap_or(DEFAULT_QA_PER_MINUTE);
            if per == 0 || qa == 0 {
                return Err("options.pacing limits must be at least 1".into());
            }
            Some((per, qa))
        }
        Some(_) => return Err("options.pacing must be a boolean or an object".into()),
    };
    settings.cache = match get(options, "cache") {
        None => None,
        Some(c) if c.as_bool() == Some(false) => None,
        Some(c) if c.as_bool() == Some(true) => Some((DEFAULT_MAX_ENTRIES, DEFAULT_MAX_BYTES)),
        Some(c) if c.is_object() => Some(cache_opt(&c)?),
        Some(_) => return Err("options.cache must be a boolean or an object".into()),
    };
    Ok(settings)
}

/// `cache: { maxEntries, maxBytes }`, each optional.
fn cache_opt(cache: &JsValue) -> Result<(usize, usize), Invalid> {
    let what = "options.cache";
    let entries = count_opt(cache, "maxEntries", what, MAX_CACHE_ENTRIES)?;
    if entries == Some(0) {
        return Err("options.cache.maxEntries must be at least 1".into());
    }
    let bytes = positive_opt(cache, "maxBytes", what)?;
    Ok((
        entries.map_or(DEFAULT_MAX_ENTRIES, |n| n as usize),
        bytes.map_or(DEFAULT_MAX_BYTES, |n| n.min(u32::MAX.into()) as usize),
    ))
}

/// Reads `CallOptions` (`undefined` and `null` give none).
pub fn call_settings(options: &JsValue) -> Result<CallSettings, Invalid> {
    if options.is_undefined() || options.is_null() {
        return Ok(CallSettings::default());
    }
    let what = "opts";
    require_object(options, what)?;
    let signal = match get(options, "signal") {
        None => None,
        Some(s) => Some(
            s.dyn_into::<AbortSignal>()
                .map_err(|_| "opts.signal must be an AbortSignal".to_owned())?,
        ),
    };
    Ok(CallSettings {
        signal,
        timeout_ms: timeout_opt(options, what)?,
        context_id: string_opt(options, "contextId", what)?,
        message_id: string_opt(options, "messageId", what)?,
        headers: headers_opt(options, "headers", what)?,
    })
}
