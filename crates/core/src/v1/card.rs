//! The A2A 1.0 agent card, written from a 0.2.6 card (the Worker serves both), over parsed JSON.

use serde_json::{json, Value};

use super::dialect::is_v1_version;
use super::wire::VERSION;
use crate::json_view::JsonView;
use crate::wire::JsonObject;

/// The protocol binding of JSON-RPC over HTTP.
pub const JSONRPC: &str = "JSONRPC";
/// The protocol binding of HTTP+JSON (REST): its paths (`/message:send`, `/tasks/{id}`) are below
/// the same URL as JSON-RPC's (`v1::rest`).
pub const HTTP_JSON: &str = "HTTP+JSON";
/// How a 1.0 card names the 0.2.6 interface beside its 1.0 one (Major.Minor, as the spec writes
/// versions).
pub const LEGACY_VERSION: &str = "0.2";

/// What the 1.0 card's description adds: where `ListTasks` answers from (1.0 has no capability
/// flag for it; `super::list`).
pub const LIST_NOTE: &str = " ListTasks lists the tasks made through this endpoint in the last 24 hours, from the endpoint's own record (Magisterium keeps no list): each account sees its own, an anonymous visitor those of their session.";

/// The 1.0 card of an agent whose 0.2.6 card is `card` (parsed JSON), reachable in 1.0 (JSON-RPC,
/// then HTTP+JSON below the same URL) and in 0.2.6 at the card's own `url`. Capabilities are what
/// the bridge offers: no streaming, no push, no extended card; its description says where
/// `ListTasks` answers from ([`LIST_NOTE`]). `None` when `card` is not a 0.2.6 card (no `name` or `url`, or `skills` not
/// a list).
pub fn card_to_v1(card: &Value) -> Option<Value> {
    let old = card.as_object()?;
    let url = old.get("url")?.as_str()?;
    old.get("name")?.as_str()?;
    old.get("skills")?.as_array()?;
    let interface = |binding: &str, version: &str| json!({ "url": url, "protocolBinding": binding, "protocolVersion": version });
    let mut out = JsonObject::new();
    out.insert(
        "name".into(),
        old.get("name").cloned().unwrap_or(Value::Null),
    );
    let description = match old.get("description") {
        Some(Value::String(text)) => format!("{text}{LIST_NOTE}"),
        _ => LIST_NOTE.trim_start().to_owned(),
    };
    out.insert("description".into(), description.into());
    out.insert(
        "supportedInterfaces".into(),
        json!([
            interface(JSONRPC, VERSION),
            interface(HTTP_JSON, VERSION),
            interface(JSONRPC, LEGACY_VERSION)
        ]),
    );
    for key in ["provider", "version", "documentationUrl", "iconUrl"] {
        if let Some(v) = old.get(key).filter(|v| !v.is_null()) {
            out.insert(key.into(), v.clone());
        }
    }
    out.insert(
        "capabilities".into(),
        json!({ "streaming": false, "pushNotifications": false, "extendedAgentCard": false }),
    );
    // Maps are filled by insert, not collected: a collect sorts first (≈ 2 KB of the Worker's wasm).
    if let Some(Value::Object(schemes)) = old.get("securitySchemes") {
        let mut v1 = JsonObject::new();
        for (name, scheme) in schemes {
            v1.insert(name.clone(), scheme_to_v1(scheme));
        }
        out.insert("securitySchemes".into(), Value::Object(v1));
    }
    if let Some(Value::Array(alternatives)) = old.get("security") {
        let requirements: Vec<Value> = alternatives
            .iter()
            .filter_map(Value::as_object)
            .map(|alt| {
                let mut schemes = JsonObject::new();
                for (name, scopes) in alt {
                    schemes.insert(name.clone(), json!({ "list": scopes }));
                }
                json!({ "schemes": schemes })
            })
            .collect();
        out.insert("securityRequirements".into(), Value::Array(requirements));
    }
    for key in ["defaultInputModes", "defaultOutputModes", "skills"] {
        out.insert(
            key.into(),
            old.get(key).cloned().unwrap_or_else(|| json!([])),
        );
    }
    Some(Value::Object(out))
}

/// An OpenAPI-style 0.2.6 security scheme (`{ type: "http", scheme: "bearer" }`) in its 1.0 form
/// (`{ httpAuthSecurityScheme: { scheme: "bearer" } }`). A type 1.0 does not name is kept as is.
fn scheme_to_v1(scheme: &Value) -> Value {
    let Some(Value::String(kind)) = scheme.get("type") else {
        return scheme.clone();
    };
    let pick = |keys: &[(&str, &str)]| -> Value {
        let mut out = JsonObject::new();
        for (from, to) in keys {
            if let Some(v) = scheme.get(*from) {
                out.insert((*to).to_owned(), v.clone());
            }
        }
        Value::Object(out)
    };
    let desc = ("description", "description");
    let (member, body) = match kind.as_str() {
        "http" => (
            "httpAuthSecurityScheme",
            pick(&[desc, ("scheme", "scheme"), ("bearerFormat", "bearerFormat")]),
        ),
        "apiKey" => (
            "apiKeySecurityScheme",
            pick(&[desc, ("in", "location"), ("name", "name")]),
        ),
        "oauth2" => (
            "oauth2SecurityScheme",
            pick(&[
                desc,
                ("flows", "flows"),
                ("oauth2MetadataUrl", "oauth2MetadataUrl"),
            ]),
        ),
        "openIdConnect" => (
            "openIdConnectSecurityScheme",
            pick(&[desc, ("openIdConnectUrl", "openIdConnectUrl")]),
        ),
        "mutualTLS" => ("mtlsSecurityScheme", pick(&[desc])),
        _ => return scheme.clone(),
    };
    json!({ member: body })
}

/// The URL of a card's first JSON-RPC interface that speaks 1.0 (`supportedInterfaces`), when it
/// offers one: what a client reads to choose the protocol. The card is read through [`JsonView`],
/// so a client reads the platform's parsed card without a deserializer.
pub fn json_rpc_v1_url<V: JsonView>(card: &V) -> Option<String> {
    let list = card.field("supportedInterfaces")?;
    (0..list.array_len()?)
        .filter_map(|i| list.item(i))
        .find(|i| {
            let text = |key| {
                i.field(key)
                    .and_then(|v| v.string().map(|s| s.into_owned()))
            };
            let binding = text("protocolBinding").unwrap_or_default();
            let version = text("protocolVersion").unwrap_or_default();
            binding.eq_ignore_ascii_case(JSONRPC) && is_v1_version(&version)
        })
        .and_then(|i| i.field("url")?.string().map(|s| s.into_owned()))
}
