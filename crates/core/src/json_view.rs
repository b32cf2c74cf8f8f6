//! A small read-only view of a parsed JSON document.
//!
//! The decoders are written once over [`JsonView`]. Natively (tests, the Worker) it is implemented for
//! `&serde_json::Value`; in the browser build it is implemented for the JavaScript value that the
//! platform's own `JSON.parse` returned, so a 5 MB document body is never copied into wasm memory: the
//! decoders pick nodes out of the tree and hand the same nodes back to JavaScript.

use std::borrow::Cow;
use std::fmt;

/// The JSON type of a node. `Other` covers what JSON cannot express (e.g. a JS `undefined`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonKind {
    /// `null`
    Null,
    /// `true` / `false`
    Bool,
    /// a number
    Number,
    /// a string
    String,
    /// an array
    Array,
    /// an object
    Object,
    /// not a JSON value
    Other,
}

impl JsonKind {
    /// The name used in error messages ("expected string, found number").
    pub fn name(self) -> &'static str {
        match self {
            Self::Null => "null",
            Self::Bool => "boolean",
            Self::Number => "number",
            Self::String => "string",
            Self::Array => "array",
            Self::Object => "object",
            Self::Other => "undefined",
        }
    }
}

/// Read-only access to one node of a parsed JSON document.
///
/// Implementations must be cheap to clone (a reference or a handle).
pub trait JsonView: Clone {
    /// The JSON type of this node.
    fn kind(&self) -> JsonKind;
    /// The member `key` of an object; `None` for a missing member or a node that is not an object.
    fn field(&self, key: &str) -> Option<Self>;
    /// The length of an array; `None` for a node that is not an array.
    fn array_len(&self) -> Option<usize>;
    /// Item `index` of an array; `None` past the end or for a node that is not an array.
    fn item(&self, index: usize) -> Option<Self>;
    /// The text of a string node (copied where the node lives outside Rust memory).
    fn string(&self) -> Option<Cow<'_, str>>;
    /// The value of a number node.
    fn number(&self) -> Option<f64>;
    /// The value of a boolean node.
    fn boolean(&self) -> Option<bool>;
    /// A number node as text, the way the platform writes it (`String(n)` in JavaScript).
    fn number_text(&self) -> Option<String>;
    /// The member names of an object, in their order; empty for a node that is not an object.
    fn keys(&self) -> Vec<String>;

    /// The member `key`, treating an explicit `null` like a missing member.
    fn field_present(&self, key: &str) -> Option<Self> {
        self.field(key).filter(|v| v.kind() != JsonKind::Null)
    }
}

impl JsonView for &serde_json::Value {
    fn kind(&self) -> JsonKind {
        match self {
            serde_json::Value::Null => JsonKind::Null,
            serde_json::Value::Bool(_) => JsonKind::Bool,
            serde_json::Value::Number(_) => JsonKind::Number,
            serde_json::Value::String(_) => JsonKind::String,
            serde_json::Value::Array(_) => JsonKind::Array,
            serde_json::Value::Object(_) => JsonKind::Object,
        }
    }

    fn field(&self, key: &str) -> Option<Self> {
        self.as_object()?.get(key)
    }

    fn array_len(&self) -> Option<usize> {
        self.as_array().map(Vec::len)
    }

    fn item(&self, index: usize) -> Option<Self> {
        self.as_array()?.get(index)
    }

    fn string(&self) -> Option<Cow<'_, str>> {
        self.as_str().map(Cow::Borrowed)
    }

    fn number(&self) -> Option<f64> {
        self.as_f64()
    }

    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }

    fn number_text(&self) -> Option<String> {
        self.as_number().map(ToString::to_string)
    }

    fn keys(&self) -> Vec<String> {
        self.as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    }
}

/// Where a node sits in the response, for error messages (`result.artifacts[0].parts[1].data`).
/// Built on the stack while decoding; only formatted when something is wrong.
#[derive(Debug, Clone, Copy)]
pub enum Path<'a> {
    /// The top of the document.
    Root,
    /// An object member.
    Key(&'a Path<'a>, &'a str),
    /// An array item.
    Index(&'a Path<'a>, usize),
}

impl<'a> Path<'a> {
    /// The path of member `key` below this one.
    pub fn key(&'a self, key: &'a str) -> Path<'a> {
        Path::Key(self, key)
    }

    /// The path of item `index` below this one.
    pub fn index(&'a self, index: usize) -> Path<'a> {
        Path::Index(self, index)
    }
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root => f.write_str("body"),
            Path::Key(parent, key) => {
                if matches!(parent, Path::Root) {
                    f.write_str(key)
                } else {
                    write!(f, "{parent}.{key}")
                }
            }
            Path::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn serde_json_view_reads_every_kind() {
        let doc = json!({"s": "x", "n": 1.5, "b": true, "z": null, "a": [1, 2], "o": {}});
        let v = &doc;
        assert_eq!(v.kind(), JsonKind::Object);
        assert_eq!(v.field("s").and_then(|s| s.as_str()), Some("x"));
        assert_eq!(JsonView::string(&v).as_deref(), None);
        assert_eq!(v.field("n").and_then(|n| n.number()), Some(1.5));
        assert_eq!(v.field("b").and_then(|b| b.boolean()), Some(true));
        assert_eq!(v.field("z").map(|z| z.kind()), Some(JsonKind::Null));
        assert!(v.field_present("z").is_none());
        assert_eq!(v.field("a").and_then(|a| a.array_len()), Some(2));
        assert_eq!(
            v.field("a")
                .and_then(|a| a.item(1))
                .and_then(|i| i.number()),
            Some(2.0)
        );
        assert!(v.field("a").and_then(|a| a.item(2)).is_none());
        assert!(v.field("missing").is_none());
    }

    #[test]
    fn paths_format_like_javascript_accessors() {
        let root = Path::Root;
        let result = root.key("result");
        let arts = result.key("artifacts");
        let first = arts.index(0);
        assert_eq!(first.to_string(), "result.artifacts[0]");
        assert_eq!(root.to_string(), "body");
    }
}
