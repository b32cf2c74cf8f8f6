//! The MCP front door's protocol (`magisterium_core::mcp`), natively: the spec's own example
//! messages read, every answer checked against the spec's JSON schema (revisions 2025-11-25 and
//! 2025-06-18, `tests/fixtures/mcp/schema-*.json` from modelcontextprotocol/modelcontextprotocol),
//! the tool table, `tools/call` → the A2A `message/send`, and A2A answers (the named fixtures of
//! `tests/fixtures/responses/`) → `CallToolResult`s that match each tool's `outputSchema`.

use serde_json::{json, Value};

use crate::common::fixture_json;
use magisterium_core::mcp::{self, result, tools, Call, Message};
use magisterium_core::serve::params::{check_send_params, SkillInput};
use magisterium_core::Skill;

const REVISIONS: [&str; 2] = ["2025-11-25", "2025-06-18"];

/// Checks `instance` against the definition `def` of the spec's schema of `revision`.
fn conforms(revision: &str, def: &str, instance: &Value) {
    let mut schema = fixture_json(&format!("mcp/schema-{revision}.json"));
    let defs = if schema.get("$defs").is_some() {
        "$defs"
    } else {
        "definitions"
    };
    schema["$ref"] = json!(format!("#/{defs}/{def}"));
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{def} ({revision}): {errors:?}\n{instance:#}"
    );
}

fn both(def: &str, instance: &Value) {
    for revision in REVISIONS {
        conforms(revision, def, instance);
    }
}

fn request(body: &Value) -> (Value, Call) {
    match mcp::read(body.to_string().as_bytes()) {
        Ok(Message::Request(id, call, _)) => (id, call),
        other => panic!("not a request: {other:?}"),
    }
}

/// The JSON-RPC error of a refused message: (HTTP status, code, message).
fn refusal(body: &[u8]) -> (u16, i64, String) {
    let response = mcp::read(body).unwrap_err();
    let parsed: Value = serde_json::from_str(&response.body).unwrap();
    // Without an id (a message that is not a request) only 2025-11-25's schema has a shape for
    // it; 2025-06-18's error requires an id.
    match parsed.get("id") {
        Some(_) => both("JSONRPCMessage", &parsed),
        None => conforms("2025-11-25", "JSONRPCMessage", &parsed),
    }
    let error = &parsed["error"];
    (
        response.status,
        error["code"].as_i64().unwrap(),
        error["message"].as_str().unwrap().to_owned(),
    )
}

#[test]
fn the_spec_examples_are_read() {
    for name in ["initialize", "tools_list", "ping", "tools_call_unknown"] {
        both(
            "JSONRPCMessage",
            &fixture_json(&format!("mcp/requests/{name}.json")),
        );
    }
    let (id, call) = request(&fixture_json("mcp/requests/initialize.json"));
    assert_eq!(
        (id, call),
        (json!(1), Call::Initialize(Some("2025-11-25".into())))
    );
    assert_eq!(
        request(&fixture_json("mcp/requests/tools_list.json")).1,
        Call::ListTools
    );
    assert_eq!(
        request(&fixture_json("mcp/requests/ping.json")),
        (json!("123"), Call::Ping)
    );
    let (_, call) = request(&fixture_json("mcp/requests/tools_call_unknown.json"));
    let arguments = json!({ "location": "New York" })
        .as_object()
        .unwrap()
        .clone();
    assert_eq!(call, Call::CallTool("get_weather".into(), arguments));
    // A notification and a response (to a request of ours) are accepted, nothing answered.
    let initialized = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" });
    both("JSONRPCMessage", &initialized);
    assert_eq!(
        mcp::read(initialized.to_string().as_bytes()),
        Ok(Message::Accepted)
    );
    let response = json!({ "jsonrpc": "2.0", "id": 7, "result": {} });
    assert_eq!(
        mcp::read(response.to_string().as_bytes()),
        Ok(Message::Accepted)
    );
}

#[test]
fn what_is_not_an_mcp_request_gets_the_spec_error() {
    assert_eq!(refusal(b"{not json"), (400, -32700, "Parse error".into()));
    let batch = br#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#;
    assert_eq!(refusal(batch).0, 400);
    assert_eq!(refusal(batch).1, -32600);
    for bad in [
        r#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":{},"method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":7}"#,
        r#"{"jsonrpc":"2.0","id":1}"#,
        r#"{"jsonrpc":"2.0"}"#,
        r#""ping""#,
    ] {
        assert_eq!(refusal(bad.as_bytes()).1, -32600, "{bad}");
    }
    // A method this endpoint does not serve is read; its -32601 depends on the era (mcp_era.rs).
    let other = json!({ "jsonrpc": "2.0", "id": 2, "method": "resources/list" });
    assert_eq!(request(&other).1, Call::Other("resources/list".into()));
    for (bad, why) in [
        (
            r#"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{}}"#,
            "protocolVersion",
        ),
        (
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"arguments":{}}}"#,
            "name",
        ),
        (
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"x","arguments":[1]}}"#,
            "arguments",
        ),
        (
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":[]}"#,
            "params",
        ),
    ] {
        let (status, code, message) = refusal(bad.as_bytes());
        assert_eq!((status, code), (200, -32602), "{bad}");
        assert!(message.contains(why), "{message}");
    }
}

