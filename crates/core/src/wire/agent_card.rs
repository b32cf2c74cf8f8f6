//! The A2A agent card and what it lists: capabilities, skills, provider.

use serde::{Deserialize, Serialize};

use super::JsonObject;

/// Capabilities declared by an agent card.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentCapabilities {
    /// `message/stream` support.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub streaming: Option<bool>,
    /// Push notification support.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub push_notifications: Option<bool>,
    /// Tasks keep their message history.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_transition_history: Option<bool>,
}

/// One skill as an agent card lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentSkill {
    /// The skill id (`catholic_qa`, …).
    pub id: String,
    /// A human name.
    pub name: String,
    /// What it does.
    pub description: String,
    /// Keywords.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Example inputs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub examples: Option<Vec<String>>,
    /// Accepted input media types.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_modes: Option<Vec<String>>,
    /// Produced output media types.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_modes: Option<Vec<String>>,
}

/// The organisation behind an agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentProvider {
    /// Its name.
    pub organization: String,
    /// Its website.
    pub url: String,
}

/// An A2A agent card (`/.well-known/agent.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentCard {
    /// `"0.2.6"` for Magisterium; informational only.
    #[serde(default)]
    pub protocol_version: String,
    /// The agent's name.
    pub name: String,
    /// What it does.
    pub description: String,
    /// The JSON-RPC endpoint.
    pub url: String,
    /// The agent's version.
    pub version: String,
    /// What it supports.
    #[serde(default)]
    pub capabilities: AgentCapabilities,
    /// Default accepted input media types.
    #[serde(default)]
    pub default_input_modes: Vec<String>,
    /// Default output media types.
    #[serde(default)]
    pub default_output_modes: Vec<String>,
    /// The skills.
    pub skills: Vec<AgentSkill>,
    /// Who runs it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<AgentProvider>,
    /// Where its documentation lives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documentation_url: Option<String>,
    /// Transport of `url` (`JSONRPC`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preferred_transport: Option<String>,
    /// Security schemes by name (OpenAPI style).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_schemes: Option<JsonObject>,
    /// Alternatives of required schemes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security: Option<Vec<JsonObject>>,
}
