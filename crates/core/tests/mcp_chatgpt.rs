//! ChatGPT's `search` and `fetch` (`magisterium_core::mcp::chatgpt`): offered only when asked for,
//! calling the same skills as `document_search` and `document_fetch`, and answered in the shape
//! ChatGPT's connectors and deep research read (the result as JSON in one text block, and as
//! `structuredContent` matching the tool's `outputSchema`), in both eras.

use serde_json::{json, Value};

use crate::common::fixture_json;
use magisterium_core::mcp::{chatgpt, result, tools, Era};
use magisterium_core::Skill;

fn tool(name: &str) -> Value {
    tools::table()
        .iter()
        .find(|t| t["name"] == name)
        .cloned()
        .unwrap()
}

/// The ChatGPT-shaped answer to the A2A fixture `fixture` of `skill`: its result, checked.
fn answered(skill: Skill, fixture: &str, name: &str, era: Era) -> Value {
    let a2a = fixture_json(&format!("responses/{fixture}.json"));
    let answer = chatgpt::reshape(result::tool_answer(skill, "the input", a2a, None)).in_era(era);
    let written: Value = serde_json::from_str(&answer.to_json()).unwrap();
    let result = written["result"].clone();
    let structured = &result["structuredContent"];
    let validator = jsonschema::validator_for(&tool(name)["outputSchema"]).unwrap();
    assert!(validator.is_valid(structured), "{name}: {structured:#}");
    // One text block, holding exactly `structuredContent` as JSON.
    let content = result["content"].as_array().unwrap();
    assert_eq!(content.len(), 1);
    assert_eq!(content[0]["type"], "text");
    let parsed: Value = serde_json::from_str(content[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(&parsed, structured);
    assert_eq!(result.get("resultType").is_some(), era == Era::Modern);
    result
}

#[test]
fn search_and_fetch_are_offered_only_when_asked_for() {
    let offered = |chatgpt| (Skill::ALL.as_slice(), chatgpt);
    let args = json!({ "query": "just wage" });
    let args = args.as_object().unwrap();
    let refused = tools::call_params("search", args, offered(false), "m").unwrap_err();
    assert_eq!(
        (refused.code, refused.message.as_str()),
        (-32602, "Unknown tool: search")
    );
    let (skill, input, params) = tools::call_params("search", args, offered(true), "m").unwrap();
    assert_eq!(
        (skill, input.as_str()),
        (Skill::DocumentSearch, "just wage")
    );
    assert_eq!(params["message"]["metadata"]["skillId"], "document_search");
    let id = json!({ "id": "10007" });
    let (skill, _, params) =
        tools::call_params("fetch", id.as_object().unwrap(), offered(true), "m").unwrap();
    assert_eq!(skill, Skill::DocumentFetch);
    assert_eq!(
        params["message"]["parts"][0],
        json!({ "kind": "data", "data": { "id": "10007" } })
    );
    // Not without their skill.
    let only_qa = ([Skill::CatholicQa].as_slice(), true);
    assert!(tools::call_params("search", args, only_qa, "m").is_err());
}

#[test]
fn answers_come_in_the_shape_chatgpt_reads() {
    for era in [Era::Legacy, Era::Modern] {
        let search = answered(Skill::DocumentSearch, "search_results", "search", era);
        let hits = search["structuredContent"]["results"].as_array().unwrap();
        assert!(!hits.is_empty());
        for hit in hits {
            assert!(hit["id"].is_string(), "ids as strings: {hit}");
            assert_eq!(hit.as_object().unwrap().len(), 3, "{hit}");
        }
        let fetched = answered(Skill::DocumentFetch, "document", "fetch", era);
        let document = &fetched["structuredContent"];
        assert_eq!(
            (document["id"].as_str(), document["title"].as_str()),
            (Some("12345"), Some("Rerum Novarum"))
        );
        assert!(document["text"]
            .as_str()
            .unwrap()
            .starts_with("# Rerum Novarum"));
        assert_eq!(
            document["metadata"],
            json!({ "author": "Pope Leo XIII", "ref": "Encyclical, 15 May 1891" })
        );
    }
    // A tool error stays one: not found, rate limited.
    for (skill, fixture) in [
        (Skill::DocumentFetch, "document_not_found"),
        (Skill::DocumentSearch, "error_rate_limited"),
    ] {
        let a2a = fixture_json(&format!("responses/{fixture}.json"));
        let answer = chatgpt::reshape(result::tool_answer(skill, "x", a2a, None));
        let written: Value = serde_json::from_str(&answer.to_json()).unwrap();
        assert_eq!(written["result"]["isError"], true, "{fixture}");
    }
}
