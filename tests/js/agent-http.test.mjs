// The embedded agent in real workerd (wrangler dev on 127.0.0.1), driven by a plain JSON-RPC
// client: every method, every skill's artifact shape, and every error of the contract.
import "./record.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { AGENT_URL, rpc, send } from "./helpers.mjs";

const artifact = (r) => r.body.result.artifacts[0];

test("the agent card (0.2.6 at agent.json; agent-card.json is the A2A 1.0 card, tests/js/a2a-v1.test.mjs)", async () => {
  for (const path of ["/.well-known/agent.json"]) {
    const res = await fetch(AGENT_URL + path);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "public, max-age=3600");
    const card = await res.json();
    assert.equal(card.protocolVersion, "0.2.6");
    assert.equal(card.url, `${AGENT_URL}/api/v1/a2a`);
    assert.equal(card.skills.length, 10);
    assert.equal(card.capabilities.streaming, false);
    assert.equal(card.capabilities.stateTransitionHistory, true);
    assert.deepEqual(card.securitySchemes.bearer, { type: "http", scheme: "bearer" });
    for (const s of card.skills) assert.ok(s.name && s.description && s.examples.length > 0 && s.inputModes && s.outputModes, s.id);
  }
  const v1 = await (await fetch(`${AGENT_URL}/.well-known/agent-card.json`)).json();
  assert.equal(v1.protocolVersion, undefined);
  assert.deepEqual(v1.skills, (await (await fetch(`${AGENT_URL}/.well-known/agent.json`)).json()).skills);
});

