//! The A2A 1.0 agent card: written from a 0.2.6 card (the Worker serves both), and read to choose
//! the interface a client talks to.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::wire::VERSION;
use crate::protocol::wire::{AgentCard as LegacyCard, AgentProvider, AgentSkill, JsonObject};

/// The protocol binding of JSON-RPC over HTTP.
pub const JSONRPC: &str = "JSONRPC";
/// How a 1.0 card names the 0.2.6 interface beside its 1.0 one (Major.Minor, as the spec writes
/// versions).
pub const LEGACY_VERSION: &str = "0.2";

/// One way to reach the agent: URL, binding and protocol version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentInterface {
    /// Where to send requests.
    pub url: String,
    /// `JSONRPC`, `GRPC`, `HTTP+JSON`, …
    pub protocol_binding: String,
    /// `1.0`, `0.3`, …
    pub protocol_version: String,
    /// A routing id to send with every request, when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenant: Option<String>,
}

/// What a 1.0 agent declares it supports.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentCapabilities {
    /// `SendStreamingMessage` and `SubscribeToTask`.
    pub streaming: bool,
    /// Push notification configs.
    pub push_notifications: bool,
    /// `GetExtendedAgentCard`.
    pub extended_agent_card: bool,
}

/// An A2A 1.0 agent card (`/.well-known/agent-card.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentCard {
    /// The agent's name.
    pub name: String,
    /// What it does.
    pub description: String,
    /// Ways to reach it; the first is preferred.
    pub supported_interfaces: Vec<AgentInterface>,
    /// Who runs it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<AgentProvider>,
    /// The agent's version.
    pub version: String,
    /// Where its documentation lives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documentation_url: Option<String>,
    /// What it supports.
    pub capabilities: AgentCapabilities,
    /// Security schemes by name, each under its 1.0 member (`httpAuthSecurityScheme`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_schemes: Option<JsonObject>,
    /// Alternatives of required schemes: `[{ schemes: { name: { list: [scopes] } } }]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_requirements: Option<Vec<Value>>,
    /// Default accepted input media types.
    pub default_input_modes: Vec<String>,
    /// Default output media types.
    pub default_output_modes: Vec<String>,
    /// The skills.
    pub skills: Vec<AgentSkill>,
}

/// The 1.0 card of an agent whose 0.2.6 card is `card`, reachable in 1.0 at `v1_url` and in 0.2.6
/// at the card's own `url`. Capabilities are what the bridge offers: no streaming, no push, no
/// extended card.
pub fn card_to_v1(card: &LegacyCard, v1_url: &str) -> AgentCard {
    let interface = |url: &str, version: &str| AgentInterface {
        url: url.to_owned(),
        protocol_binding: JSONRPC.to_owned(),
        protocol_version: version.to_owned(),
        tenant: None,
    };
    AgentCard {
        name: card.name.clone(),
        description: card.description.clone(),
        supported_interfaces: vec![
            interface(v1_url, VERSION),
            interface(&card.url, LEGACY_VERSION),
        ],
        provider: card.provider.clone(),
        version: card.version.clone(),
        documentation_url: card.documentation_url.clone(),
        capabilities: AgentCapabilities::default(),
        security_schemes: card.security_schemes.as_ref().map(|schemes| {
            schemes
                .iter()
                .map(|(name, scheme)| (name.clone(), scheme_to_v1(scheme)))
                .collect()
        }),
        security_requirements: card.security.as_ref().map(|alternatives| {
            alternatives
                .iter()
                .map(|alt| {
                    let schemes: JsonObject = alt
                        .iter()
                        .map(|(name, scopes)| (name.clone(), json!({ "list": scopes })))
                        .collect();
                    json!({ "schemes": schemes })
                })
                .collect()
        }),
        default_input_modes: card.default_input_modes.clone(),
        default_output_modes: card.default_output_modes.clone(),
        skills: card.skills.clone(),
    }
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

/// The `supportedInterfaces` of a card, as a client reads it to choose a protocol.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Interfaces {
    /// Absent on 0.2.6 / 0.3 cards.
    #[serde(default)]
    pub supported_interfaces: Vec<AgentInterface>,
}

impl Interfaces {
    /// The first JSON-RPC interface that speaks 1.0, if the card offers one.
    pub fn json_rpc_v1(&self) -> Option<&AgentInterface> {
        self.supported_interfaces.iter().find(|i| {
            i.protocol_binding.eq_ignore_ascii_case(JSONRPC)
                && matches!(
                    i.protocol_version.split('.').collect::<Vec<_>>().as_slice(),
                    ["1"] | ["1", "0", ..]
                )
        })
    }
}
