//! The JSON-RPC side of the stand-in: envelope checks, auth and rate-limit emulation, and the three
//! methods (`message/send`, `tasks/get`, `tasks/cancel`), with the errors of the contract; a
//! message naming a task is refused (`continuation`).

use serde_json::{json, Map, Value};

use super::skills;
use super::Agent;
use magisterium_core::ids::{self, Random};
use magisterium_core::request::method;
use magisterium_core::serve::http::{code, WorkerRequest, WorkerResponse};
use magisterium_core::serve::limiter::Refusal;
use magisterium_core::serve::params::{check_send_params, RpcFailure, SkillInput};
use magisterium_core::Skill;

/// The answer to a faulty envelope: a JSON-RPC error with HTTP 200, as the service gives.
fn envelope_error(id: &Value, code: i64, message: &str) -> WorkerResponse {
    WorkerResponse::rpc_error(200, id, code, message, None)
}

/// Answers a POST to the JSON-RPC endpoint.
pub fn handle(
    agent: &mut Agent,
    request: &WorkerRequest,
    random: &mut dyn Random,
) -> WorkerResponse {
    let envelope: Value = match serde_json::from_slice(&request.body) {
        Ok(v) => v,
        Err(_) => return envelope_error(&Value::Null, code::PARSE_ERROR, "Parse error"),
    };
    let obj = match &envelope {
        Value::Object(obj) => obj,
        Value::Array(_) => {
            return envelope_error(
                &Value::Null,
                code::INVALID_REQUEST,
                "Batch requests are not supported",
            )
        }
        _ => return envelope_error(&Value::Null, code::INVALID_REQUEST, "Invalid Request"),
    };
    let id = match obj.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => return envelope_error(&Value::Null, code::INVALID_REQUEST, "Invalid Request"),
    };
    let method_name = match (obj.get("jsonrpc"), obj.get("method")) {
        (Some(Value::String(v)), Some(Value::String(m))) if v == "2.0" => m.as_str(),
        _ => return envelope_error(&id, code::INVALID_REQUEST, "Invalid Request"),
    };
    if !matches!(
        method_name,
        method::MESSAGE_SEND | method::TASKS_GET | method::TASKS_CANCEL
    ) {
        return envelope_error(&id, code::METHOD_NOT_FOUND, "Method not found");
    }
    let owner = match authorize(agent, request) {
        Ok(owner) => owner,
        Err(f) => return f.into_response(&id),
    };
    let params = obj.get("params").cloned().unwrap_or(Value::Null);
    let result = match method_name {
        method::MESSAGE_SEND => send(agent, request, &owner, params, random),
        method::TASKS_GET => task_lookup(agent, request, &owner, &params).cloned(),
        _ => task_lookup(agent, request, &owner, &params).and_then(|_| {
            Err(RpcFailure::new(
                code::INVALID_PARAMS,
                "Invalid state transition",
            ))
        }),
    };
    match result {
        Ok(task) => {
            WorkerResponse::json(200, &json!({ "jsonrpc": "2.0", "id": id, "result": task }))
        }
        Err(f) => f.into_response(&id),
    }
}

/// Who owns the tasks of this call: the bearer token, or the client key when tokens are off.
fn authorize(agent: &Agent, request: &WorkerRequest) -> Result<String, RpcFailure> {
    let bearer = request.bearer();
    if let (Some(free), Some(b)) = (&agent.config.free_plan_token, bearer) {
        if b == free {
            return Err(RpcFailure::new(code::PLAN_REQUIRED, "Plan required"));
        }
    }
    if agent.config.oauth {
        let subject = bearer.and_then(|b| agent.auth.subject(b, request.now_ms));
        return match subject {
            Some(subject) => Ok(format!("sub:{subject}")),
            None => Err(RpcFailure {
                status: 401,
                headers: vec![(
                    "www-authenticate".into(),
                    "Bearer error=\"invalid_token\"".into(),
                )],
                ..RpcFailure::new(code::UNAUTHORIZED, "Unauthorized")
            }),
        };
    }
    match &agent.config.required_token {
        None => Ok(bearer.map_or_else(
            || format!("client:{}", request.client_key),
            |b| format!("token:{b}"),
        )),
        Some(required) if bearer == Some(required.as_str()) => Ok(format!("token:{required}")),
        Some(_) => Err(RpcFailure {
            status: 401,
            headers: vec![("www-authenticate".into(), "Bearer".into())],
            ..RpcFailure::new(code::UNAUTHORIZED, "Unauthorized")
        }),
    }
}

