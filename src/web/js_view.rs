//! [`JsonView`] for the JavaScript values `JSON.parse` returns: the decoders read the platform's
//! parse tree in place, so big strings never cross into wasm memory.

use std::borrow::Cow;

use js_sys::{Array, Reflect};
use wasm_bindgen::{intern, JsCast, JsValue};

use crate::protocol::{JsonKind, JsonView};

impl JsonView for JsValue {
    fn kind(&self) -> JsonKind {
        if self.is_string() {
            JsonKind::String
        } else if self.is_null() {
            JsonKind::Null
        } else if Array::is_array(self) {
            JsonKind::Array
        } else if self.is_object() {
            JsonKind::Object
        } else if self.as_f64().is_some() {
            JsonKind::Number
        } else if self.as_bool().is_some() {
            JsonKind::Bool
        } else {
            JsonKind::Other
        }
    }

    fn field(&self, key: &str) -> Option<Self> {
        if !self.is_object() || Array::is_array(self) {
            return None;
        }
        let value = Reflect::get(self, &JsValue::from_str(intern(key))).ok()?;
        (!value.is_undefined()).then_some(value)
    }

    fn array_len(&self) -> Option<usize> {
        self.dyn_ref::<Array>().map(|a| a.length() as usize)
    }

    fn item(&self, index: usize) -> Option<Self> {
        let array = self.dyn_ref::<Array>()?;
        let index = u32::try_from(index).ok()?;
        (index < array.length()).then(|| array.get(index))
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
