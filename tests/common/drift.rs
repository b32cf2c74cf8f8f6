//! The drift fixtures (`tests/fixtures/drift/<skill>/<name>.json`), shared by the core's native
//! test (`crates/core/tests/drift.rs`, over `serde_json`) and the SDK's browser test
//! (`tests/browser/drift.rs`, over `JSON.parse` through `decodeResponse` and the client): the list,
//! included at build time, and the one comparison both make. Each fixture is
//! `{ "about", "outcome", "response", "expect" }`: `expect` is the typed result without
//! `task.raw` (which must be the response's `result` as received), `null`, or
//! `{ "error": { "kind", "messageContains" } }`; `outcome`, for an answer that is kept, is what
//! `magisterium-a2a check` prints for it: `"as documented"` (no differences) or
//! `"kept with differences"` (`responseDifferences` lists some).

use serde_json::Value;

/// One fixture.
pub struct Case {
    /// The skill id (the directory).
    pub skill: &'static str,
    /// The file name without `.json`.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

macro_rules! cases {
    ($($skill:literal / $name:literal),* $(,)?) => {
        &[$(Case {
            skill: $skill,
            name: $name,
            text: include_str!(concat!("../fixtures/drift/", $skill, "/", $name, ".json")),
        }),*]
    };
}

/// Every drift fixture (`crates/core/tests/drift.rs` checks the list against the directory).
pub static CASES: &[Case] = cases![
    "catholic_qa" / "base",
    "catholic_qa" / "citation_members_missing",
    "catholic_qa" / "citation_members_of_another_shape",
    "catholic_qa" / "citation_nulls",
    "catholic_qa" / "citations_null",
    "catholic_qa" / "extra_artifacts",
    "catholic_qa" / "extra_members",
    "catholic_qa" / "extra_parts",
    "catholic_qa" / "index_is_a_string",
    "catholic_qa" / "list_members_of_another_shape",
    "catholic_qa" / "no_context_artifact_id_or_name",
    "catholic_qa" / "no_sources",
    "catholic_qa" / "one_data_part",
    "catholic_qa" / "parts_without_kind",
    "catholic_qa" / "reject_answer_not_text",
    "catholic_qa" / "reject_failed_with_extra_status_members",
    "catholic_qa" / "reject_no_artifact",
    "catholic_qa" / "reject_no_text_part",
    "catholic_qa" / "reject_result_is_a_message",
    "catholic_qa" / "reject_result_not_an_object",
    "catholic_qa" / "reject_status_missing",
    "catholic_qa" / "reject_wrong_id",
    "catholic_qa" / "renamed_artifact",
    "catholic_qa" / "reordered_parts",
    "catholic_qa" / "status_extra_members",
    "catholic_qa" / "task_id_number",
    "catholic_qa" / "year_is_a_number",
    "diocese_lookup" / "base",
    "diocese_lookup" / "extra_artifacts",
    "diocese_lookup" / "extra_members",
    "diocese_lookup" / "extra_parts",
    "diocese_lookup" / "no_artifacts",
    "diocese_lookup" / "no_context_artifact_id_or_name",
    "diocese_lookup" / "not_found",
    "diocese_lookup" / "parts_of_another_shape",
    "diocese_lookup" / "parts_without_kind",
    "diocese_lookup" / "record_drift_no_text",
    "diocese_lookup" / "reject_failed_with_extra_status_members",
    "diocese_lookup" / "reject_result_is_a_message",
    "diocese_lookup" / "reject_result_not_an_object",
    "diocese_lookup" / "reject_status_missing",
    "diocese_lookup" / "reject_wrong_id",
    "diocese_lookup" / "renamed_artifact",
    "diocese_lookup" / "reordered_parts",
    "diocese_lookup" / "status_extra_members",
    "diocese_lookup" / "task_id_number",
    "diocese_statistics_lookup" / "base",
    "diocese_statistics_lookup" / "extra_artifacts",
    "diocese_statistics_lookup" / "extra_members",
    "diocese_statistics_lookup" / "extra_parts",
    "diocese_statistics_lookup" / "no_artifacts",
    "diocese_statistics_lookup" / "no_context_artifact_id_or_name",
    "diocese_statistics_lookup" / "not_found",
    "diocese_statistics_lookup" / "parts_of_another_shape",
    "diocese_statistics_lookup" / "parts_without_kind",
    "diocese_statistics_lookup" / "record_drift_no_text",
    "diocese_statistics_lookup" / "reject_failed_with_extra_status_members",
    "diocese_statistics_lookup" / "reject_result_is_a_message",
    "diocese_statistics_lookup" / "reject_result_not_an_object",
    "diocese_statistics_lookup" / "reject_status_missing",
    "diocese_statistics_lookup" / "reject_wrong_id",
    "diocese_statistics_lookup" / "renamed_artifact",
    "diocese_statistics_lookup" / "reordered_parts",
    "diocese_statistics_lookup" / "status_extra_members",
    "diocese_statistics_lookup" / "task_id_number",
    "document_fetch" / "author_null",
    "document_fetch" / "base",
    "document_fetch" / "extra_artifacts",
    "document_fetch" / "extra_members",
    "document_fetch" / "extra_parts",
    "document_fetch" / "id_is_a_number",
    "document_fetch" / "metadata_missing",
    "document_fetch" / "no_context_artifact_id_or_name",
    "document_fetch" / "not_found",
    "document_fetch" / "not_found_extra_status",
    "document_fetch" / "parts_without_kind",
    "document_fetch" / "ref_missing",
    "document_fetch" / "reject_failed_with_extra_status_members",
    "document_fetch" / "reject_no_text_part",
    "document_fetch" / "reject_result_is_a_message",
    "document_fetch" / "reject_result_not_an_object",
    "document_fetch" / "reject_status_missing",
    "document_fetch" / "reject_text_is_null",
    "document_fetch" / "reject_wrong_id",
    "document_fetch" / "renamed_artifact",
    "document_fetch" / "reordered_parts",
    "document_fetch" / "status_extra_members",
    "document_fetch" / "task_id_number",
    "document_fetch" / "title_of_another_shape",
    "document_fetch" / "two_data_parts",
    "document_search" / "base",
    "document_search" / "empty",
    "document_search" / "extra_artifacts",
    "document_search" / "extra_members",
    "document_search" / "extra_parts",
    "document_search" / "hit_extra_members",
    "document_search" / "hits_of_another_shape",
    "document_search" / "id_is_a_number",
    "document_search" / "no_context_artifact_id_or_name",
    "document_search" / "parts_without_kind",
    "document_search" / "reject_failed_with_extra_status_members",
    "document_search" / "reject_result_is_a_message",
    "document_search" / "reject_result_not_an_object",
    "document_search" / "reject_results_missing",
    "document_search" / "reject_results_not_a_list",
    "document_search" / "reject_results_null",
    "document_search" / "reject_status_missing",
    "document_search" / "reject_wrong_id",
    "document_search" / "renamed_artifact",
    "document_search" / "reordered_parts",
    "document_search" / "results_after_other_parts",
    "document_search" / "status_extra_members",
    "document_search" / "task_id_number",
    "document_search" / "title_null_url_missing",
    "liturgical_readings" / "base",
    "liturgical_readings" / "extra_artifacts",
    "liturgical_readings" / "extra_data_part",
    "liturgical_readings" / "extra_members",
    "liturgical_readings" / "extra_parts",
    "liturgical_readings" / "no_context_artifact_id_or_name",
    "liturgical_readings" / "not_found",
    "liturgical_readings" / "not_found_padded",
    "liturgical_readings" / "parts_without_kind",
    "liturgical_readings" / "reject_failed_with_extra_status_members",
    "liturgical_readings" / "reject_no_text_part",
    "liturgical_readings" / "reject_result_is_a_message",
    "liturgical_readings" / "reject_result_not_an_object",
    "liturgical_readings" / "reject_status_missing",
    "liturgical_readings" / "reject_text_is_an_object",
    "liturgical_readings" / "reject_wrong_id",
    "liturgical_readings" / "renamed_artifact",
    "liturgical_readings" / "reordered_parts",
    "liturgical_readings" / "status_extra_members",
    "liturgical_readings" / "task_id_number",
    "person_lookup" / "base",
    "person_lookup" / "extra_artifacts",
    "person_lookup" / "extra_members",
    "person_lookup" / "extra_parts",
    "person_lookup" / "no_artifacts",
    "person_lookup" / "no_context_artifact_id_or_name",
    "person_lookup" / "not_found",
    "person_lookup" / "parts_of_another_shape",
    "person_lookup" / "parts_without_kind",
    "person_lookup" / "record_drift_no_text",
    "person_lookup" / "reject_failed_with_extra_status_members",
    "person_lookup" / "reject_result_is_a_message",
    "person_lookup" / "reject_result_not_an_object",
    "person_lookup" / "reject_status_missing",
    "person_lookup" / "reject_wrong_id",
    "person_lookup" / "renamed_artifact",
    "person_lookup" / "reordered_parts",
    "person_lookup" / "status_extra_members",
    "person_lookup" / "task_id_number",
    "pope_lookup" / "base",
    "pope_lookup" / "extra_artifacts",
    "pope_lookup" / "extra_members",
    "pope_lookup" / "extra_parts",
    "pope_lookup" / "no_artifacts",
    "pope_lookup" / "no_context_artifact_id_or_name",
    "pope_lookup" / "not_found",
    "pope_lookup" / "parts_of_another_shape",
    "pope_lookup" / "parts_without_kind",
    "pope_lookup" / "record_drift_no_text",
    "pope_lookup" / "reject_failed_with_extra_status_members",
    "pope_lookup" / "reject_result_is_a_message",
    "pope_lookup" / "reject_result_not_an_object",
    "pope_lookup" / "reject_status_missing",
    "pope_lookup" / "reject_wrong_id",
    "pope_lookup" / "renamed_artifact",
    "pope_lookup" / "reordered_parts",
    "pope_lookup" / "status_extra_members",
    "pope_lookup" / "task_id_number",
    "saint_lookup" / "base",
    "saint_lookup" / "extra_artifacts",
    "saint_lookup" / "extra_members",
    "saint_lookup" / "extra_parts",
    "saint_lookup" / "no_artifacts",
    "saint_lookup" / "no_context_artifact_id_or_name",
    "saint_lookup" / "not_found",
    "saint_lookup" / "parts_of_another_shape",
    "saint_lookup" / "parts_without_kind",
    "saint_lookup" / "record_drift_no_text",
    "saint_lookup" / "reject_failed_with_extra_status_members",
    "saint_lookup" / "reject_result_is_a_message",
    "saint_lookup" / "reject_result_not_an_object",
    "saint_lookup" / "reject_status_missing",
    "saint_lookup" / "reject_wrong_id",
    "saint_lookup" / "renamed_artifact",
    "saint_lookup" / "reordered_parts",
    "saint_lookup" / "status_extra_members",
    "saint_lookup" / "task_id_number",
    "saints_of_the_day" / "base",
    "saints_of_the_day" / "extra_artifacts",
    "saints_of_the_day" / "extra_data_part",
    "saints_of_the_day" / "extra_members",
    "saints_of_the_day" / "extra_parts",
    "saints_of_the_day" / "no_context_artifact_id_or_name",
    "saints_of_the_day" / "not_found",
    "saints_of_the_day" / "not_found_padded",
    "saints_of_the_day" / "parts_without_kind",
    "saints_of_the_day" / "reject_failed_with_extra_status_members",
    "saints_of_the_day" / "reject_no_text_part",
    "saints_of_the_day" / "reject_result_is_a_message",
    "saints_of_the_day" / "reject_result_not_an_object",
    "saints_of_the_day" / "reject_status_missing",
    "saints_of_the_day" / "reject_text_is_an_object",
    "saints_of_the_day" / "reject_wrong_id",
    "saints_of_the_day" / "renamed_artifact",
    "saints_of_the_day" / "reordered_parts",
    "saints_of_the_day" / "status_extra_members",
    "saints_of_the_day" / "task_id_number",
];

/// What a decoder gave: the typed result as JSON, or the error's kind and message.
#[derive(Debug)]
pub enum Outcome {
    /// The typed result (`null` for a not-found answer).
    Value(Value),
    /// The rejection.
    Error {
        /// `MagisteriumError.kind`.
        kind: String,
        /// `MagisteriumError.message`.
        message: String,
    },
}

impl Case {
    /// The fixture's JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(self.text)
            .unwrap_or_else(|e| panic!("{}/{}: {e}", self.skill, self.name))
    }

