//! The invariants of the fuzz targets. The cargo-fuzz targets (`fuzz_targets/*.rs`) call these
//! functions, and `tests/fuzz_replay.rs` includes this very file to replay every corpus and every
//! saved crash natively on stable, so a finding and its fixture test run the same code.
//!
//! Every check panics (with a message naming the broken invariant) when an invariant does not hold.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

/// The targets and the directory names of their corpora (`fuzz/corpus/<target>/`).
pub const TARGETS: [&str; 4] = ["decode_response", "proxy_request", "date_query", "markdown"];

/// Runs `data` through the check of `target`; `false` for a target this build does not have.
pub fn check(target: &str, data: &[u8]) -> bool {
    match target {
        "decode_response" => check_decode_response(data),
        #[cfg(feature = "stand-in")]
        "proxy_request" => check_proxy_request(data),
        #[cfg(feature = "stand-in")]
        "date_query" => check_date_query(data),
        #[cfg(feature = "markdown")]
        "markdown" => check_markdown(data),
        _ => return false,
    }
    true
}

// ------------------------------------------------------------------------------------------------
// The response decoder: `decode_skill_response` over serde_json for every skill, and the Task
// decoders, with several HTTP statuses, with and without the id check.

/// Invariants: no panic; deterministic; a success only for a 2xx JSON-RPC `result` with our id that
/// is a completed Task; an error of a kind a response can cause (never timeout, aborted, network,
/// invalid_input); `invalid_response` for a 2xx body that is not JSON; messages do not grow with
/// the input beyond a small constant.
pub fn check_decode_response(data: &[u8]) {
    use magisterium_a2a::protocol::results::{
        decode_sent_task, decode_skill_response, decode_task,
    };
    use magisterium_a2a::protocol::wire::RequestId;
    use magisterium_a2a::protocol::{Error, ErrorKind, Skill};
    use serde_json::Value;

    let body: Option<Value> = serde_json::from_slice(data).ok();
    let ids = [RequestId::from("req-1"), RequestId::from(7)];
    let check_error = |e: &Error, status: u16, what: &str| {
        let allowed = match e.kind() {
            ErrorKind::Timeout
            | ErrorKind::Aborted
            | ErrorKind::Network
            | ErrorKind::InvalidInput => false,
            ErrorKind::HttpError => !(200..300).contains(&status),
            _ => true,
        };
        assert!(allowed, "{what}: kind {:?} for status {status}", e.kind());
        assert!(!e.message().is_empty(), "{what}: an empty message");
        assert!(
            e.message().len() <= data.len() + 512,
            "{what}: a message of {} bytes for {} input bytes",
            e.message().len(),
            data.len()
        );
        if body.is_none() && (200..300).contains(&status) {
            assert_eq!(
                e.kind(),
                ErrorKind::InvalidResponse,
                "{what}: a 2xx body that is not JSON"
            );
        }
    };
    let check_ok = |status: u16, id: Option<&RequestId>, what: &str| {
        assert!(
            (200..300).contains(&status),
            "{what}: success with status {status}"
        );
        let body = body.as_ref().expect("success without a JSON body");
        assert_eq!(
            body.get("jsonrpc").and_then(Value::as_str),
            Some("2.0"),
            "{what}: jsonrpc"
        );
        assert!(
            body.get("error").is_none(),
            "{what}: success with an error member"
        );
        let result = body.get("result").expect("success without a result");
        assert_eq!(
            result.get("kind").and_then(Value::as_str),
            Some("task"),
            "{what}: result.kind"
        );
        if let Some(id) = id {
            let got: Option<RequestId> = body
                .get("id")
                .and_then(|v| serde_json::from_value(v.clone()).ok());
            assert_eq!(got.as_ref(), Some(id), "{what}: success for another id");
        }
        result
    };
    for (status, id) in [
        (200, Some(&ids[0])),
        (200, Some(&ids[1])),
        (200, None),
        (201, None),
        (429, None),
        (500, None),
    ] {
        for skill in Skill::ALL {
            let what = format!("{} {status} {id:?}", skill.id());
            let first = decode_skill_response(skill, body.as_ref(), status, id);
            let again = decode_skill_response(skill, body.as_ref(), status, id);
            assert_eq!(first, again, "{what}: not deterministic");
            match &first {
                Ok(_) => {
                    let result = check_ok(status, id, &what);
                    let state = result.pointer("/status/state").and_then(Value::as_str);
                    assert_eq!(
                        state,
                        Some("completed"),
                        "{what}: a typed answer from an unfinished task"
                    );
                }
                Err(e) => check_error(e, status, &what),
            }
        }
        match decode_sent_task(body.as_ref(), status, id) {
            Ok(_) => {
                let result = check_ok(status, id, "decode_sent_task");
                // `send` resolves a Task in any state but failed and rejected (sdk-api.md).
                let state = result.pointer("/status/state").and_then(Value::as_str);
                assert!(
                    state.is_some_and(|s| s != "failed" && s != "rejected"),
                    "decode_sent_task: a {state:?} task resolved"
                );
            }
            Err(e) => check_error(&e, status, "decode_sent_task"),
        }
        match decode_task(body.as_ref(), status, id) {
            Ok(_) => {
                check_ok(status, id, "decode_task");
            }
            Err(e) => check_error(&e, status, "decode_task"),
        }
    }
}