test("every skill answers with its artifact", async () => {
  const qa = await send("catholic_qa", "What does the Church teach about the dignity of work?");
  assert.equal(qa.status, 200);
  const task = qa.body.result;
  assert.equal(task.kind, "task");
  assert.equal(task.status.state, "completed");
  assert.match(task.status.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.match(task.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const a = artifact(qa);
  assert.equal(a.name, "catholic_qa_response");
  assert.match(a.artifactId, /^art_[0-9a-f]{32}$/);
  assert.equal(a.parts[0].kind, "text");
  assert.match(a.parts[0].text, /\[\^1\]/);
  const citations = a.parts.find((p) => p.kind === "data" && p.data.citations).data.citations;
  for (const key of ["cited_text", "cited_text_heading", "document_title", "document_index", "document_author", "document_year", "document_reference", "source_url"]) {
    assert.ok(key in citations[0], key);
  }
  assert.equal(task.history.length, 2);
  assert.equal(task.history[0].taskId, task.id);
  assert.deepEqual(task.history[1].parts, a.parts);

  const search = await send("document_search", "dignity of work");
  const results = artifact(search).parts[0].data.results;
  assert.equal(artifact(search).name, "search_results");
  assert.ok(results.length > 0 && results.length <= 10);
  assert.equal(typeof results[0].id, "string");

  const doc = await send("document_fetch", [{ kind: "data", data: { id: results[0].id } }]);
  assert.equal(artifact(doc).name, "document");
  assert.deepEqual(Object.keys(artifact(doc).parts[1].data).sort(), ["author", "id", "ref", "title"]);
  const missing = await send("document_fetch", "no-such-document");
  assert.deepEqual(artifact(missing).parts, [{ kind: "text", text: "Document not found." }]);

  const readings = await send("liturgical_readings", "Easter Sunday 2026");
  assert.equal(artifact(readings).name, "mass_readings");
  assert.match(artifact(readings).parts[0].text, /April 5, 2026/);
  const noReadings = await send("liturgical_readings", "the day after never");
  assert.equal(artifact(noReadings).parts[0].text, "No mass readings found.");

  const saints = await send("saints_of_the_day", [{ kind: "data", data: { date: "2026-03-19" } }]);
  assert.equal(artifact(saints).name, "martyrology");
  assert.match(artifact(saints).parts[0].text, /Joseph/);
  const noSaints = await send("saints_of_the_day", "not a date at all");
  assert.equal(artifact(noSaints).parts[0].text, "No martyrology data found.");

  for (const [skill, query, key] of [
    ["saint_lookup", "Thérèse of Lisieux", "feast_day"],
    ["person_lookup", "Bernardin", "position"],
    ["pope_lookup", "Leo XIV", "ordinal"],
    ["diocese_lookup", "Chicago", "rite"],
    ["diocese_statistics_lookup", "Chicago", "rows"],
  ]) {
    const r = await send(skill, query);
    assert.equal(artifact(r).name, `${skill}_result`, skill);
    const [text, data] = artifact(r).parts;
    assert.equal(text.kind, "text");
    assert.ok(data.data.id && data.data.name && key in data.data, skill);
    const none = await send(skill, "zzzz qqqq");
    assert.equal(artifact(none).parts[0].text, "No results found.", skill);
  }
});

test("no skillId means catholic_qa; contextId is echoed", async () => {
  const message = { role: "user", kind: "message", messageId: "m1", contextId: "ctx-42", parts: [{ kind: "text", text: "What is baptism?" }] };
  const r = await rpc("message/send", { message });
  assert.equal(artifact(r).name, "catholic_qa_response");
  assert.equal(r.body.result.contextId, "ctx-42");
});

test("tasks/get and tasks/cancel", async () => {
  const sent = await send("pope_lookup", "Francis");
  const id = sent.body.result.id;
  const got = await rpc("tasks/get", { id });
  assert.deepEqual(got.body.result, sent.body.result);
  const cancel = await rpc("tasks/cancel", { id });
  assert.deepEqual(cancel.body.error, { code: -32602, message: "Invalid state transition" });
  const unknown = await rpc("tasks/get", { id: "00000000-0000-4000-8000-000000000000" });
  assert.equal(unknown.body.error.code, -32001);
  const unknownCancel = await rpc("tasks/cancel", { id: "nope" });
  assert.equal(unknownCancel.body.error.code, -32001);
});

test("every malformed request gets its JSON-RPC error", async () => {
  const cases = [
    [{ raw: "{not json" }, -32700, "Parse error", null],
    [{ raw: "[]" }, -32600, "Batch requests are not supported", null],
    [{ raw: '"just a string"' }, -32600, "Invalid Request", null],
    [{ raw: JSON.stringify({ jsonrpc: "1.0", id: 1, method: "tasks/get", params: { id: "x" } }) }, -32600, "Invalid Request", 1],
    [{ raw: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "message/stream", params: {} }) }, -32601, "Method not found", 2],
    [{ raw: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tasks/list", params: {} }) }, -32601, "Method not found", 3],
    [{ raw: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "message/send", params: {} }) }, -32602, "Invalid params: message is required", 4],
  ];
  for (const [opts, code, message, id] of cases) {
    const r = await rpc(undefined, undefined, opts);
    assert.equal(r.status, 200, opts.raw);
    assert.deepEqual(r.body, { jsonrpc: "2.0", id, error: { code, message } }, opts.raw);
  }
  const empty = await send("catholic_qa", []);
  assert.equal(empty.body.error.code, -32602);
  const blank = await send("catholic_qa", "   ");
  assert.equal(blank.body.error.message, "Invalid params: text must not be empty");
  const long = await send("catholic_qa", "x".repeat(4001));
  assert.equal(long.body.error.message, "Invalid params: input too long");
  const unknown = await send("no_such_skill", "hi");
  assert.equal(unknown.body.error.message, "Unknown skill: no_such_skill");
  const role = await rpc("message/send", { message: { role: "agent", kind: "message", messageId: "m", parts: [{ kind: "text", text: "x" }] } });
  assert.equal(role.body.error.message, "Invalid params: role must be user");
  const big = await fetch(`${AGENT_URL}/api/v1/a2a`, { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(70_000) });
  assert.equal(big.status, 413);
});
