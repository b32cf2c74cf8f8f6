//! [`Js`]: a JavaScript value as a node of a parsed body. The core's decoders read the tree the
//! platform's `JSON.parse` made in place, and the nodes they pick (an answer, a document's text,
//! citations) go back out through serde as the very same JavaScript values
//! (`serde_wasm_bindgen::preserve`): a 5 MB string is never copied into wasm memory and back.

use std::borrow::Cow;
use std::cell::RefCell;

use js_sys::{Array, Reflect};
use serde::{Serialize, Serializer};
use wasm_bindgen::{JsCast, JsValue};

use magisterium_core::{JsonKind, JsonView};

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `JSON.parse` of a JavaScript string (the text never enters wasm memory).
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn json_parse(text: &JsValue) -> Result<JsValue, JsValue>;
}

/// How many member names [`member_name`] keeps as JavaScript strings: the decoders name a few dozen.
const KEPT_KEYS: usize = 96;

thread_local! {
    static KEYS: RefCell<Vec<(Box<str>, JsValue)>> = const { RefCell::new(Vec::new()) };
}

/// `key` as a JavaScript string, made once: every string handed out of wasm is decoded from its
/// memory (a `TextDecoder` call), and a 2 KB search reads a few hundred members. Names past the
/// first [`KEPT_KEYS`] (an object's own keys, read back) are made afresh each time.
pub fn member_name(key: &str) -> JsValue {
    KEYS.with_borrow_mut(|kept| {
        if let Some((_, value)) = kept.iter().find(|(k, _)| **k == *key) {
            return value.clone();
        }
        let value = JsValue::from_str(key);
        if kept.len() < KEPT_KEYS {
            kept.push((key.into(), value.clone()));
        }
        value
    })
}

/// A JavaScript value read as JSON, serialised as itself.
#[derive(Debug, Clone)]
pub struct Js(pub JsValue);

impl Js {
    /// Parses JSON text (a JavaScript string) with the platform's `JSON.parse`; `None` when it is
    /// not JSON.
    pub fn parse(text: &JsValue) -> Option<Self> {
        json_parse(text).ok().map(Js)
    }

    fn is_plain_object(&self) -> bool {
        self.0.is_object() && !Array::is_array(&self.0)
    }
}

impl JsonView for Js {
    #[inline(never)] // called from every decoder: one copy, not one per call site
    fn kind(&self) -> JsonKind {
        let v = &self.0;
        if v.is_null() {
            JsonKind::Null
        } else if v.is_string() {
            JsonKind::String
        } else if v.as_f64().is_some() {
            JsonKind::Number
        } else if v.as_bool().is_some() {
            JsonKind::Bool
        } else if Array::is_array(v) {
            JsonKind::Array
        } else if v.is_object() {
            JsonKind::Object
        } else {
            JsonKind::Other
        }
    }

    #[inline(never)] // called from every decoder: one copy, not one per call site
    fn field(&self, key: &str) -> Option<Self> {
        if !self.is_plain_object() {
            return None;
        }
        let value = Reflect::get(&self.0, &member_name(key)).ok()?;
        (!value.is_undefined()).then_some(Js(value))
    }

    #[inline(never)] // called from every decoder: one copy, not one per call site
    fn array_len(&self) -> Option<usize> {
        Array::is_array(&self.0).then(|| self.0.unchecked_ref::<Array>().length() as usize)
    }

    #[inline(never)] // called from every decoder: one copy, not one per call site
    fn item(&self, index: usize) -> Option<Self> {
        if !Array::is_array(&self.0) {
            return None;
        }
        // JSON.parse never puts `undefined` in an array: it means "past the end".
        let value = self
            .0
            .unchecked_ref::<Array>()
            .get(u32::try_from(index).ok()?);
        (!value.is_undefined()).then_some(Js(value))
    }

    #[inline(never)] // called from every decoder: one copy, not one per call site
    fn string(&self) -> Option<Cow<'_, str>> {
        self.0.as_string().map(Cow::Owned)
    }

    fn number(&self) -> Option<f64> {
        self.0.as_f64()
    }

    fn boolean(&self) -> Option<bool> {
        self.0.as_bool()
    }

    fn number_text(&self) -> Option<String> {
        // `String(n)`: JavaScript's own number formatting, none compiled into the wasm.
        let n = js_sys::Number::from(self.0.as_f64()?);
        n.to_string_with_radix(10).ok().map(String::from)
    }

    fn keys(&self) -> Vec<String> {
        if !self.is_plain_object() {
            return Vec::new();
        }
        js_sys::Object::keys(self.0.unchecked_ref::<js_sys::Object>())
            .iter()
            .filter_map(|k| k.as_string())
            .collect()
    }
}

impl Serialize for Js {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde_wasm_bindgen::preserve::serialize(&self.0, serializer)
    }
}

pub use magisterium_platform::to_js;
