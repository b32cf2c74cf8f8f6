//! The tolerant reader's coercions: how a member that differs from the contract is read instead of
//! failing the call. [`TABLE`] is the one written statement of them; `docs/client.md` ("A tolerant
//! reader") shows the same table, and a test fails when the two disagree. The functions below are
//! the rows, each used by every decoder that reads such a member.

use std::borrow::Cow;

use serde::{Serialize, Serializer};

use crate::json_view::{JsonKind, JsonView};

/// One row of the coercion table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coercion {
    /// What the `.d.ts` types the member as.
    pub typed: &'static str,
    /// What arrived instead.
    pub received: &'static str,
    /// What the typed result holds.
    pub becomes: &'static str,
}

const fn row(typed: &'static str, received: &'static str, becomes: &'static str) -> Coercion {
    Coercion {
        typed,
        received,
        becomes,
    }
}

/// Every coercion the typed methods apply, in the order of the client documentation.
pub static TABLE: [Coercion; 7] = [
    row(
        "string (ids, years, titles, texts)",
        "a number",
        "its decimal string (`1992` → `\"1992\"`)",
    ),
    row(
        "number (`document_index`)",
        "a string holding a non-negative integer",
        "that number (`\"3\"` → `3`)",
    ),
    row(
        "optional member (`Citation` members, `SkillResult.text`)",
        "`null` where the type has no `null`, missing, or another type",
        "left out",
    ),
    row(
        "required string (`Document` `id` `title` `author` `ref`, `SearchResult` `url` `title`, `TaskInfo.contextId`)",
        "`null`, missing, or another type",
        "`\"\"`",
    ),
    row(
        "list member (an artifact, a part, a citation, a related question, a search hit)",
        "a value that fits no reading (not an object, a part of a kind this version does not know, a related question that is an object, a hit without an id)",
        "left out of the typed list",
    ),
    row(
        "a part's `kind`",
        "missing",
        "read from the member it has (`text` or `data`)",
    ),
    row(
        "the skill's artifact (by `name`)",
        "renamed, or its `name` or `artifactId` missing",
        "the first artifact holding what the method promises",
    ),
];

/// A string-typed member: the string node as received, or a number's decimal string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Text<N> {
    /// The string node as received (not copied).
    Node(N),
    /// A number, as its decimal string.
    Coerced(String),
}

impl<N: Serialize> Serialize for Text<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Node(node) => node.serialize(serializer),
            Self::Coerced(text) => serializer.serialize_str(text),
        }
    }
}

impl<N: JsonView> Text<N> {
    /// The text (copied out of a node).
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Self::Node(node) => node.string().unwrap_or_default(),
            Self::Coerced(text) => Cow::Borrowed(text),
        }
    }
}

/// Row 1: a string node as it is, a number as its decimal string; `None` for anything else.
pub fn text<V: JsonView>(v: &V) -> Option<Text<V>> {
    match v.kind() {
        JsonKind::String => Some(Text::Node(v.clone())),
        JsonKind::Number => decimal(v).map(Text::Coerced),
        _ => None,
    }
}

/// Rows 1 and 4: member `key` of `obj` as an owned string (`None` when it has no string reading).
pub fn owned_text<V: JsonView>(obj: &V, key: &str) -> Option<String> {
    let v = obj.field(key)?;
    match v.kind() {
        JsonKind::String => v.string().map(Cow::into_owned),
        JsonKind::Number => decimal(&v),
        _ => None,
    }
}

/// A number node as its decimal string, the way JavaScript's `String(n)` writes it (`1992`, not
/// `1992.0`; `2.5`). An integer beyond 2^53 has no exact reading (JSON.parse rounded it: as an id
/// it would name another document) and gives `None`.
pub fn decimal<V: JsonView>(v: &V) -> Option<String> {
    let n = v.number()?;
    if n.fract() != 0.0 {
        return v.number_text();
    }
    // Its sign and magnitude (a `u64`): the browser build then formats no `i64`.
    let sign = if n < 0.0 { "-" } else { "" };
    (n.abs() < 9_007_199_254_740_992.0).then(|| format!("{sign}{}", n.abs() as u64))
}

/// Row 2: a non-negative integer, from a number or a string holding one; `None` otherwise.
pub fn index<V: JsonView>(v: &V) -> Option<f64> {
    let n = match v.kind() {
        JsonKind::Number => v.number()?,
        JsonKind::String => digits(v.string()?.trim())?,
        _ => return None,
    };
    (n.fract() == 0.0 && (0.0..9_007_199_254_740_992.0).contains(&n)).then_some(n)
}

/// The value of a string of 1 to 15 ASCII digits.
fn digits(s: &str) -> Option<f64> {
    if s.is_empty() || s.len() > 15 {
        return None;
    }
    s.bytes().try_fold(0.0, |n, b| {
        b.is_ascii_digit().then(|| n * 10.0 + f64::from(b - b'0'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_become_decimal_strings_and_integer_strings_numbers() {
        let doc = json!({"y": 1992, "f": 2.5, "s": "x", "o": {}, "i": "3", "bad": "3a", "neg": -1});
        assert_eq!(owned_text(&&doc, "y").as_deref(), Some("1992"));
        assert_eq!(owned_text(&&doc, "f").as_deref(), Some("2.5"));
        assert_eq!(owned_text(&&doc, "s").as_deref(), Some("x"));
        assert_eq!(owned_text(&&doc, "o"), None);
        assert_eq!(owned_text(&&doc, "missing"), None);
        let field = |k: &str| (&doc).field(k).unwrap();
        assert_eq!(index(&field("i")), Some(3.0));
        assert_eq!(index(&field("y")), Some(1992.0));
        assert_eq!(index(&field("bad")), None);
        assert_eq!(index(&field("neg")), None);
        assert_eq!(text(&field("y")), Some(Text::Coerced("1992".into())));
        assert_eq!(text(&field("o")), None);
    }
}
