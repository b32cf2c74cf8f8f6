//! The SDK's JSON view (`src/ (the JSON view over JSON.parse)` over `runtime.js`) against the core's serde view in
//! headless Chromium: `decodeResponse` decodes every response fixture exactly as the native core
//! does (`tests/decode_fixtures.rs`), the same success or the same error, word for word.

use magisterium_a2a::decode_response;
use magisterium_core::results::decode_skill_response;
use magisterium_core::Skill;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::support;
use support::text;

macro_rules! fixtures {
    ($(($skill:ident, $name:literal)),* $(,)?) => {
        [$((Skill::$skill, $name, include_str!(concat!("../fixtures/responses/", $name)))),*]
    };
}

#[wasm_bindgen_test]
fn decode_response_matches_the_native_core_on_every_fixture() {
    let cases = fixtures![
        (CatholicQa, "qa_answer.json"),
        (CatholicQa, "qa_answer_no_sources.json"),
        (CatholicQa, "floats_for_ints.json"),
        (CatholicQa, "unknown_part_kinds.json"),
        (CatholicQa, "citation_wrong_type.json"),
        (CatholicQa, "citation_not_object.json"),
        (CatholicQa, "task_failed.json"),
        (CatholicQa, "truncated.json"),
        (CatholicQa, "not_json.html"),
        (DocumentFetch, "document.json"),
        (DocumentFetch, "document_meta_missing.json"),
        (DocumentFetch, "document_not_found.json"),
        (DocumentFetch, "extra_artifacts.json"),
        (DocumentSearch, "search_results.json"),
        (DocumentSearch, "search_empty.json"),
        (DocumentSearch, "search_hit_wrong_type.json"),
        (DocumentSearch, "search_hit_not_object.json"),
        (DocumentSearch, "unknown_fields.json"),
        (DocumentSearch, "both_result_and_error.json"),
        (DocumentSearch, "neither_result_nor_error.json"),
        (DocumentSearch, "jsonrpc_1_0.json"),
        (DocumentSearch, "message_instead_of_task.json"),
        (DocumentSearch, "no_artifacts.json"),
        (DocumentSearch, "result_array.json"),
        (DocumentSearch, "status_missing.json"),
        (DocumentSearch, "task_rejected.json"),
        (DocumentSearch, "task_unknown_state.json"),
        (DocumentSearch, "task_working.json"),
        (DocumentSearch, "trailing_junk.json"),
        (LiturgicalReadings, "readings.json"),
        (LiturgicalReadings, "readings_not_found.json"),
        (LiturgicalReadings, "text_part_not_string.json"),
        (SaintsOfTheDay, "saints.json"),
        (SaintsOfTheDay, "saints_not_found.json"),
        (PopeLookup, "lookup_pope.json"),
        (SaintLookup, "lookup_not_found.json"),
        (DioceseStatisticsLookup, "lookup_statistics.json"),
    ];
    for (skill, name, body) in cases {
        let parsed = serde_json::from_str::<serde_json::Value>(body).ok();
        let native = decode_skill_response(skill, parsed.as_ref(), 200, None);
        let browser = decode_response(skill.id(), body).map(JsValue::from);
        match (native, browser) {
            (Ok(_), Ok(_)) => {}
            (Err(want), Err(got)) => {
                assert_eq!(text(&got, "kind"), want.kind().as_str(), "{name}");
                assert_eq!(text(&got, "message"), want.message(), "{name}");
            }
            (Ok(_), Err(got)) => panic!(
                "{name}: native decodes it, the browser fails: {}",
                text(&got, "message")
            ),
            (Err(want), Ok(_)) => panic!("{name}: the browser decodes it, native fails: {want}"),
        }
    }
}
