//! Typed core results as plain JavaScript objects. String nodes picked from the parsed body are
//! set as they are: nothing big is copied.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{intern, JsValue};

use crate::protocol::decode::TaskInfo;
use crate::protocol::results::{
    Document, QaAnswer, SearchResults, SkillAnswer, SkillResult, TextResult,
};

fn set(obj: &Object, key: &str, value: &JsValue) {
    let _ = Reflect::set(obj, &JsValue::from_str(intern(key)), value);
}

fn array(items: Vec<JsValue>) -> JsValue {
    items.into_iter().collect::<Array>().into()
}

fn task(info: TaskInfo) -> JsValue {
    let obj = Object::new();
    set(&obj, "id", &info.id.into());
    set(&obj, "contextId", &info.context_id.into());
    set(&obj, "state", &info.state.into());
    obj.into()
}

fn qa(answer: QaAnswer<JsValue>) -> JsValue {
    let obj = Object::new();
    set(&obj, "answer", &answer.answer);
    set(&obj, "citations", &array(answer.citations));
    set(&obj, "relatedQuestions", &array(answer.related_questions));
    set(&obj, "task", &task(answer.task));
    obj.into()
}

fn search(found: SearchResults) -> JsValue {
    let results = found
        .results
        .into_iter()
        .map(|hit| {
            let obj = Object::new();
            set(&obj, "id", &hit.id.into());
            set(&obj, "url", &hit.url.into());
            set(&obj, "title", &hit.title.into());
            JsValue::from(obj)
        })
        .collect();
    let obj = Object::new();
    set(&obj, "results", &array(results));
    set(&obj, "task", &task(found.task));
    obj.into()
}

fn document(doc: Document<JsValue>) -> JsValue {
    let obj = Object::new();
    set(&obj, "id", &doc.id.into());
    set(&obj, "title", &doc.title.into());
    set(&obj, "author", &doc.author.into());
    set(&obj, "ref", &doc.reference.into());
    set(&obj, "text", &doc.text);
    set(&obj, "task", &task(doc.task));
    obj.into()
}

fn text(result: TextResult<JsValue>) -> JsValue {
    let obj = Object::new();
    set(&obj, "text", &result.text);
    set(&obj, "task", &task(result.task));
    obj.into()
}

fn lookup(result: SkillResult<JsValue>) -> JsValue {
    let obj = Object::new();
    if let Some(t) = result.text {
        set(&obj, "text", &t);
    }
    set(&obj, "data", &array(result.data));
    set(
        &obj,
        "artifacts",
        &result.artifacts.unwrap_or_else(|| Array::new().into()),
    );
    set(&obj, "task", &task(result.task));
    obj.into()
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