#[test]
fn initialize_negotiates_the_revision() {
    for revision in REVISIONS {
        let result = mcp::initialize_result(Some(revision));
        assert_eq!(result["protocolVersion"], revision);
        both("InitializeResult", &result);
        both("JSONRPCMessage", &mcp::success(&json!(1), result));
    }
    for other in [Some("2024-11-05"), Some("2026-07-28"), Some("junk"), None] {
        assert_eq!(
            mcp::initialize_result(other)["protocolVersion"],
            "2025-11-25"
        );
    }
    let result = mcp::initialize_result(None);
    assert_eq!(result["serverInfo"]["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(
        result["capabilities"],
        json!({ "tools": { "listChanged": false } })
    );
    assert!(mcp::header_supported(None));
    assert!(mcp::header_supported(Some("2025-06-18")));
    assert!(!mcp::header_supported(Some("2025-03-26")));
}

#[test]
fn one_tool_per_skill_in_the_cards_order() {
    let table = tools::table();
    let names: Vec<&str> = table.iter().map(|t| t["name"].as_str().unwrap()).collect();
    // One per skill in the card's order, then ChatGPT's two.
    let mut ids: Vec<&str> = Skill::ALL.iter().map(|s| s.id()).collect();
    ids.extend(tools::CHATGPT_TOOLS.map(|(name, _)| name));
    assert_eq!(names, ids);
    for tool in table {
        both("Tool", tool);
        let argument = tools::argument(tool).unwrap();
        assert_eq!(tool["inputSchema"]["required"], json!([argument]));
        assert_eq!(
            tool["inputSchema"]["properties"][argument]["type"],
            "string"
        );
        assert!(
            tool["description"].as_str().unwrap().len() > 60,
            "{}",
            tool["name"]
        );
        assert_eq!(tool["annotations"]["readOnlyHint"], true);
        if let Some(output) = tool.get("outputSchema") {
            assert_eq!(output["type"], "object");
            jsonschema::validator_for(output).unwrap();
        }
    }
    let all = tools::list_result(&Skill::ALL, false);
    both("ListToolsResult", &all);
    assert_eq!(all["tools"].as_array().unwrap().len(), Skill::ALL.len());
    let with_chatgpt = tools::list_result(&Skill::ALL, true);
    assert_eq!(
        with_chatgpt["tools"].as_array().unwrap().len(),
        Skill::ALL.len() + 2
    );
    // ChatGPT's tools follow their skills: without document_search, no `search`.
    let fetch_only = tools::list_result(&[Skill::DocumentFetch], true);
    assert_eq!(fetch_only["tools"].as_array().unwrap().len(), 2);
    assert_eq!(fetch_only["tools"][1]["name"], "fetch");
    let some = tools::list_result(&[Skill::PopeLookup, Skill::CatholicQa], true);
    let listed: Vec<&str> = some["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(listed, ["catholic_qa", "pope_lookup"]);
    assert_eq!(tools::list_result(&[], true), json!({ "tools": [] }));
}

fn call(name: &str, arguments: Value, allowed: &[Skill]) -> Result<(Skill, String, Value), String> {
    let offered = (allowed, false);
    tools::call_params(name, arguments.as_object().unwrap(), offered, "m-1").map_err(|f| {
        assert_eq!(f.code, -32602);
        f.message
    })
}

#[test]
fn tools_call_becomes_the_a2a_message_send() {
    for skill in Skill::ALL {
        let tool = tools::table()
            .iter()
            .find(|t| t["name"] == skill.id())
            .unwrap();
        let argument = tools::argument(tool).unwrap();
        let (chosen, input, params) = call(
            skill.id(),
            json!({ argument: "  2026-03-19 " }),
            &Skill::ALL,
        )
        .unwrap();
        assert_eq!((chosen, input.as_str()), (skill, "2026-03-19"));
        // The same checks the A2A path runs on a client's message/send.
        let (message, checked) = check_send_params(&params).unwrap();
        assert_eq!(checked, skill);
        assert_eq!(
            SkillInput::from_parts(skill, &message.parts)
                .unwrap()
                .as_str(),
            "2026-03-19"
        );
        let part = &params["message"]["parts"][0];
        if skill == Skill::DocumentFetch {
            assert_eq!(
                part,
                &json!({ "kind": "data", "data": { "id": "2026-03-19" } })
            );
        } else {
            assert_eq!(part, &json!({ "kind": "text", "text": "2026-03-19" }));
        }
        assert_eq!(params["message"]["messageId"], "m-1");
    }
    let q = |v: Value| call("document_search", v, &Skill::ALL).unwrap_err();
    assert_eq!(
        call("get_weather", json!({}), &Skill::ALL).unwrap_err(),
        "Unknown tool: get_weather"
    );
    assert_eq!(
        call(
            "catholic_qa",
            json!({ "question": "x" }),
            &[Skill::PopeLookup]
        )
        .unwrap_err(),
        "Unknown tool: catholic_qa"
    );
    assert_eq!(
        q(json!({ "q": "wage" })),
        "Invalid arguments: query is required"
    );
    assert_eq!(
        q(json!({ "query": 7 })),
        "Invalid arguments: query must be a string"
    );
    assert_eq!(
        q(json!({ "query": " \n" })),
        "Invalid arguments: query must not be blank"
    );
    assert_eq!(
        q(json!({ "query": "é".repeat(4001) })),
        "Invalid arguments: query is longer than 4000 characters"
    );
    assert!(call(
        "document_search",
        json!({ "query": "é".repeat(4000) }),
        &Skill::ALL
    )
    .is_ok());
}

/// The MCP answer as a client reads it: its JSON text, parsed.
fn written(answer: result::ToolAnswer) -> Value {
    serde_json::from_str(&answer.to_json()).unwrap()
}

/// The MCP answer to the A2A fixture `name` for `skill`, checked against the schema; its result.
fn answer(skill: Skill, fixture: &str, retry_after: Option<&str>) -> Value {
    let a2a = fixture_json(&format!("responses/{fixture}.json"));
    let mcp_answer = written(result::tool_answer(
        skill,
        "the input",
        a2a.clone(),
        retry_after,
    ));
    both("JSONRPCMessage", &mcp_answer);
    assert_eq!(mcp_answer["id"], a2a["id"]);
    let result = mcp_answer["result"].clone();
    if !result.is_null() {
        both("CallToolResult", &result);
    }
    result
}

fn text(result: &Value) -> String {
    result["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn answers_become_tool_results_matching_the_output_schema() {
    let cases = [
        (Skill::CatholicQa, "qa_answer"),
        (Skill::CatholicQa, "qa_answer_no_sources"),
        (Skill::DocumentSearch, "search_results"),
        (Skill::DocumentSearch, "search_empty"),
        (Skill::DocumentFetch, "document"),
        (Skill::LiturgicalReadings, "readings"),
        (Skill::SaintsOfTheDay, "saints"),
        (Skill::PopeLookup, "lookup_pope"),
        (Skill::DioceseStatisticsLookup, "lookup_statistics"),
    ];
    for (skill, fixture) in cases {
        let result = answer(skill, fixture, None);
        assert_eq!(result.get("isError"), None, "{fixture}: {}", text(&result));
        assert!(!text(&result).is_empty(), "{fixture}");
        let tool = tools::table()
            .iter()
            .find(|t| t["name"] == skill.id())
            .unwrap();
        match tool.get("outputSchema") {
            Some(schema) => {
                let validator = jsonschema::validator_for(schema).unwrap();
                assert!(
                    validator.is_valid(&result["structuredContent"]),
                    "{fixture}: {:#}",
                    result["structuredContent"]
                );
            }
            None => assert_eq!(result.get("structuredContent"), None, "{fixture}"),
        }
    }
    let qa = answer(Skill::CatholicQa, "qa_answer", None);
    assert!(text(&qa).contains("\n\nSources:\n[^1] "), "{}", text(&qa));
    assert_eq!(
        qa["structuredContent"]["citations"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let search = answer(Skill::DocumentSearch, "search_results", None);
    let links: Vec<&Value> = search["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["type"] == "resource_link")
        .collect();
    let hits = search["structuredContent"]["results"].as_array().unwrap();
    assert_eq!(links.len(), hits.len());
    assert_eq!(links[0]["uri"], hits[0]["url"]);
    assert!(text(&search).starts_with(&format!(
        "{} documents found for \"the input\":",
        hits.len()
    )));
    let doc = answer(Skill::DocumentFetch, "document", None);
    assert!(doc["structuredContent"]["text"].as_str().unwrap().len() > 10);
    assert_eq!(
        text(&doc),
        doc["structuredContent"]["text"].as_str().unwrap()
    );
}

#[test]
fn a_rate_limited_result_names_the_limit_that_refused() {
    let refusal = |data: Value| json!({ "jsonrpc": "2.0", "id": 1, "error": { "code": -32029, "message": "Rate limit exceeded", "data": data } });
    let cases = [
        // The service's own limit, in the refusal's pool (a Q&A can be refused in the pool of all calls).
        (json!({ "pool": "default", "retryAfterSeconds": 7 }), "Rate limited: the service allows 15 calls a minute. Try again in 7 seconds."),
        // The proxy's per-client share, with its window.
        (json!({ "pool": "catholic_qa", "retryAfterSeconds": 9, "limit": "client", "allowed": 1, "windowSeconds": 10 }), "Rate limited: this server's per-client limit allows each client 1 catholic_qa call per 10 seconds. Try again in 9 seconds."),
        // The account's budget behind the proxy, shared by its clients.
        (json!({ "pool": "catholic_qa", "retryAfterSeconds": 30, "limit": "account", "allowed": 2, "windowSeconds": 60 }), "Rate limited: this server's Magisterium account has used its budget of 2 catholic_qa calls a minute, shared by all its clients. Try again in 30 seconds."),
    ];
    for (data, expected) in cases {
        let mcp_answer = written(result::tool_answer(
            Skill::CatholicQa,
            "q",
            refusal(data),
            None,
        ));
        assert_eq!(mcp_answer["result"]["isError"], true);
        assert_eq!(mcp_answer["result"]["content"][0]["text"], expected);
    }
}

#[test]
fn what_a_caller_can_act_on_is_a_tool_error() {
    let cases = [
        (Skill::DocumentFetch, "document_not_found", None, "Not found: \"the input\": no document has this id"),
        (Skill::LiturgicalReadings, "readings_not_found", None, "Not found: \"the input\": bad date, or nothing on it. Give an ISO date"),
        (Skill::SaintsOfTheDay, "saints_not_found", None, "Not found: \"the input\": bad date"),
        (Skill::SaintLookup, "lookup_not_found", None, "Not found: \"the input\": nothing matches"),
        // The refusal's pool (this fixture's is catholic_qa), not the skill's.
        (Skill::DocumentSearch, "error_rate_limited", Some("30"), "Rate limited: the service allows 2 catholic_qa calls a minute. Try again in 30 seconds."),
        (Skill::CatholicQa, "error_rate_limited", None, "Rate limited: the service allows 2 catholic_qa calls a minute. Try again in 42 seconds."),
        (Skill::CatholicQa, "error_rate_limited", Some("Wed, 21 Oct 2026 07:28:00 GMT"), "Try again in 42 seconds."),
        (Skill::DocumentSearch, "error_rate_limited_message_only", None, "could not answer (-32000): Rate limit exceeded for this minute"),
        (Skill::DocumentSearch, "error_plan_required", None, "Plan required: "),
        (Skill::DocumentSearch, "error_unauthorized", None, "Unauthorized: Magisterium refused this server's credential"),
        (Skill::DocumentSearch, "error_internal", None, "Magisterium could not answer (-32603)"),
        (Skill::DocumentSearch, "task_failed", None, "The task failed: "),
        (Skill::DocumentSearch, "no_artifacts", None, "The agent gave no answer"),
        (Skill::PopeLookup, "search_results", None, "The agent's answer carries no record"),
    ];
    for (skill, fixture, retry_after, expected) in cases {
        let result = answer(skill, fixture, retry_after);
        assert_eq!(result["isError"], true, "{fixture}");
        assert!(
            text(&result).contains(expected),
            "{fixture}: {}",
            text(&result)
        );
        assert_eq!(result.get("structuredContent"), None);
    }
    // Protocol misuse stays a JSON-RPC error, code and message as given.
    for (fixture, code) in [
        ("error_invalid_params", -32602),
        ("error_method_not_found", -32601),
    ] {
        let a2a = fixture_json(&format!("responses/{fixture}.json"));
        let mcp_answer = written(result::tool_answer(
            Skill::DocumentSearch,
            "q",
            a2a.clone(),
            None,
        ));
        both("JSONRPCMessage", &mcp_answer);
        assert_eq!(mcp_answer["error"]["code"], code);
        assert_eq!(mcp_answer["error"]["message"], a2a["error"]["message"]);
    }
    // An agent answering with a message instead of a task: its text.
    let message = answer(Skill::LiturgicalReadings, "message_instead_of_task", None);
    assert_eq!(message.get("isError"), None);
}
