// The official MCP TypeScript client (@modelcontextprotocol/sdk: Client over
// StreamableHTTPClientTransport) reaches Magisterium's skills as tools through the Worker's /mcp,
// with no code of ours in the client: against the embedded stand-in, and through the proxy to a
// 0.2.6 upstream (the fault server), which must see only 0.2.6 `message/send`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { AGENT_URL, FAULT_URL, PROXY_URL, rejection } from "./helpers.mjs";

const SKILLS = ["catholic_qa", "document_search", "document_fetch", "liturgical_readings", "saints_of_the_day",
  "saint_lookup", "person_lookup", "pope_lookup", "diocese_lookup", "diocese_statistics_lookup"];

async function connect(base) {
  const client = new Client({ name: "magisterium-a2a-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  return client;
}

const text = (result) => result.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
const count = async (key) => (await (await fetch(`${FAULT_URL}/__count/${key}`)).json()).count;

test("the stand-in: initialize, ping, the ten tools, every tool called, and the errors", async () => {
  const client = await connect(AGENT_URL);
  assert.equal(client.getServerVersion().name, "magisterium-a2a");
  assert.equal(client.transport.protocolVersion, LATEST_PROTOCOL_VERSION, "the SDK's own revision is spoken");
  assert.deepEqual(client.getServerCapabilities(), { tools: { listChanged: false } });
  assert.deepEqual(await client.ping(), {});
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), SKILLS);
  for (const tool of tools) {
    assert.ok(tool.description.length > 40, tool.name);
    assert.equal(tool.inputSchema.type, "object");
    assert.equal(tool.inputSchema.required.length, 1);
    assert.equal(tool.annotations.readOnlyHint, true);
  }
  const card = await (await fetch(`${AGENT_URL}/.well-known/agent.json`)).json();
  const search = await client.callTool({ name: "document_search", arguments: { query: "just wage" } });
  const hit = search.structuredContent.results[0];
  assert.ok(search.content.some((c) => c.type === "resource_link" && c.uri === hit.url && c.name === String(hit.id)));
  assert.match(search.content[0].text, /documents found for "just wage"/);
  for (const tool of tools) {
    const skill = card.skills.find((s) => s.id === tool.name);
    const argument = tool.inputSchema.required[0];
    const input = tool.name === "document_fetch" ? String(hit.id) : skill.examples[0];
    // The client checks structuredContent against the tool's outputSchema itself.
    const result = await client.callTool({ name: tool.name, arguments: { [argument]: input } });
    assert.equal(result.isError, undefined, `${tool.name}: ${text(result)}`);
    assert.ok(text(result).length > 0, tool.name);
    assert.equal(result.structuredContent !== undefined, tool.outputSchema !== undefined, tool.name);
  }
  const qa = await client.callTool({ name: "catholic_qa", arguments: { question: "What is grace?" } });
  assert.ok(qa.structuredContent.citations.length > 0);
  assert.match(text(qa), /Sources:\n\[\^1\] /);
  const doc = await client.callTool({ name: "document_fetch", arguments: { id: String(hit.id) } });
  assert.equal(doc.structuredContent.id, String(hit.id));
  assert.ok(doc.structuredContent.text.length > 100);

  const missing = await client.callTool({ name: "document_fetch", arguments: { id: "no-such-document" } });
  assert.equal(missing.isError, true);
  assert.match(text(missing), /^Not found: "no-such-document"/);
  const badDate = await client.callTool({ name: "liturgical_readings", arguments: { date: "2026-02-30" } });
  assert.equal(badDate.isError, true);
  assert.match(text(badDate), /bad date.*ISO date \(YYYY-MM-DD\)/);
  const unknown = await rejection(client.callTool({ name: "weather", arguments: { city: "Rome" } }));
  assert.equal(unknown.code, -32602);
  assert.match(unknown.message, /Unknown tool: weather/);
  const bad = await rejection(client.callTool({ name: "document_search", arguments: { q: "x" } }));
  assert.equal(bad.code, -32602);
  assert.match(bad.message, /Invalid arguments: query is required/);
  await client.close();
});