fn task_lookup<'a>(
    agent: &'a mut Agent,
    request: &WorkerRequest,
    owner: &str,
    params: &Value,
) -> Result<&'a Value, RpcFailure> {
    let id = params
        .get("id")
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| RpcFailure::invalid_params("id is required"))?;
    agent
        .tasks
        .get(owner, id, request.now_ms)
        .ok_or_else(|| RpcFailure::new(code::TASK_NOT_FOUND, "Task not found"))
}

fn send(
    agent: &mut Agent,
    request: &WorkerRequest,
    owner: &str,
    params: Value,
    random: &mut dyn Random,
) -> Result<Value, RpcFailure> {
    let (message, skill) = check_send_params(&params)?;
    let input =
        SkillInput::from_parts(skill, &message.parts).map_err(RpcFailure::invalid_params)?;
    if let Some(task_id) = message.task_id.as_deref().filter(|id| !id.is_empty()) {
        return Err(continuation(
            agent,
            request,
            owner,
            task_id,
            message.context_id.as_deref(),
        ));
    }
    if agent.config.rate_limits {
        let is_qa = skill == Skill::CatholicQa;
        agent
            .limiter
            .check(owner, is_qa, request.now_ms)
            .map_err(rate_limited)?;
    }
    let today = magisterium_core::CivilDate::from_unix_ms(request.now_ms);
    let parts = skills::run(skill, &input, today);
    let task_id = ids::uuid_v4(random);
    let context_id = message
        .context_id
        .clone()
        .unwrap_or_else(|| ids::uuid_v4(random));
    let now = ids::rfc3339(request.now_ms);
    let parts_json = serde_json::to_value(&parts).unwrap_or(Value::Array(Vec::new()));
    let mut user = serde_json::to_value(&message).unwrap_or(Value::Null);
    if let Some(obj) = user.as_object_mut() {
        obj.insert("taskId".into(), Value::String(task_id.clone()));
        obj.insert("contextId".into(), Value::String(context_id.clone()));
    }
    let agent_message = json!({
        "role": "agent",
        "parts": parts_json,
        "messageId": ids::uuid_v4(random),
        "kind": "message",
        "taskId": task_id,
        "contextId": context_id,
    });
    let task = json!({
        "id": task_id,
        "contextId": context_id,
        "kind": "task",
        "status": { "state": "completed", "timestamp": now },
        "artifacts": [{
            "artifactId": ids::artifact_id(random),
            "name": skill.artifact_name(),
            "parts": parts_json,
        }],
        "history": [user, agent_message],
        "metadata": { "skillId": skill.id(), "standIn": true },
    });
    // What the task really takes in memory: a serde_json::Value holds about 4 times its JSON text
    // (string and map headers, allocator rounding); the store's byte budget counts this.
    let size = task.to_string().len() * 4;
    agent
        .tasks
        .insert(owner, task.clone(), size, request.now_ms);
    Ok(task)
}

/// The refusal of a message naming a task, before any limit counts it. The tasks kept here are
/// all finished (a reply is always terminal), so none takes another message: unknown, another
/// caller's or expired → -32001 (as `tasks/get`); another context than the task's → -32602;
/// otherwise -32602 naming the task's state. The same cases the A2A 1.0 door refuses
/// (`magisterium_core::v1::continuity`), in Magisterium's 0.2.6 codes.
fn continuation(
    agent: &mut Agent,
    request: &WorkerRequest,
    owner: &str,
    task_id: &str,
    context_id: Option<&str>,
) -> RpcFailure {
    let Some(task) = agent.tasks.get(owner, task_id, request.now_ms) else {
        return RpcFailure::new(code::TASK_NOT_FOUND, "Task not found");
    };
    let context = task
        .get("contextId")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if let Some(given) = context_id.filter(|given| *given != context) {
        return RpcFailure::invalid_params(format!(
            "contextId {given} is not the context of task {task_id}"
        ));
    }
    let state = task
        .get("status")
        .and_then(|s| s.get("state"))
        .and_then(Value::as_str)
        .unwrap_or("finished");
    RpcFailure::invalid_params(format!(
        "task {task_id} is {state}, and a finished task takes no more messages"
    ))
}

fn rate_limited(refusal: Refusal) -> RpcFailure {
    let mut data = Map::new();
    data.insert("pool".into(), Value::String(refusal.pool.name().to_owned()));
    data.insert(
        "retryAfterSeconds".into(),
        Value::from(refusal.retry_after_secs),
    );
    RpcFailure {
        status: 429,
        data: Some(Value::Object(data)),
        headers: vec![("retry-after".into(), refusal.retry_after_secs.to_string())],
        ..RpcFailure::new(code::RATE_LIMITED, "Rate limit exceeded")
    }
}
