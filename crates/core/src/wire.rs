//! A2A 0.2.6 / 0.3 JSON-RPC wire types (camelCase on the wire).
//!
//! Used to build requests and, in the Worker, to read requests and write answers. Unknown fields are
//! ignored, unknown part kinds and task states are kept, integers that arrive as floats (`1.0`) are
//! accepted. Responses are read in the SDK through [`crate::decode`] instead, so that the
//! browser build needs no JSON parser.

mod agent_card;
mod jsonrpc;
mod message;
mod task;

use serde_json::{Map, Value};

/// A free-form JSON object (`metadata`, data-part payloads).
pub type JsonObject = Map<String, Value>;

pub use agent_card::{AgentCapabilities, AgentCard, AgentProvider, AgentSkill};
pub use jsonrpc::{
    JsonRpcError, JsonRpcRequest, MessageSendParams, RequestId, TaskQueryParams, JSONRPC_VERSION,
};
pub use message::{FileContent, Message, MessageKind, Part, Role};
pub use task::{Artifact, Task, TaskKind, TaskState, TaskStatus};