// ------------------------------------------------------------------------------------------------
// The proxy's request validator (`worker::proxy::inspect` through `App::handle`) and what it does
// with an upstream answer (`App::finish`), plus the embedded agent on the same bytes.

#[cfg(feature = "stand-in")]
const UPSTREAM: &str = "http://127.0.0.1:18900/by-query";
#[cfg(feature = "stand-in")]
const SECRET: &str = "fuzz-secret-token-0123456789";

/// Invariants: no panic; a request is forwarded only to the configured upstream, only as one
/// JSON-RPC 2.0 object with an allowed method (and skill) whose id the plan keeps; every local
/// answer is JSON (a JSON-RPC error for refusals); nothing answered ever carries the secret; an
/// upstream answer (these same bytes) becomes either the upstream's JSON-RPC body unchanged or a
/// JSON-RPC error of the proxy.
#[cfg(feature = "stand-in")]
pub fn check_proxy_request(data: &[u8]) {
    use magisterium_a2a::worker::app::{App, Route};
    use magisterium_a2a::worker::http::{WorkerRequest, WorkerResponse};
    use magisterium_a2a::worker::ids::SeededRandom;
    use magisterium_a2a::worker::settings::Settings;
    use magisterium_a2a::worker::upstream::UpstreamOutcome;
    use serde_json::Value;
    use std::collections::HashMap;

    let selector = data.iter().fold(0u8, |a, b| a.wrapping_add(*b));
    let mut vars: HashMap<String, String> = [
        ("UPSTREAM_URL", UPSTREAM),
        ("MAGISTERIUM_TOKEN", SECRET),
        ("ALLOWED_ORIGINS", "https://app.example"),
        ("AGENT_REQUIRE_TOKEN", SECRET),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    let mut has_binding = false;
    match selector % 5 {
        1 => {
            vars.insert("ALLOWED_SKILLS".into(), "catholic_qa,document_fetch".into());
            vars.insert("PROXY_RATE_LIMITS".into(), "off".into());
        }
        2 => has_binding = true,
        3 => {
            vars.insert("UPSTREAM_URL".into(), "embedded".into());
        }
        4 => {
            vars.insert("UPSTREAM_URL".into(), "embedded".into());
            vars.remove("AGENT_REQUIRE_TOKEN");
            vars.insert("AGENT_RATE_LIMITS".into(), "on".into());
        }
        _ => {}
    }
    let embedded = vars.get("UPSTREAM_URL").map(String::as_str) == Some("embedded");
    let settings = Settings::from_vars(|name| vars.get(name).cloned());
    let origin = match (selector / 5) % 4 {
        0 => None,
        1 => Some("https://app.example"),
        2 => Some("https://evil.example"),
        _ => Some("null"),
    };
    let mut headers = vec![("content-type".to_owned(), "application/json".to_owned())];
    if let Some(o) = origin {
        headers.push(("origin".into(), o.into()));
    }
    if selector % 7 == 0 {
        headers.push(("authorization".into(), format!("Bearer {SECRET}")));
    }
    let request = WorkerRequest {
        method: "POST".into(),
        path: "/api/v1/a2a".into(),
        origin: "https://proxy.example".into(),
        headers,
        body: data.to_vec(),
        client_key: "198.51.100.7".into(),
        now_ms: 1_796_083_200_000.0,
        ..Default::default()
    };
    // The secret may only come back when the request itself carried it (the stand-in echoes text).
    let echoed = String::from_utf8_lossy(data).contains(SECRET);
    let no_secret = |r: &WorkerResponse, what: &str| {
        if echoed {
            return;
        }
        assert!(!r.body.contains(SECRET), "{what}: the secret in a body");
        for (name, value) in &r.headers {
            assert!(
                !value.contains(SECRET) && !name.contains(SECRET),
                "{what}: the secret in a header"
            );
        }
        assert!(r.header("set-cookie").is_none(), "{what}: a Set-Cookie");
    };
    let mut app = App::new();
    let route = app.handle(&request, &settings, &mut SeededRandom(7), has_binding);
    let route_again = App::new().handle(&request, &settings, &mut SeededRandom(7), has_binding);
    assert_eq!(
        format!("{route:?}"),
        format!("{route_again:?}"),
        "not deterministic"
    );
    match route {
        Route::Forward(plan) => {
            assert!(!embedded, "the embedded agent forwarded a request");
            assert_eq!(plan.upstream_url, UPSTREAM, "forwarded somewhere else");
            assert!(
                origin.is_none() || origin == Some("https://app.example"),
                "forwarded for origin {origin:?}"
            );
            let body: Value =
                serde_json::from_slice(data).expect("forwarded a body that is not JSON");
            let obj = body
                .as_object()
                .expect("forwarded a body that is not one object");
            assert_eq!(obj.get("jsonrpc").and_then(Value::as_str), Some("2.0"));
            let method = obj
                .get("method")
                .and_then(Value::as_str)
                .unwrap_or_default();
            assert!(
                matches!(method, "message/send" | "tasks/get" | "tasks/cancel"),
                "forwarded method {method:?}"
            );
            assert_eq!(plan.method, method);
            assert_eq!(Some(&plan.rpc_id), obj.get("id"), "the plan lost the id");
            assert!(
                plan.rpc_id.is_string() || plan.rpc_id.is_number(),
                "forwarded id {:?}",
                plan.rpc_id
            );
            if method == "message/send" {
                let skill = plan
                    .skill
                    .as_deref()
                    .expect("a message/send without a skill");
                assert!(
                    settings.allowed_skills.iter().any(|s| s.id() == skill),
                    "forwarded skill {skill} is not allowed"
                );
            }
            // The same bytes as the upstream's answer, with a few statuses.
            for (status, retry_after) in [
                (200u16, true),
                (429, true),
                (429, false),
                (500, false),
                (302, true),
            ] {
                let mut headers = vec![("set-cookie".into(), "sid=upstream".into())];
                if retry_after {
                    headers.push(("retry-after".into(), "5".into()));
                }
                let outcome = UpstreamOutcome::Answer {
                    status,
                    headers,
                    body: data.to_vec(),
                };
                let (r, cache) = app.finish(&plan, outcome, &settings, origin);
                no_secret(&r, "finish");
                let answer: Value = serde_json::from_str(&r.body).expect("finish: not JSON");
                if r.body.as_bytes() != data {
                    assert_eq!(answer.get("jsonrpc").and_then(Value::as_str), Some("2.0"));
                    assert!(
                        answer
                            .pointer("/error/code")
                            .and_then(Value::as_i64)
                            .is_some(),
                        "finish: not a JSON-RPC error"
                    );
                    assert!(
                        r.status >= 400,
                        "finish: an own answer with status {}",
                        r.status
                    );
                    assert!(cache.is_none(), "finish: cached an own answer");
                }
                if r.status == 429 {
                    assert!(
                        r.header("retry-after").is_some(),
                        "finish: a 429 without Retry-After"
                    );
                }
                if (300..400).contains(&status) {
                    assert_eq!(
                        r.status, 502,
                        "finish: a redirect was followed or passed on"
                    );
                }
            }
            for outcome in [
                UpstreamOutcome::Timeout,
                UpstreamOutcome::Unreachable,
                UpstreamOutcome::TooLarge,
            ] {
                let (r, cache) = app.finish(&plan, outcome, &settings, origin);
                assert!(
                    r.status == 502 || r.status == 504,
                    "finish: status {}",
                    r.status
                );
                assert!(cache.is_none());
                serde_json::from_str::<Value>(&r.body).expect("finish: not JSON");
            }
        }
        Route::Respond(r) => {
            no_secret(&r, "respond");
            assert!((200..600).contains(&r.status), "status {}", r.status);
            let answer: Value =
                serde_json::from_str(&r.body).expect("a local answer that is not JSON");
            if r.status >= 400 && answer.get("jsonrpc").is_some() {
                assert!(
                    answer
                        .pointer("/error/code")
                        .and_then(Value::as_i64)
                        .is_some(),
                    "an error without a code"
                );
            }
            if r.status == 429 {
                assert!(
                    r.header("retry-after").is_some(),
                    "a 429 without Retry-After"
                );
            }
        }
        Route::Asset | Route::FetchCard(_) | Route::Misconfigured(..) => {
            panic!("a POST to the endpoint became {route:?}")
        }
        #[allow(unreachable_patterns)]
        _ => {}
    }
}

// ------------------------------------------------------------------------------------------------
// The natural-language date parser of the embedded agent.

/// Invariants: no panic; deterministic; a valid calendar date or `None`; `None` for inputs over
/// 200 bytes; relative words stay within a year of today.
#[cfg(feature = "stand-in")]
pub fn check_date_query(data: &[u8]) {
    use magisterium_a2a::protocol::CivilDate;
    use magisterium_a2a::worker::agent::dates::parse_date_query;

    let text = String::from_utf8_lossy(data);
    let todays = [
        CivilDate::new(2026, 11, 30),
        CivilDate::new(1900, 1, 1),
        CivilDate::new(2199, 12, 31),
        CivilDate::new(2024, 2, 29),
        CivilDate::new(1, 1, 1),
        CivilDate::new(9999, 12, 31),
    ];
    for today in todays.into_iter().flatten() {
        let found = parse_date_query(&text, today);
        assert_eq!(
            found,
            parse_date_query(&text, today),
            "not deterministic for {text:?}"
        );
        if text.len() > 200 {
            assert!(found.is_none(), "an answer for {} bytes", text.len());
        }
        if let Some(d) = found {
            assert_eq!(
                CivilDate::new(d.year(), d.month(), d.day()),
                Some(d),
                "an impossible date {d:?}"
            );
            let lower = text.to_lowercase();
            let relative_only = ["today", "tomorrow", "yesterday"].contains(&lower.trim());
            if relative_only {
                let days = (d.days_since_epoch() - today.days_since_epoch()).abs();
                assert!(days <= 1, "{text:?} is {days} days from today");
            }
        }
    }
}

// ------------------------------------------------------------------------------------------------
// The demo page's Markdown renderer.

/// Invariants: no panic; deterministic; the HTML has only allowed tags and attributes, no
/// `<script`, no event-handler attribute (` on…=`), and every `href`/`src` is relative or http(s)
/// (or `mailto:` for links) after entity decoding.
#[cfg(feature = "markdown")]
pub fn check_markdown(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let html = magisterium_a2a::markdown::render_safe(&text);
    assert_eq!(
        html,
        magisterium_a2a::markdown::render_safe(&text),
        "not deterministic"
    );
    if let Err(why) = check_html(&html) {
        panic!("unsafe HTML for {text:?}: {why}\n{html}");
    }
}

/// Tags the renderer may emit.
pub const HTML_TAGS: [&str; 27] = [
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "em",
    "strong",
    "del",
    "a",
    "img",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "hr",
    "br",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "sup",
];
/// Attributes the renderer may emit.
pub const HTML_ATTRIBUTES: [&str; 8] =
    ["href", "src", "alt", "title", "id", "class", "rel", "start"];

/// Checks rendered HTML; the reason when it is not safe.
pub fn check_html(html: &str) -> Result<(), String> {
    let lower = html.to_ascii_lowercase();
    if lower.contains("<script") {
        return Err("<script".into());
    }
    let bytes = html.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'<' {
            i += 1;
            continue;
        }
        let end = find_tag_end(bytes, i).ok_or_else(|| format!("an unterminated tag at {i}"))?;
        let tag = &html[i + 1..end];
        i = end + 1;
        let tag = tag.strip_prefix('/').unwrap_or(tag);
        let tag = tag.strip_suffix('/').unwrap_or(tag).trim_end();
        let name_len = tag
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(tag.len());
        let name = tag[..name_len].to_ascii_lowercase();
        if !HTML_TAGS.contains(&name.as_str()) {
            return Err(format!("tag <{name}>"));
        }
        for (attr, value) in attributes(&tag[name_len..])? {
            if attr.starts_with("on") {
                return Err(format!("event handler attribute {attr}"));
            }
            if !HTML_ATTRIBUTES.contains(&attr.as_str()) {
                return Err(format!("attribute {attr} on <{name}>"));
            }
            if attr == "href" || attr == "src" {
                // As the browser's URL parser reads it: C0 controls and spaces trimmed at both
                // ends, tabs and newlines removed everywhere (other characters, DEL included, stay).
                let url = unescape_html(&value);
                let url: String = url
                    .trim_matches(|c: char| c <= ' ')
                    .chars()
                    .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                    .collect();
                if let Some(scheme) = scheme_of(&url) {
                    let ok: &[&str] = if attr == "href" {
                        &["http", "https", "mailto"]
                    } else {
                        &["http", "https"]
                    };
                    if !ok.contains(&scheme.as_str()) {
                        return Err(format!("{attr} with scheme {scheme}: {value}"));
                    }
                }
            }
        }
    }
    Ok(())
}

