//! What a proxy reads of an upstream's JSON-RPC answer, without building a tree of it: the
//! envelope (`jsonrpc`, `id`, `result` or `error`, the error's `code`) and, inside a `result`,
//! the Task's `status.state` and whether an artifact carries a `data` part. The body is borrowed:
//! strings are read in place and everything else (a document's text of several megabytes) is
//! skipped with [`IgnoredAny`], so a large answer is checked without a second copy.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use serde::de::{self, Deserializer, IgnoredAny, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

/// What an upstream body is, read by [`read`].
#[derive(Debug, PartialEq)]
pub enum Answer<'a> {
    /// Not JSON at all (an HTML error page, a cut body).
    NotJson,
    /// JSON, but not a JSON-RPC 2.0 answer (no `jsonrpc: "2.0"`, or not exactly one of
    /// `result` and `error`).
    NotRpc,
    /// A JSON-RPC 2.0 answer.
    Rpc(Head<'a>),
}

/// The parts of a JSON-RPC answer a proxy checks.
#[derive(Debug, PartialEq)]
pub struct Head<'a> {
    /// The answer's `id`, parsed (`None` when absent).
    pub id: Option<Value>,
    /// An error answer: its `code` (0 when it has no integer code).
    pub error_code: Option<i64>,
    /// A result answer: the byte range of its `result` in the body, unparsed.
    pub result: Option<Range<usize>>,
    /// `result.status.state`, when the result has one.
    pub state: Option<Cow<'a, str>>,
    /// Some artifact of the result has a part of kind `data`.
    pub data_part: bool,
}

impl Head<'_> {
    /// True when the answer's `id` is `expected` (numbers compared by value: `1` is `1.0`).
    pub fn id_is(&self, expected: &Value) -> bool {
        match (&self.id, expected) {
            (Some(Value::Number(a)), Value::Number(b)) => a.as_f64() == b.as_f64(),
            (Some(id), expected) => id == expected,
            (None, _) => false,
        }
    }

    /// A completed Task with a data part: a found document, the answer a proxy may cache.
    pub fn is_found_document(&self) -> bool {
        self.state.as_deref() == Some("completed") && self.data_part
    }
}

/// A string read in place when it has no escapes; any other value is `None` (no type error: a
/// tolerant reader).
#[derive(Default)]
struct Text<'a>(Option<Cow<'a, str>>);

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Some(Cow::Borrowed(v))))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text<'de>, E> {
                Ok(Text(Some(Cow::Owned(v.to_owned()))))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Text<'de>, E> {
                Ok(Text(None))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Text<'de>, E> {
                Ok(Text(None))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Text<'de>, E> {
                Ok(Text(None))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Text<'de>, E> {
                Ok(Text(None))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Text<'de>, E> {
                Ok(Text(None))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Text<'de>, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Text(None))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Text<'de>, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Text(None))
            }
        }
        d.deserialize_any(V)
    }
}

/// The envelope's members; of duplicate keys the last counts, as in `JSON.parse` (so the proxy
/// and the SDK behind it read the same answer).
#[derive(Default)]
struct Envelope<'a> {
    jsonrpc: Text<'a>,
    id: Option<&'a RawValue>,
    result: Option<&'a RawValue>,
    error: Option<&'a RawValue>,
}

impl<'de: 'a, 'a> Deserialize<'de> for Envelope<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Envelope<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON-RPC answer")
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut envelope = Envelope::default();
                while let Some(key) = map.next_key::<Text>()? {
                    match key.0.as_deref() {
                        Some("jsonrpc") => envelope.jsonrpc = map.next_value()?,
                        Some("id") => envelope.id = Some(map.next_value()?),
                        Some("result") => envelope.result = Some(map.next_value()?),
                        Some("error") => envelope.error = Some(map.next_value()?),
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(envelope)
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Deserialize)]
struct ErrorHead {
    #[serde(default)]
    code: Code,
}

/// An integer `code` (an integral float such as `-32001.0` too); anything else is 0.
#[derive(Default)]
struct Code(i64);

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Code;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a code")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Code, E> {
                Ok(Code(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Code, E> {
                Ok(Code(i64::try_from(v).unwrap_or(0)))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Code, E> {
                let integral = v.fract() == 0.0 && v.abs() < 9.0e15;
                Ok(Code(if integral { v as i64 } else { 0 }))
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<Code, E> {
                Ok(Code(0))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Code, E> {
                Ok(Code(0))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Code, E> {
                Ok(Code(0))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Code, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Code(0))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Code, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Code(0))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Deserialize)]
struct ResultHead<'a> {
    #[serde(default, borrow)]
    status: Option<StatusHead<'a>>,
    #[serde(default, borrow)]
    artifacts: Option<Vec<ArtifactHead<'a>>>,
}

#[derive(Deserialize)]
struct StatusHead<'a> {
    #[serde(default, borrow)]
    state: Text<'a>,
}

#[derive(Deserialize)]
struct ArtifactHead<'a> {
    #[serde(default, borrow)]
    parts: Vec<PartHead<'a>>,
}

#[derive(Deserialize)]
struct PartHead<'a> {
    #[serde(default, borrow)]
    kind: Text<'a>,
}

/// Reads the head of an upstream answer `body`. A result whose inside is not a Task's shape
/// (a Message, a malformed status) is still a JSON-RPC answer: it has no `state` then.
pub fn read(body: &[u8]) -> Answer<'_> {
    let envelope: Envelope = match serde_json::from_slice(body) {
        Ok(envelope) => envelope,
        Err(_) if serde_json::from_slice::<IgnoredAny>(body).is_ok() => return Answer::NotRpc,
        Err(_) => return Answer::NotJson,
    };
    if envelope.jsonrpc.0.as_deref() != Some("2.0")
        || envelope.result.is_some() == envelope.error.is_some()
    {
        return Answer::NotRpc;
    }
    let id = envelope
        .id
        .and_then(|raw| serde_json::from_str::<Value>(raw.get()).ok());
    let error_code = envelope
        .error
        .map(|raw| serde_json::from_str::<ErrorHead>(raw.get()).map_or(0, |e| e.code.0));
    let (mut state, mut data_part) = (None, false);
    let mut result = None;
    if let Some(raw) = envelope.result {
        let text = raw.get();
        let start = (text.as_ptr() as usize).saturating_sub(body.as_ptr() as usize);
        result = Some(start..start + text.len());
        if let Ok(head) = serde_json::from_str::<ResultHead>(text) {
            state = head.status.and_then(|s| s.state.0);
            data_part = head
                .artifacts
                .unwrap_or_default()
                .iter()
                .any(|a| a.parts.iter().any(|p| p.kind.0.as_deref() == Some("data")));
        }
    }
    Answer::Rpc(Head {
        id,
        error_code,
        result,
        state,
        data_part,
    })
}
