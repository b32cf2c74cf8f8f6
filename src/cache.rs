//! The client's opt-in answer cache (`cache` of `ClientOptions`; docs/client.md, "Caching
//! answers"): the proxy's policy, keys and lifetimes from the core ([`magisterium_core::cache`]),
//! and its bounded store over JavaScript strings. A date in words ("today", "next Sunday") is sent
//! as it came and not kept, as the proxy does with words it cannot read: the calendar's date
//! reader would be about 2 KB of every download (docs/client.md, "Caching answers").
//!
//! What is kept is the answer's artifacts as JSON text (the length of that text is what
//! `maxBytes` counts), never the objects a caller got, which the caller may change. A hit parses
//! it into a Task of the caller's own: a fresh task id and artifact ids, the caller's `contextId`
//! (else a fresh one, as the service gives), the caller's own message as `history`, and
//! `metadata.cache: "hit"`, which the decoder reads into `task.cache`.

use std::cell::RefCell;

use js_sys::{Array, Reflect, JSON};
use wasm_bindgen::JsValue;

use super::globals::uuid;
use super::node::{member_name, Js};
use magisterium_core::cache::store::Store;
use magisterium_core::cache::{call_key, keeps, task_of, Mark};
use magisterium_core::ids::artifact_id;
use magisterium_core::request::SkillArg;
use magisterium_core::results::{decode_skill, SkillAnswer};
use magisterium_core::Skill;
use magisterium_platform::random::CryptoRandom;

/// The cache of one client.
#[derive(Debug)]
pub struct ClientCache {
    store: RefCell<Store<JsValue>>,
}

/// The key and subject a call is kept under.
#[derive(Debug)]
pub struct Keyed {
    key: String,
    subject: String,
}

/// The Task a hit's artifacts go into (parsed afresh for each hit); its ids, artifacts and
/// history are set per caller.
const HIT_TASK: &str =
    r#"{"kind":"task","status":{"state":"completed"},"metadata":{"cache":"hit"}}"#;

/// Sets `object[name]` (an object of this call's own: it cannot refuse).
fn set(object: &JsValue, name: &str, value: &JsValue) {
    let _ = Reflect::set(object, &member_name(name), value);
}

impl ClientCache {
    /// A cache of at most `max_entries` answers and `max_bytes` of their JSON text.
    pub fn new(max_entries: usize, max_bytes: usize) -> Self {
        Self {
            store: RefCell::new(Store::new(max_entries, max_bytes)),
        }
    }

    /// The key a call to `skill` with `arg` is kept under (`None`: not kept, as a date in words).
    pub fn key(&self, skill: Skill, arg: &SkillArg) -> Option<Keyed> {
        call_key(skill, arg).map(|(key, subject)| Keyed { key, subject })
    }

    /// The answer kept under `keyed` while it is fresh, as the typed result of the caller whose
    /// `message/send` request is `request` (its message becomes the Task's `history`).
    pub fn hit(
        &self,
        skill: Skill,
        keyed: &Keyed,
        request: &JsValue,
        context_id: Option<&str>,
        now_ms: f64,
    ) -> Option<SkillAnswer<Js>> {
        let text = self.store.borrow_mut().get(&keyed.key, now_ms)?;
        let artifacts = Js::parse(&text)?.0;
        for artifact in Array::from(&artifacts).iter() {
            set(
                &artifact,
                "artifactId",
                &artifact_id(&mut CryptoRandom).into(),
            );
        }
        let id = JsValue::from(uuid());
        let context_id = JsValue::from(context_id.map_or_else(uuid, ToOwned::to_owned));
        let params = Reflect::get(request, &member_name("params")).ok()?;
        let message = Reflect::get(&params, &member_name("message")).ok()?;
        set(&message, "taskId", &id);
        set(&message, "contextId", &context_id);
        let task = Js::parse(&JsValue::from_str(HIT_TASK))?;
        set(&task.0, "id", &id);
        set(&task.0, "contextId", &context_id);
        set(&task.0, "artifacts", &artifacts);
        set(&task.0, "history", &Array::of1(&message));
        decode_skill(skill, &task).ok()
    }

    /// Marks a typed result that came from the service (`miss` when it is of a kept kind,
    /// `bypass` when not, unless a proxy already said where it came from), and keeps its
    /// artifacts when it carries what its skill promises. A proxy's stale answer is not kept.
    pub fn keep(
        &self,
        skill: Skill,
        keyed: Option<Keyed>,
        answer: &mut SkillAnswer<Js>,
        now_ms: f64,
    ) {
        let kept_kind = keyed.as_ref().is_some_and(|k| keeps(answer, &k.subject));
        let Some(task) = task_of(answer) else { return };
        let mark = *task.cache.get_or_insert(if keyed.is_some() {
            Mark::Miss
        } else {
            Mark::Bypass
        });
        let (Some(keyed), true, false) = (keyed, kept_kind, mark == Mark::Stale) else {
            return;
        };
        let artifacts = Reflect::get(&task.raw.0, &member_name("artifacts"));
        let Some(text) = artifacts.ok().and_then(|a| JSON::stringify(&a).ok()) else {
            return;
        };
        let bytes = text.length() as usize;
        (self.store.borrow_mut()).put(skill, keyed.key, text.into(), bytes, now_ms);
    }
}