/// The index of the `>` that closes the tag opened at `start` (quoted values may hold `>`).
fn find_tag_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut quote = None;
    for (j, &b) in bytes.iter().enumerate().skip(start + 1) {
        match (quote, b) {
            (None, b'"' | b'\'') => quote = Some(b),
            (Some(q), _) if b == q => quote = None,
            (None, b'>') => return Some(j),
            (None, b'<') => return None,
            _ => {}
        }
    }
    None
}

/// The attributes of a tag's inside (after its name), names lower-cased.
fn attributes(mut s: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return Ok(out);
        }
        let name_len = s
            .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '/')
            .unwrap_or(s.len());
        if name_len == 0 {
            if let Some(rest) = s.strip_prefix('/') {
                s = rest;
                continue;
            }
            return Err(format!("a malformed attribute list {s:?}"));
        }
        let name = s[..name_len].to_ascii_lowercase();
        s = s[name_len..].trim_start();
        let mut value = String::new();
        if let Some(rest) = s.strip_prefix('=') {
            let rest = rest.trim_start();
            let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'');
            match quote {
                Some(q) => {
                    let close = rest[1..].find(q).ok_or("an unterminated attribute value")?;
                    value = rest[1..=close].to_owned();
                    s = &rest[close + 2..];
                }
                None => {
                    let end = rest
                        .find(|c: char| c.is_ascii_whitespace())
                        .unwrap_or(rest.len());
                    value = rest[..end].to_owned();
                    s = &rest[end..];
                }
            }
        }
        out.push((name, value));
    }
}

/// Decodes the character references a browser would decode in an attribute value.
fn unescape_html(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest.find(';').filter(|e| *e <= 12);
        let decoded = end.and_then(|e| {
            let entity = &rest[1..e];
            let c = match entity {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "colon" => Some(':'),
                "tab" => Some('\t'),
                "newline" => Some('\n'),
                _ => {
                    let n = if let Some(hex) = entity
                        .strip_prefix("#x")
                        .or_else(|| entity.strip_prefix("#X"))
                    {
                        u32::from_str_radix(hex, 16).ok()
                    } else {
                        entity.strip_prefix('#').and_then(|d| d.parse::<u32>().ok())
                    };
                    n.and_then(char::from_u32)
                }
            };
            c.map(|c| (c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &rest[e + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The scheme of a URL as a browser reads it (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`),
/// lower-cased; `None` for a relative URL.
fn scheme_of(url: &str) -> Option<String> {
    let colon = url.find(':')?;
    let candidate = &url[..colon];
    let mut chars = candidate.chars();
    let first = chars.next()?;
    if !first.is_ascii_alphabetic()
        || !chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    {
        return None;
    }
    Some(candidate.to_ascii_lowercase())
}
