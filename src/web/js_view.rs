//! [`JsonView`] for the JavaScript values `JSON.parse` returns: the decoders read the platform's
//! parse tree in place, so big strings never cross into wasm memory. Each question about a node
//! is one call into `runtime.js`, and member names cross once per name, not once per lookup.

use std::borrow::Cow;
use std::cell::RefCell;

use wasm_bindgen::{JsCast, JsValue};

use super::runtime;
use crate::protocol::{JsonKind, JsonView};

thread_local! {
    /// Member names already turned into JavaScript strings (the decoders use a few dozen).
    static KEYS: RefCell<Vec<(Box<str>, JsValue)>> = const { RefCell::new(Vec::new()) };
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
        let len = usize::try_from(runtime::array_length(self)).ok()?;
        (index < len).then(|| self.unchecked_ref::<js_sys::Array>().get(index as u32))
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
}