    /// The JSON-RPC answer, as text.
    pub fn response_text(&self) -> String {
        self.json()["response"].to_string()
    }

    /// Whether `outcome` is what the fixture expects; `Err` says how it differs.
    pub fn check(&self, outcome: Outcome) -> Result<(), String> {
        let fixture = self.json();
        let expect = &fixture["expect"];
        let at = format!("{}/{}", self.skill, self.name);
        match (expect.get("error"), outcome) {
            (Some(want), Outcome::Error { kind, message }) => {
                let contains = want["messageContains"].as_str().unwrap_or_default();
                if want["kind"] != kind.as_str() || !message.contains(contains) {
                    return Err(format!("{at}: expected {want}, got {kind}: {message}"));
                }
                Ok(())
            }
            (Some(want), Outcome::Value(v)) => Err(format!("{at}: expected {want}, got {v}")),
            (None, Outcome::Error { kind, message }) => {
                Err(format!("{at}: expected a result, got {kind}: {message}"))
            }
            (None, Outcome::Value(mut got)) => {
                if let Some(task) = got.get_mut("task").and_then(Value::as_object_mut) {
                    let raw = task.remove("raw").unwrap_or(Value::Null);
                    if !same(&raw, &fixture["response"]["result"]) {
                        return Err(format!("{at}: task.raw is not the Task as received: {raw}"));
                    }
                }
                if !same(&got, expect) {
                    return Err(format!("{at}:\n expected {expect}\n      got {got}"));
                }
                Ok(())
            }
        }
    }
}

/// JSON equality with numbers compared by value (`1` and `1.0` are one number in JavaScript).
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}
