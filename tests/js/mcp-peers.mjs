// What every official MCP client must manage against the Worker's /mcp (tests/js/mcp-clients.test.mjs
// runs it for each client and version mode): list the ten tools, call every tool, and get the
// error cases right, against the embedded stand-in and through the proxy to the 0.2.6 fault server.
import assert from "node:assert/strict";
import { AGENT_URL, FAULT_URL, rejection } from "./helpers.mjs";

export const SKILLS = ["catholic_qa", "document_search", "document_fetch", "liturgical_readings", "saints_of_the_day",
  "saint_lookup", "person_lookup", "pope_lookup", "diocese_lookup", "diocese_statistics_lookup"];

export const text = (result) => result.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
export const count = async (key) => (await (await fetch(`${FAULT_URL}/__count/${key}`)).json()).count;

let clients = 0;

/** A fetch that records each POST's MCP headers and JSON-RPC method (for the assertions on the era).
 *  Each recording fetch is a visitor of its own to the Worker (its own `cf-connecting-ip`), as each
 *  user's MCP client is: the shared proxy's per-visitor limits (2 Q&A calls in 10 s) then count
 *  this client's calls only, not those of the other tests of its lane. */
export function recordingFetch() {
  clients += 1;
  const address = `10.88.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
  const seen = [];
  const record = async (url, init = {}) => {
    const headers = new Headers(init.headers);
    let method;
    try {
      method = JSON.parse(init.body).method;
    } catch {}
    if ((init.method ?? "GET") === "POST") {
      seen.push({
        method,
        version: headers.get("mcp-protocol-version"),
        mcpMethod: headers.get("mcp-method"),
        mcpName: headers.get("mcp-name"),
      });
    }
    headers.set("cf-connecting-ip", address);
    return fetch(url, { ...init, headers });
  };
  return { fetch: record, seen };
}

/** A tool call; through the proxy, catholic_qa's per-client limit (2 a window) may refuse it: then
 * wait the seconds the result names and call again, as a client reading the result would. */
async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  const wait = result.isError && text(result).match(/^Rate limited: .* Try again in (\d+) seconds?\./);
  if (!wait) return result;
  await new Promise((r) => setTimeout(r, (Number(wait[1]) + 1) * 1000));
  return client.callTool({ name, arguments: args });
}

/** The stand-in: the ten tools, each called, and the errors. */
export async function exerciseStandIn(client) {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), SKILLS);
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, "object");
    assert.equal(tool.annotations.readOnlyHint, true);
  }
  const card = await (await fetch(`${AGENT_URL}/.well-known/agent.json`)).json();
  const search = await client.callTool({ name: "document_search", arguments: { query: "just wage" } });
  const hit = search.structuredContent.results[0];
  for (const tool of tools) {
    const skill = card.skills.find((s) => s.id === tool.name);
    const input = tool.name === "document_fetch" ? String(hit.id) : skill.examples[0];
    // The client checks structuredContent against the tool's outputSchema itself.
    const result = await client.callTool({ name: tool.name, arguments: { [tool.inputSchema.required[0]]: input } });
    assert.equal(result.isError, undefined, `${tool.name}: ${text(result)}`);
    assert.ok(text(result).length > 0, tool.name);
    assert.equal(result.structuredContent !== undefined, tool.outputSchema !== undefined, tool.name);
  }
  const missing = await client.callTool({ name: "document_fetch", arguments: { id: "no-such-document" } });
  assert.equal(missing.isError, true);
  assert.match(text(missing), /^Not found: "no-such-document"/);
  const badDate = await client.callTool({ name: "liturgical_readings", arguments: { date: "2026-02-30" } });
  assert.equal(badDate.isError, true);
  const unknown = await rejection(client.callTool({ name: "weather", arguments: { city: "Rome" } }));
  assert.equal(unknown.code, -32602);
  assert.match(unknown.message, /Unknown tool: weather/);
  const bad = await rejection(client.callTool({ name: "document_search", arguments: { q: "x" } }));
  assert.equal(bad.code, -32602);
  assert.match(bad.message, /Invalid arguments: query is required/);
}

/** Through the proxy: every tool reaches the fault server as a 0.2.6 `message/send` carrying no MCP
 * header; Magisterium's errors come back as tool errors; unknown tools and bad arguments stay home. */
export async function exerciseProxy(client, token) {
  const before = await count("by-query");
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), SKILLS);
  assert.equal(await count("by-query"), before, "tools/list is answered by the Worker");
  const fixtures = {
    catholic_qa: "qa_answer", document_search: "search_results", document_fetch: "document",
    liturgical_readings: "readings", saints_of_the_day: "saints", diocese_statistics_lookup: "lookup_statistics",
  };
  for (const tool of tools) {
    // A nonce: the proxy caches documents by id, and this call must reach the upstream.
    const input = `scenario:fixture:${fixtures[tool.name] ?? "lookup_pope"}:${crypto.randomUUID()}`;
    const result = await call(client, tool.name, { [tool.inputSchema.required[0]]: input });
    assert.equal(result.isError, undefined, `${tool.name}: ${text(result)}`);
    const upstream = await (await fetch(`${FAULT_URL}/__last`)).json();
    const sent = JSON.parse(upstream.body);
    assert.equal(sent.method, "message/send", tool.name);
    assert.equal(sent.params.message.metadata.skillId, tool.name);
    for (const header of ["mcp-protocol-version", "mcp-method", "mcp-name"]) {
      assert.equal(upstream.headers[header], undefined, `no ${header} goes upstream`);
    }
    assert.equal(upstream.headers.authorization, `Bearer ${token}`);
  }
  const calls = await count("by-query");
  const errors = {
    ratelimit: /^Rate limited: .* Try again in 30 seconds\.$/,
    unauthorized: /^Unauthorized: Magisterium refused this server's credential/,
    plan: /^Plan required: /,
    error: /^Magisterium could not answer \(-32603\)/,
  };
  for (const [scenario, expected] of Object.entries(errors)) {
    const result = await client.callTool({ name: "document_search", arguments: { query: `scenario:${scenario}` } });
    assert.equal(result.isError, true, scenario);
    assert.match(text(result), expected, scenario);
  }
  const unknown = await rejection(client.callTool({ name: "document_serch", arguments: { query: "x" } }));
  assert.equal(unknown.code, -32602);
  const bad = await rejection(client.callTool({ name: "catholic_qa", arguments: { question: 42 } }));
  assert.equal(bad.code, -32602);
  assert.equal(await count("by-query") - calls, Object.keys(errors).length, "refused calls never go upstream");
}
