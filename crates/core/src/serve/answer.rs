//! What a proxy reads of an upstream's JSON-RPC answer, without building a tree of it: the
//! envelope (`jsonrpc`, `id`, `result` or `error`, the error's `code`) and, inside a `result`,
//! the Task's `status.state` and whether an artifact carries a `data` part. The body is borrowed:
//! strings are read in place and everything else (a document's text of several megabytes) is
//! read and dropped, never built into a tree, so a large answer is checked without a second copy
//! of it (a string with escapes passes through the reader's one scratch buffer).

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
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
    /// `result.id` and `result.contextId`, when the result has them (a task's; read inside
    /// A2A 1.0's `{ task }` too, for the Worker's task records).
    pub task: (Option<Cow<'a, str>>, Option<Cow<'a, str>>),
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

/// Where a [`Probe`] is in the answer: what it looks for in the value it reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The envelope: `jsonrpc`, `id`, `result`, `error`.
    Envelope,
    /// An `error` object: its `code`.
    Error,
    /// An error's `code`.
    Code,
    /// A `result`: `status` and `artifacts`.
    Result,
    /// A `status`: its `state`.
    Status,
    /// The `artifacts` array, then one artifact: its `parts`.
    Artifacts,
    Artifact,
    /// The `parts` array, then one part: its `kind`.
    Parts,
    Part,
    /// A string, read in place when it has no escapes (a key, a state, a kind).
    Text,
    /// Anything else: read and dropped (a string without escapes is never copied).
    Skip,
}

/// What a [`Probe`] found.
#[derive(Default)]
struct Found<'a> {
    jsonrpc: Option<Cow<'a, str>>,
    id: Option<Value>,
    result: Option<&'a RawValue>,
    error: Option<i64>,
    state: Option<Cow<'a, str>>,
    data_part: bool,
    task: (Option<Cow<'a, str>>, Option<Cow<'a, str>>),
}

/// One visitor for the whole answer, told by its mode what to look for: a single type, so the
/// reader's generic code is built once (each visitor type costs the proxy's bundle a copy of
/// serde_json's parser), and a tolerant one (a value of an unexpected type is skipped, never an
/// error).
struct Probe<'h, 'a> {
    mode: Mode,
    found: &'h mut Found<'a>,
}

impl<'h, 'de> Probe<'h, 'de> {
    fn at(found: &'h mut Found<'de>, mode: Mode) -> Self {
        Self { mode, found }
    }
}

impl<'de> DeserializeSeed<'de> for Probe<'_, 'de> {
    type Value = Option<Cow<'de, str>>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        // Skipped values are read too (never `deserialize_ignored_any`): so the answer is refused
        // exactly where a full parse refuses it (nesting past serde_json's 128 levels, numbers
        // out of range such as `1e400`), and the proxy and the SDK agree on what is JSON.
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Probe<'_, 'de> {
    type Value = Option<Cow<'de, str>>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("JSON")
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok((self.mode == Mode::Text).then_some(Cow::Borrowed(v)))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok((self.mode == Mode::Text).then(|| Cow::Owned(v.to_owned())))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        if self.mode == Mode::Code {
            self.found.error = Some(v);
        }
        Ok(None)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        self.visit_i64(i64::try_from(v).unwrap_or(0))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        // An integral float (`-32001.0`) is the integer code.
        let integral = v.fract() == 0.0 && v.abs() < 9.0e15;
        self.visit_i64(if integral { v as i64 } else { 0 })
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let each = match self.mode {
            Mode::Artifacts => Mode::Artifact,
            Mode::Parts => Mode::Part,
            _ => Mode::Skip,
        };
        while seq
            .next_element_seed(Probe::at(self.found, each))?
            .is_some()
        {}
        Ok(None)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let found = self.found;
        while let Some(key) = map.next_key_seed(Probe::at(found, Mode::Text))? {
            let inner = match (self.mode, key.as_deref().unwrap_or_default()) {
                (Mode::Envelope, "jsonrpc") => {
                    found.jsonrpc = map.next_value_seed(Probe::at(found, Mode::Text))?;
                    continue;
                }
                (Mode::Envelope, "id") => {
                    found.id = Some(map.next_value()?);
                    continue;
                }
                (Mode::Envelope, "result") => {
                    found.result = Some(map.next_value()?);
                    continue;
                }
                (Mode::Envelope, "error") => {
                    // Of duplicate keys the last counts, as in `JSON.parse`.
                    found.error = Some(0);
                    Mode::Error
                }
                (Mode::Error, "code") => Mode::Code,
                (Mode::Result, "id") => {
                    found.task.0 = map.next_value_seed(Probe::at(found, Mode::Text))?;
                    continue;
                }
                (Mode::Result, "contextId") => {
                    found.task.1 = map.next_value_seed(Probe::at(found, Mode::Text))?;
                    continue;
                }
                // A2A 1.0's `SendMessage` answer: `{ task }`.
                (Mode::Result, "task") => Mode::Result,
                (Mode::Result, "status") => Mode::Status,
                (Mode::Result, "artifacts") => Mode::Artifacts,
                (Mode::Artifact, "parts") => Mode::Parts,
                (Mode::Status, "state") => {
                    found.state = map.next_value_seed(Probe::at(found, Mode::Text))?;
                    continue;
                }
                (Mode::Part, "kind") => {
                    let kind = map.next_value_seed(Probe::at(found, Mode::Text))?;
                    found.data_part |= kind.as_deref() == Some("data");
                    continue;
                }
                _ => Mode::Skip,
            };
            map.next_value_seed(Probe::at(found, inner))?;
        }
        Ok(None)
    }
}

/// Reads `bytes` as one JSON value with `mode`; false when they are not JSON.
fn probe<'a>(bytes: &'a [u8], mode: Mode, found: &mut Found<'a>) -> bool {
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    Probe::at(found, mode).deserialize(&mut reader).is_ok() && reader.end().is_ok()
}

/// True when `bytes` are one JSON value (read without building it).
pub fn is_json(bytes: &[u8]) -> bool {
    probe(bytes, Mode::Skip, &mut Found::default())
}

/// Reads the head of an upstream answer `body`. A result whose inside is not a Task's shape
/// (a Message, a malformed status) is still a JSON-RPC answer: it has no `state` then.
pub fn read(body: &[u8]) -> Answer<'_> {
    let mut envelope = Found::default();
    if !probe(body, Mode::Envelope, &mut envelope) {
        return Answer::NotJson;
    }
    if envelope.jsonrpc.as_deref() != Some("2.0")
        || envelope.result.is_some() == envelope.error.is_some()
    {
        return Answer::NotRpc;
    }
    let mut head = Head {
        id: envelope.id,
        error_code: envelope.error,
        result: None,
        state: None,
        data_part: false,
        task: (None, None),
    };
    if let Some(raw) = envelope.result {
        let text = raw.get();
        let start = (text.as_ptr() as usize).saturating_sub(body.as_ptr() as usize);
        head.result = Some(start..start + text.len());
        let mut inside = Found::default();
        if !probe(text.as_bytes(), Mode::Result, &mut inside) {
            return Answer::NotJson; // the `result` was only scanned above: now it is read
        }
        head.state = inside.state;
        head.data_part = inside.data_part;
        head.task = inside.task;
    }
    Answer::Rpc(head)
}
