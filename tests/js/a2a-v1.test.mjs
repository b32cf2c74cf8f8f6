// The official A2A 1.0 client (@a2a-js/sdk 1.3.0, installed as a2a-js-sdk-1) reaches Magisterium
// through the Worker's front door, with no code of ours in the client: against the embedded
// stand-in, and through the proxy to a 0.2.6 upstream (the fault server); over JSON-RPC and over
// HTTP+JSON (the client set to prefer it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, RestTransportFactory } from "a2a-js-sdk-1/client";
import { Role, TaskState } from "a2a-js-sdk-1";
import { AGENT_URL, FAULT_URL, PROXY_URL, rpc, rejection } from "./helpers.mjs";

/** A 1.0 user message written as docs/a2a-1.0.md's snippet writes it (the client's types, only the
 *  fields a user sets). */
function message(input, skillId) {
  const content = typeof input === "string" ? { $case: "text", value: input } : { $case: "data", value: input };
  return { messageId: crypto.randomUUID(), role: Role.ROLE_USER, parts: [{ content }], metadata: skillId ? { skillId } : undefined };
}

const send = (client, input, skillId) => client.sendMessage({ message: message(input, skillId) });

/** The bindings the client is run over: the card's first (JSON-RPC), and HTTP+JSON preferred. */
const BINDINGS = ["JSONRPC", "HTTP+JSON"];
/** Each request the clients made: "POST /api/v1/a2a", "GET /api/v1/a2a/tasks/…". */
const requests = [];
const recording = (url, init) => {
  requests.push(`${init?.method ?? "GET"} ${new URL(url).pathname}`);
  return fetch(url, init);
};
/** A client of the official SDK for the agent at `url`, preferring `binding`. */
function clientFor(url, binding) {
  const transports = [new JsonRpcTransportFactory({ fetchImpl: recording }), new RestTransportFactory({ fetchImpl: recording })];
  const options = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports, preferredTransports: [binding] });
  return new ClientFactory(options).createFromUrl(url);
}
/** The requests made since `mark` went over `binding` only (REST paths, or the one JSON-RPC path). */
function assertOver(binding, mark) {
  const made = requests.slice(mark);
  assert.ok(made.length > 0);
  for (const r of made) {
    if (binding === "JSONRPC") assert.equal(r, "POST /api/v1/a2a");
    else assert.match(r, /^(GET|POST) \/api\/v1\/a2a\/(message:send|tasks\/[^/]+)$/);
  }
}

/** The ErrorInfo reason and domain of a 1.0 error's details. */
const reasonOf = (e) => {
  const info = (e.data ?? []).find((d) => d["@type"] === "type.googleapis.com/google.rpc.ErrorInfo");
  return info && `${info.domain}/${info.reason}`;
};

