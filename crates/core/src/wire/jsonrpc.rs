//! The JSON-RPC 2.0 envelope (version, ids, request, error object) and the parameters of the three
//! methods (`message/send`, `tasks/get`, `tasks/cancel`).

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{JsonObject, Message};

/// The JSON-RPC version string.
pub const JSONRPC_VERSION: &str = "2.0";

/// A JSON-RPC request or response id: a string or a number. Numbers compare by value (`1 == 1.0`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RequestId {
    /// A numeric id.
    Number(serde_json::Number),
    /// A string id.
    String(String),
}

impl PartialEq for RequestId {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::String(a), Self::String(b)) => a == b,
            (Self::Number(a), Self::Number(b)) => a.as_f64() == b.as_f64(),
            _ => false,
        }
    }
}

impl From<&str> for RequestId {
    fn from(value: &str) -> Self {
        Self::String(value.to_owned())
    }
}

impl From<i64> for RequestId {
    fn from(value: i64) -> Self {
        Self::Number(value.into())
    }
}

/// A JSON-RPC 2.0 request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JsonRpcRequest<P> {
    /// Always `"2.0"`.
    pub jsonrpc: String,
    /// The id the response must echo.
    pub id: RequestId,
    /// `message/send`, `tasks/get` or `tasks/cancel`.
    pub method: String,
    /// The method's parameters.
    pub params: P,
}

/// A JSON-RPC 2.0 error object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JsonRpcError {
    /// The error code.
    #[serde(deserialize_with = "int_or_float")]
    pub code: i64,
    /// A short description.
    pub message: String,
    /// Extra information, omitted when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
}

/// Parameters of `message/send`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageSendParams {
    /// The user message.
    pub message: Message,
    /// Reserved by Magisterium for future use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub configuration: Option<JsonObject>,
    /// Free-form metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
}

/// Parameters of `tasks/get` and `tasks/cancel`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskQueryParams {
    /// The task id.
    pub id: String,
    /// How many history messages to return (ignored by Magisterium).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "opt_int_or_float"
    )]
    pub history_length: Option<i64>,
    /// Free-form metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<JsonObject>,
}

fn int_from_f64<E: de::Error>(n: f64) -> Result<i64, E> {
    if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 {
        // Exact: integral and within the 53-bit range.
        Ok(n as i64)
    } else {
        Err(E::custom(format!("expected an integer, found {n}")))
    }
}

/// Reads an integer that may arrive as a float (`1.0`).
fn int_or_float<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    let n = serde_json::Number::deserialize(deserializer)?;
    match n.as_i64() {
        Some(i) => Ok(i),
        None => int_from_f64(n.as_f64().unwrap_or(f64::NAN)),
    }
}

fn opt_int_or_float<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    match Option::<serde_json::Number>::deserialize(deserializer)? {
        None => Ok(None),
        Some(n) => match n.as_i64() {
            Some(i) => Ok(Some(i)),
            None => int_from_f64(n.as_f64().unwrap_or(f64::NAN)).map(Some),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_compare_by_value_and_floats_pass_for_ints() {
        let a: RequestId = serde_json::from_value(json!(1)).unwrap();
        let b: RequestId = serde_json::from_value(json!(1.0)).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, RequestId::from("1"));
        let q: TaskQueryParams =
            serde_json::from_value(json!({"id": "t", "historyLength": 2.0, "extra": true}))
                .unwrap();
        assert_eq!(q.history_length, Some(2));
        assert!(serde_json::from_value::<TaskQueryParams>(
            json!({"id": "t", "historyLength": 2.5})
        )
        .is_err());
        let e: JsonRpcError =
            serde_json::from_value(json!({"code": -32001.0, "message": "x"})).unwrap();
        assert_eq!(e.code, -32001);
    }
}
