//! One upstream call per key at a time, in this isolate: the first miss of a key leads (makes the
//! call, keeps the answer), and the identical misses that arrive while it is out wait for it and
//! answer from what it kept (each in a Task of its own). A leader whose answer was not kept (a
//! refusal, a failure) hands its waiters nothing: each goes on as a miss of its own.
//!
//! The leader is the one miss of the isolate that asks the account's budget object for its call,
//! with the key (`entry::fill`): so identical misses of other isolates share the same call too
//! (`limits::fills`), and the isolate's own waiters cost the object nothing.

use std::cell::RefCell;

use js_sys::{Function, Promise};
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

thread_local! {
    /// The keys whose call is out, with the promise their waiters await (a few at a time: a list).
    static OUT: RefCell<Vec<(String, Promise)>> = RefCell::default();
}

/// The promise of `key`'s call, if it is out.
fn out(key: &str) -> Option<Promise> {
    OUT.with(|out| {
        out.borrow()
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, p)| p.clone())
    })
}

/// `key`'s call is no longer out.
fn back(key: &str) {
    OUT.with(|out| out.borrow_mut().retain(|(k, _)| k != key));
}

/// What a miss of a key does.
#[derive(Debug)]
pub enum Turn {
    /// Makes the call; hands its entry to the waiters through [`Lead::done`] (or nothing, when
    /// dropped first).
    Lead(Lead),
    /// Another call is out: the entry it kept, if it kept one.
    Waited(Option<String>),
}

/// The leader of a key: resolves its waiters' promise once.
#[derive(Debug)]
pub struct Lead {
    key: String,
    resolve: Option<Function>,
}

/// Leads the call of `key`, or waits for the one that is out.
pub async fn turn(key: &str) -> Turn {
    if let Some(out) = out(key) {
        let kept = JsFuture::from(out).await.ok().and_then(|v| v.as_string());
        return Turn::Waited(kept);
    }
    let mut resolve = None;
    let promise = Promise::new(&mut |ok, _| resolve = Some(ok));
    OUT.with(|out| out.borrow_mut().push((key.to_owned(), promise)));
    Turn::Lead(Lead {
        key: key.to_owned(),
        resolve,
    })
}

impl Lead {
    /// Hands `entry` (what the call kept, if anything) to the waiters. While `stored` (the Cache
    /// API's write of the entry) is under way, later misses of the key get the entry from here
    /// too: they would not find it in the cache yet, and would call the upstream again.
    pub fn done(mut self, entry: Option<&str>, stored: Option<Promise>) {
        let Some(resolve) = self.resolve.take() else {
            return;
        };
        let _ = resolve.call1(
            &JsValue::UNDEFINED,
            &entry.map_or(JsValue::NULL, JsValue::from_str),
        );
        let key = std::mem::take(&mut self.key);
        match stored {
            Some(stored) => wasm_bindgen_futures::spawn_local(async move {
                let _ = JsFuture::from(stored).await;
                back(&key);
            }),
            None => back(&key),
        }
    }
}

impl Drop for Lead {
    /// A leader gone without [`Lead::done`] (a refusal, an error) hands its waiters nothing.
    fn drop(&mut self) {
        if let Some(resolve) = self.resolve.take() {
            back(&self.key);
            let _ = resolve.call1(&JsValue::UNDEFINED, &JsValue::NULL);
        }
    }
}