test("the 1.0 card lists JSON-RPC and HTTP+JSON in 1.0 and JSON-RPC 0.2, and is cached by ETag", async () => {
  const res = await fetch(`${AGENT_URL}/.well-known/agent-card.json`);
  assert.equal(res.status, 200);
  const card = await res.json();
  assert.deepEqual(card.supportedInterfaces, [
    { url: `${AGENT_URL}/api/v1/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
    { url: `${AGENT_URL}/api/v1/a2a`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
    { url: `${AGENT_URL}/api/v1/a2a`, protocolBinding: "JSONRPC", protocolVersion: "0.2" },
  ]);
  assert.deepEqual(card.capabilities, { streaming: false, pushNotifications: false, extendedAgentCard: false });
  assert.equal(card.skills.length, 10);
  assert.match(res.headers.get("cache-control"), /max-age=\d+/);
  const etag = res.headers.get("etag");
  assert.match(etag ?? "", /^"[0-9a-f]{16,}"$/);
  const again = await fetch(`${AGENT_URL}/.well-known/agent-card.json`, { headers: { "if-none-match": etag } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get("etag"), etag);
  assert.equal(await again.text(), "");

  const legacy = await (await fetch(`${AGENT_URL}/.well-known/agent.json`)).json();
  assert.equal(legacy.protocolVersion, "0.2.6");
  assert.equal(legacy.supportedInterfaces, undefined);
});

for (const binding of BINDINGS) test(`createFromUrl over ${binding}: every skill of the stand-in, then get and cancel the task`, async () => {
  const mark = requests.length;
  const client = await clientFor(AGENT_URL, binding);
  const card = await (await fetch(`${AGENT_URL}/.well-known/agent-card.json`)).json();
  const hit = (await send(client, "just wage", "document_search")).artifacts[0].parts[0].content.value.results[0];
  for (const skill of card.skills) {
    const input = skill.id === "document_fetch" ? { id: hit.id } : skill.examples[0];
    const task = await send(client, input, skill.id);
    assert.equal(task.status.state, TaskState.TASK_STATE_COMPLETED, skill.id);
    assert.ok(task.artifacts.length >= 1, skill.id);
    assert.ok(task.artifacts[0].parts.length >= 1, skill.id);
    if (skill.id === "catholic_qa") {
      assert.equal(task.artifacts[0].parts[0].content.$case, "text");
      assert.ok(task.artifacts[0].parts.some((p) => p.content.$case === "data" && Array.isArray(p.content.value.citations)));
    }
    if (skill.id === "document_fetch") assert.equal(task.artifacts[0].parts[1].content.value.id, hit.id);
  }
  const task = await send(client, "just wage", "document_search");
  const got = await client.getTask({ id: task.id });
  assert.equal(got.id, task.id);
  assert.equal(got.status.state, TaskState.TASK_STATE_COMPLETED);
  assert.equal(got.history[0].role, Role.ROLE_USER);
  assert.equal(got.history[1].role, Role.ROLE_AGENT);
  const cancel = await rejection(client.cancelTask({ id: task.id }));
  assert.equal(cancel.name, "TaskNotCancelableError");
  const missing = await rejection(client.getTask({ id: "no-such-task" }));
  assert.equal(missing.name, "TaskNotFoundError");
  if (binding === "JSONRPC") assert.equal(reasonOf(missing), "a2a-protocol.org/TASK_NOT_FOUND");
  else assert.equal(missing.statusCode, 404);
  assertOver(binding, mark);
});

test("1.0 methods Magisterium lacks get the spec's errors; unsupported versions are refused", async () => {
  const v1 = { headers: { "a2a-version": "1.0" } };
  for (const [method, code] of [
    ["SendStreamingMessage", -32004], ["SubscribeToTask", -32004], ["GetExtendedAgentCard", -32004],
    ["CreateTaskPushNotificationConfig", -32003], ["ListTaskPushNotificationConfigs", -32003], ["Bogus", -32601],
  ]) {
    const { body } = await rpc(method, { id: "x" }, v1);
    assert.equal(body.error?.code, code, method);
    assert.ok(body.error.data === undefined || Array.isArray(body.error.data), method);
  }
  const old = await rpc("SendMessage", { message: message("hi", "catholic_qa") }, { headers: { "a2a-version": "0.5" } });
  assert.equal(old.body.error.code, -32009);
  assert.equal(old.body.error.data[0].reason, "VERSION_NOT_SUPPORTED");
  // Without the header, 0.2.6 traffic is answered in 0.2.6, as ever.
  const legacy = await rpc("message/send", { message: { role: "user", kind: "message", messageId: "m-1", parts: [{ kind: "text", text: "just wage" }], metadata: { skillId: "document_search" } } });
  assert.equal(legacy.body.result.kind, "task");
  assert.equal(legacy.body.result.status.state, "completed");
});

for (const binding of BINDINGS) test(`through the proxy to a 0.2.6 upstream over ${binding}: every skill, get, cancel and Magisterium's errors`, async () => {
  const mark = requests.length;
  const client = await clientFor(PROXY_URL, binding);
  const card = await (await fetch(`${PROXY_URL}/.well-known/agent-card.json`)).json();
  assert.equal(card.supportedInterfaces[0].url, `${PROXY_URL}/api/v1/a2a`);
  const skills = ["catholic_qa", "document_search", "document_fetch", "liturgical_readings", "saints_of_the_day",
    "saint_lookup", "person_lookup", "pope_lookup", "diocese_lookup", "diocese_statistics_lookup"];
  for (const skillId of skills) {
    // The binding in the scenario's third segment (which the fault server ignores): each run's
    // calls are new to the proxy's answer cache, so each reaches the upstream.
    const task = await send(client, skillId === "document_fetch" ? { id: `scenario:document:7:${binding}` } : `scenario:ok:${skillId}:${binding}`, skillId);
    assert.equal(task.status.state, TaskState.TASK_STATE_COMPLETED, skillId);
    const upstream = await (await fetch(`${FAULT_URL}/__last`)).json();
    const sent = JSON.parse(upstream.body);
    assert.equal(sent.method, "message/send", skillId);
    assert.equal(sent.params.message.role, "user");
    assert.equal(sent.params.message.kind, "message");
    assert.equal(sent.params.message.metadata.skillId, skillId);
    assert.ok(["text", "data"].includes(sent.params.message.parts[0].kind));
    assert.equal(upstream.headers["a2a-version"], undefined, "the 0.2.6 upstream gets no 1.0 header");
  }
  const got = await client.getTask({ id: "scenario:ok" });
  assert.equal(got.status.state, TaskState.TASK_STATE_COMPLETED);
  const finished = await rejection(client.cancelTask({ id: "scenario:finished" }));
  assert.equal(finished.name, "TaskNotCancelableError");
  const missing = await rejection(client.getTask({ id: "scenario:tasknotfound" }));
  assert.equal(missing.name, "TaskNotFoundError");

  const unauthorized = await rejection(send(client, "scenario:unauthorized", "document_search"));
  const plan = await rejection(send(client, "scenario:plan", "document_search"));
  const limited = await rejection(send(client, "scenario:ratelimit", "document_search"));
  assert.notEqual(plan.name, "ContentTypeNotSupportedError");
  assertOver(binding, mark);
  if (binding === "HTTP+JSON") {
    // Magisterium's errors have no A2A type: the binding tells them apart by the HTTP status.
    assert.deepEqual([unauthorized.statusCode, plan.statusCode, limited.statusCode], [401, 403, 429]);
    assert.ok(limited.headers["retry-after"], "the wait is in Retry-After");
    return;
  }
  assert.equal(unauthorized.envelopeCode, -32000);
  assert.equal(reasonOf(unauthorized), "magisterium.com/UNAUTHENTICATED");
  assert.equal(plan.envelopeCode, -32000);
  assert.equal(reasonOf(plan), "magisterium.com/PLAN_REQUIRED");
  assert.equal(limited.envelopeCode, -32000);
  assert.equal(reasonOf(limited), "magisterium.com/RATE_LIMIT_EXCEEDED");
  assert.ok(limited.data.some((d) => d["@type"] === "type.googleapis.com/google.rpc.RetryInfo"));
});

test("through the proxy: a message naming a task is answered from the upstream's tasks/get, as 1.0 says", async () => {
  const client = await new ClientFactory().createFromUrl(PROXY_URL);
  const follow = (taskId, contextId) => ({ message: { ...message("a follow-up", "document_search"), taskId, contextId } });
  const missing = await rejection(client.sendMessage(follow("scenario:tasknotfound")));
  assert.equal(missing.name, "TaskNotFoundError");
  const sent = JSON.parse((await (await fetch(`${FAULT_URL}/__last`)).json()).body);
  assert.deepEqual([sent.method, sent.params], ["tasks/get", { id: "scenario:tasknotfound" }]);
  // The fault server answers any other id with a completed task of its own fixed context.
  const finished = await rejection(client.sendMessage(follow("scenario:ok")));
  assert.equal(finished.name, "UnsupportedOperationError");
  const elsewhere = await rejection(client.sendMessage(follow("scenario:ok", "another-context")));
  assert.equal(elsewhere.envelopeCode ?? elsewhere.code, -32602);
  const denied = await rejection(client.sendMessage(follow("scenario:unauthorized")));
  assert.equal(reasonOf(denied), "magisterium.com/UNAUTHENTICATED");
});