test("through the proxy: every tool, the upstream sees only 0.2.6 message/send, and Magisterium's errors", async () => {
  const before = await count("by-query");
  const client = await connect(PROXY_URL);
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), SKILLS);
  await client.ping();
  assert.equal(await count("by-query"), before, "initialize, ping and tools/list are answered by the Worker");
  const fixtures = {
    catholic_qa: "qa_answer", document_search: "search_results", document_fetch: "document",
    liturgical_readings: "readings", saints_of_the_day: "saints", diocese_statistics_lookup: "lookup_statistics",
  };
  for (const tool of tools) {
    // A nonce: the proxy caches documents by id, and this call must reach the upstream.
    const input = `scenario:fixture:${fixtures[tool.name] ?? "lookup_pope"}:${crypto.randomUUID()}`;
    const result = await client.callTool({ name: tool.name, arguments: { [tool.inputSchema.required[0]]: input } });
    assert.equal(result.isError, undefined, `${tool.name}: ${text(result)}`);
    const upstream = await (await fetch(`${FAULT_URL}/__last`)).json();
    const sent = JSON.parse(upstream.body);
    assert.equal(sent.jsonrpc, "2.0");
    assert.equal(sent.method, "message/send", tool.name);
    assert.equal(sent.params.message.metadata.skillId, tool.name);
    assert.equal(sent.params.message.role, "user");
    const part = sent.params.message.parts[0];
    assert.deepEqual(part, tool.name === "document_fetch" ? { kind: "data", data: { id: input } } : { kind: "text", text: input });
    assert.equal(upstream.headers["a2a-version"], undefined);
    assert.equal(upstream.headers["mcp-protocol-version"], undefined, "no MCP header goes upstream");
    assert.equal(upstream.headers.authorization, `Bearer ${process.env.MAGISTERIUM_PROXY_TOKEN ?? "proxy-secret-token"}`);
  }
  const calls = await count("by-query");
  assert.equal(calls - before, tools.length, "one upstream call per tools/call");

  const errors = {
    ratelimit: /^Rate limited: .* Try again in 30 seconds\.$/,
    unauthorized: /^Unauthorized: Magisterium refused this server's credential/,
    plan: /^Plan required: /,
    failed: /^The task failed/,
    error: /^Magisterium could not answer \(-32603\)/,
  };
  for (const [scenario, expected] of Object.entries(errors)) {
    const result = await client.callTool({ name: "document_search", arguments: { query: `scenario:${scenario}` } });
    assert.equal(result.isError, true, scenario);
    assert.match(text(result), expected, scenario);
  }
  const missing = await client.callTool({ name: "document_fetch", arguments: { id: "scenario:notfound" } });
  assert.equal(missing.isError, true);
  assert.match(text(missing), /^Not found: "scenario:notfound"/);
  const unknown = await rejection(client.callTool({ name: "document_serch", arguments: { query: "x" } }));
  assert.equal(unknown.code, -32602);
  const bad = await rejection(client.callTool({ name: "catholic_qa", arguments: { question: 42 } }));
  assert.equal(bad.code, -32602);
  assert.match(bad.message, /question must be a string/);
  const noCall = await count("by-query");
  assert.equal(noCall - calls, Object.keys(errors).length + 1, "unknown tools and bad arguments never go upstream");
  await client.close();
});

test("the transport: GET is 405, notifications 202, versions negotiated, a foreign page refused", async () => {
  const post = (body, headers = {}) =>
    fetch(`${AGENT_URL}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const get = await fetch(`${AGENT_URL}/mcp`, { headers: { accept: "text/event-stream" } });
  assert.equal(get.status, 405);
  assert.equal(get.headers.get("allow"), "POST");
  const note = await post({ jsonrpc: "2.0", method: "notifications/initialized" });
  assert.equal(note.status, 202);
  assert.equal(await note.text(), "");
  const init = (v) => post({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: v, capabilities: {}, clientInfo: { name: "t", version: "1" } } });
  assert.equal((await (await init("2025-06-18")).json()).result.protocolVersion, "2025-06-18");
  assert.equal((await (await init("2024-11-05")).json()).result.protocolVersion, "2025-11-25");
  const wrong = await post({ jsonrpc: "2.0", id: 2, method: "tools/list" }, { "mcp-protocol-version": "1999-01-01" });
  assert.equal(wrong.status, 400);
  const unknown = await (await post({ jsonrpc: "2.0", id: 3, method: "resources/list" })).json();
  assert.equal(unknown.error.code, -32601);
  const junk = await post("{not json");
  assert.equal(junk.status, 400);
  assert.equal((await junk.json()).error.code, -32700);
  const batch = await post([{ jsonrpc: "2.0", id: 4, method: "ping" }]);
  assert.equal(batch.status, 400);
  const foreign = await post({ jsonrpc: "2.0", id: 5, method: "ping" }, { origin: "https://evil.example" });
  assert.equal(foreign.status, 403);
});
