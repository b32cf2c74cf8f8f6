//! Media types at the A2A 1.0 front door: a part of a media type Magisterium does not read is
//! `ContentTypeNotSupportedError` (-32005), and so is a 1.0 request whose body is not sent as JSON;
//! the 0.2.6 path is unchanged.

use magisterium_core::ids::SeededRandom;
use magisterium_core::serve::http::WorkerRequest;
use magisterium_stand_in::Agent;
use magisterium_worker::doors::front_door;
use serde_json::{json, Value};

fn request(body: &[u8], headers: &[(&str, &str)]) -> WorkerRequest {
    WorkerRequest {
        method: "POST".into(),
        path: "/api/v1/a2a".into(),
        origin: "http://127.0.0.1:8787".into(),
        headers: headers
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        body: body.to_vec(),
        client_key: "tester".into(),
        now_ms: 1_796_083_200_000.0,
        ..Default::default()
    }
}

/// One request through the door and the stand-in: (status, body).
fn call(body: &[u8], headers: &[(&str, &str)]) -> (u16, Value) {
    let req = request(body, headers);
    let mut agent = Agent::new(Default::default());
    let mut random = SeededRandom(9);
    let response = match front_door::open(&req) {
        Err(refused) => refused,
        Ok(None) => agent.handle(&req, &mut random),
        Ok(Some(opened)) => {
            let answer = agent.handle(&opened.request, &mut random);
            opened.door.close(answer)
        }
    };
    (
        response.status,
        serde_json::from_str(&response.body).unwrap(),
    )
}

const V1_JSON: [(&str, &str); 2] = [("content-type", "application/json"), ("a2a-version", "1.0")];

fn send(parts: Value) -> Vec<u8> {
    json!({"jsonrpc": "2.0", "id": 3, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m", "parts": parts, "metadata": {"skillId": "document_search"}}}})
    .to_string()
    .into_bytes()
}

fn reason(body: &Value) -> Option<&str> {
    body["error"]["data"]
        .as_array()?
        .iter()
        .find(|d| d["@type"] == "type.googleapis.com/google.rpc.ErrorInfo")?
        .get("reason")?
        .as_str()
}

#[test]
fn a_part_of_a_media_type_magisterium_does_not_read_is_content_type_not_supported() {
    for part in [
        json!({"raw": "dGNr", "mediaType": "application/x-unsupported-tck-type"}),
        json!({"url": "https://example.org/a.pdf", "mediaType": "application/pdf"}),
        json!({"raw": "dGNr"}),
        json!({"text": "just wage", "mediaType": "image/png"}),
        json!({"data": {"id": "1"}, "mediaType": "application/xml"}),
    ] {
        let (_, body) = call(&send(json!([{"text": "just wage"}, part])), &V1_JSON);
        assert_eq!(body["error"]["code"], -32005, "{part}: {body}");
        assert_eq!(reason(&body), Some("CONTENT_TYPE_NOT_SUPPORTED"), "{part}");
        assert_eq!(body["id"], 3);
    }
    for part in [
        json!({"text": "just wage"}),
        json!({"text": "just wage", "mediaType": "text/plain"}),
        json!({"text": "just wage", "mediaType": "text/markdown"}),
    ] {
        let (_, body) = call(&send(json!([part])), &V1_JSON);
        assert_eq!(
            body["result"]["task"]["status"]["state"], "TASK_STATE_COMPLETED",
            "{part}: {body}"
        );
    }
}

#[test]
fn a_1_0_request_not_sent_as_json_is_refused() {
    let body = send(json!([{"text": "just wage"}]));
    // The A2A TCK's probe: a body that is not even JSON, sent as text/plain with the 1.0 header.
    for (payload, headers) in [
        (
            &b"{'jsonrpc': '2.0'}"[..],
            [("content-type", "text/plain"), ("a2a-version", "1.0")],
        ),
        (
            &body[..],
            [("content-type", "text/plain"), ("a2a-version", "1.0")],
        ),
        (
            &body[..],
            [
                ("content-type", "application/x-www-form-urlencoded"),
                ("origin", "http://127.0.0.1:8787"),
            ],
        ),
    ] {
        let (status, answer) = call(payload, &headers);
        assert_eq!(status, 415, "{answer}");
        assert_eq!(answer["error"]["code"], -32005, "{answer}");
        assert_eq!(reason(&answer), Some("CONTENT_TYPE_NOT_SUPPORTED"));
    }
    for content_type in [
        "application/json; charset=utf-8",
        "application/a2a+json",
        "Application/JSON",
    ] {
        let (status, answer) = call(
            &body,
            &[("content-type", content_type), ("a2a-version", "1.0")],
        );
        assert_eq!(status, 200, "{content_type}: {answer}");
        assert!(answer.get("result").is_some(), "{content_type}: {answer}");
    }
    // No content type at all: read as JSON (liberal in what we accept).
    assert!(call(&body, &[("a2a-version", "1.0")])
        .1
        .get("result")
        .is_some());
}

#[test]
fn the_0_2_6_path_is_unchanged() {
    let legacy = json!({"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": {
        "role": "user", "kind": "message", "messageId": "m", "parts": [{"kind": "text", "text": "just wage"}],
        "metadata": {"skillId": "document_search"}}}})
    .to_string();
    let (_, answer) = call(legacy.as_bytes(), &[("content-type", "text/plain")]);
    assert_eq!(answer["result"]["status"]["state"], "completed", "{answer}");
    let (_, answer) = call(b"{'jsonrpc': '2.0'}", &[("content-type", "text/plain")]);
    assert_eq!(answer["error"]["code"], -32700, "{answer}");
}
