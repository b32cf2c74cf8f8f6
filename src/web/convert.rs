//! Typed core results as plain JavaScript objects. String nodes picked from the parsed body are
//! set as they are: nothing big is copied. The short strings a result carries (task id, hit ids,
//! URLs, titles) cross to JavaScript together, as one string cut at known offsets, and each result
//! object is built by one call into `runtime.js`.

use wasm_bindgen::JsValue;

use super::runtime;
use crate::protocol::decode::TaskInfo;
use crate::protocol::results::{
    Document, HitId, QaAnswer, SearchResults, SkillAnswer, SkillResult, TextResult,
};

/// Short strings packed into one, with the UTF-16 offset of each end (`runtime.js` cuts them).
#[derive(Default)]
pub(super) struct Packed {
    pub(super) strings: String,
    pub(super) ends: Vec<u32>,
    utf16: u32,
}

impl Packed {
    fn with_task(task: &TaskInfo) -> Self {
        let mut p = Self::default();
        p.push(&task.id);
        p.push(&task.context_id);
        p.push(&task.state);
        p
    }

    pub(super) fn push(&mut self, s: &str) {
        self.strings.push_str(s);
        let units = if s.is_ascii() {
            s.len()
        } else {
            s.encode_utf16().count()
        };
        self.utf16 += units as u32;
        self.ends.push(self.utf16);
    }
}

fn qa(answer: QaAnswer<JsValue>) -> JsValue {
    let p = Packed::with_task(&answer.task);
    runtime::qa_answer(
        &p.strings,
        &p.ends,
        &answer.answer,
        answer.citations,
        answer.related_questions,
    )
}

fn search(found: SearchResults<JsValue>) -> JsValue {
    let p = Packed::with_task(&found.task);
    let mut hits = Vec::with_capacity(3 * found.results.len());
    for hit in found.results {
        hits.push(match hit.id {
            HitId::Text(node) => node,
            // A safe integer (decode::integer): `String(n)` in runtime.js writes the same
            // decimal as Rust would, without a string crossing from wasm per id.
            HitId::Number(n) => JsValue::from_f64(n as f64),
        });
        hits.push(hit.url);
        hits.push(hit.title);
    }
    runtime::search_results(&p.strings, &p.ends, hits)
}

fn document(doc: Document<JsValue>) -> JsValue {
    let mut p = Packed::with_task(&doc.task);
    p.push(&doc.id);
    p.push(&doc.title);
    p.push(&doc.author);
    p.push(&doc.reference);
    runtime::document_result(&p.strings, &p.ends, &doc.text)
}

fn text(result: TextResult<JsValue>) -> JsValue {
    let p = Packed::with_task(&result.task);
    runtime::text_result(&p.strings, &p.ends, &result.text)
}

fn lookup(result: SkillResult<JsValue>) -> JsValue {
    let p = Packed::with_task(&result.task);
    runtime::skill_result(
        &p.strings,
        &p.ends,
        result.text,
        result.data,
        result.artifacts,
    )
}

/// The JavaScript value of a skill answer (`null` for a not-found answer).
pub fn skill_answer(answer: SkillAnswer<JsValue>) -> JsValue {
    match answer {
        SkillAnswer::Qa(a) => qa(a),
        SkillAnswer::Search(s) => search(s),
        SkillAnswer::Document(Some(d)) => document(d),
        SkillAnswer::Text(Some(t)) => text(t),
        SkillAnswer::Document(None) | SkillAnswer::Text(None) => JsValue::NULL,
        SkillAnswer::Lookup(l) => lookup(l),
    }
}
