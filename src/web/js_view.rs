//! [`JsonView`] for the JavaScript values `JSON.parse` returns: the decoders read the platform's
//! parse tree in place, so big strings never cross into wasm memory. Each question about a node
//! is one call into `runtime.js`, and member names cross once per name, not once per lookup.

use std::borrow::Cow;
use std::cell::RefCell;

use wasm_bindgen::JsValue;

use super::runtime;
use crate::protocol::{JsonKind, JsonView, MemberKinds};

thread_local! {
    /// Member names already turned into JavaScript strings (the decoders use a few dozen).
    static KEYS: RefCell<Vec<(Box<str>, JsValue)>> = const { RefCell::new(Vec::new()) };
    /// Lists of member names (static slices, by address) already turned into JavaScript arrays.
    static KEY_LISTS: RefCell<Vec<(usize, JsValue)>> = const { RefCell::new(Vec::new()) };
}

/// The JavaScript array of a static list of member names, made once and kept.
fn key_list(names: &'static [&'static str]) -> JsValue {
    let address = names.as_ptr() as usize;
    KEY_LISTS.with(|lists| {
        let mut lists = lists.borrow_mut();
        if let Some((_, v)) = lists.iter().find(|(a, _)| *a == address) {
            return v.clone();
        }
        let v: JsValue = names
            .iter()
            .map(|n| JsValue::from_str(n))
            .collect::<js_sys::Array>()
            .into();
        if lists.len() < 16 {
            lists.push((address, v.clone()));
        }
        v
    })
}

/// The JavaScript string for a member name, made once and kept.
pub fn key(name: &str) -> JsValue {
    KEYS.with(|keys| {
        let mut keys = keys.borrow_mut();
        if let Some((_, v)) = keys.iter().find(|(k, _)| **k == *name) {
            return v.clone();
        }
        let v = JsValue::from_str(name);
        if keys.len() < 128 {
            keys.push((name.into(), v.clone()));
        }
        v
    })
}

impl JsonView for JsValue {
    fn kind(&self) -> JsonKind {
        match runtime::json_kind(self) {
            0 => JsonKind::Null,
            1 => JsonKind::Bool,
            2 => JsonKind::Number,
            3 => JsonKind::String,
            4 => JsonKind::Array,
            5 => JsonKind::Object,
            _ => JsonKind::Other,
        }
    }

    fn field(&self, name: &str) -> Option<Self> {
        let value = runtime::member(self, &key(name));
        (!value.is_undefined()).then_some(value)
    }

    fn array_len(&self) -> Option<usize> {
        usize::try_from(runtime::array_length(self)).ok()
    }

    fn item(&self, index: usize) -> Option<Self> {
        // One crossing: JSON.parse never puts `undefined` in an array, so it means "no item".
        let value = runtime::item(self, u32::try_from(index).ok()?);
        (!value.is_undefined()).then_some(value)
    }

    fn string(&self) -> Option<Cow<'_, str>> {
        self.as_string().map(Cow::Owned)
    }

    fn number(&self) -> Option<f64> {
        self.as_f64()
    }

    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }

    fn member_kinds(&self, keys: &'static [&'static str]) -> MemberKinds {
        let keys = keys.get(..MemberKinds::MAX_KEYS).unwrap_or(keys);
        MemberKinds(runtime::member_kinds(self, &key_list(keys)))
    }
}
