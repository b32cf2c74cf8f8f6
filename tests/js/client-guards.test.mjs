// The constructor refuses what no call could use where the SDK runs, before any request (issue
// 26): in Node a relative endpoint or card URL (there is no location), a scheme other than
// http(s), and no fetch at all are `invalid_input`; a `fetch` option that resolves to something
// other than a Response is a typed error, not retried, and leaves no listener on the caller's
// signal. No server is needed: every fetch here is counted, and none may reach the network.
import { test } from "node:test";
import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { pathToFileURL } from "node:url";
import { consumerDir, writeFile } from "./helpers.mjs";

const dir = consumerDir("guards-consumer");
const entry = writeFile(dir, "use.mjs", 'export * from "magisterium-a2a";\n');
const { MagisteriumClient, MagisteriumError } = await import(pathToFileURL(entry).href);

/** A fetch that counts its calls and answers `answer()`. */
function counting(answer = () => new Response("{}")) {
  const f = async (request) => {
    f.calls += 1;
    f.last = request;
    return answer();
  };
  f.calls = 0;
  return f;
}

function invalidInput(needle) {
  return (e) => {
    assert.ok(e instanceof MagisteriumError, String(e));
    assert.equal(e.kind, "invalid_input");
    assert.match(e.message, needle);
    return true;
  };
}

test("unusable endpoints and card URLs are invalid_input from the constructor, nothing fetched", () => {
  const fetch = counting();
  const cases = [
    [{ endpoint: "/api/v1/a2a" }, /options\.endpoint "\/api\/v1\/a2a" cannot be resolved here/],
    [{ endpoint: "api/v1/a2a" }, /options\.endpoint "api\/v1\/a2a" cannot be resolved here/],
    [{ endpoint: "ftp://www.magisterium.com/a2a" }, /options\.endpoint must be an http: or https: URL, not ftp:/],
    [{ endpoint: "javascript:alert(1)" }, /options\.endpoint must be an http: or https: URL, not javascript:/],
    [{ agentCardUrl: "/.well-known/agent.json" }, /options\.agentCardUrl "\/\.well-known\/agent\.json" cannot be resolved/],
    [{ agentCardUrl: "file:///etc/agent.json" }, /options\.agentCardUrl must be an http: or https: URL, not file:/],
  ];
  for (const [options, needle] of cases) {
    assert.throws(() => new MagisteriumClient({ ...options, fetch }), invalidInput(needle), JSON.stringify(options));
  }
  assert.equal(fetch.calls, 0);
  // Absolute http(s) URLs are fine.
  new MagisteriumClient({ endpoint: "http://127.0.0.1:8787/api/v1/a2a", agentCardUrl: "https://a.test/card.json", fetch });
});

test("a timeoutMs longer than a timer holds (2^31 - 1 ms) is invalid_input, not a call cut at once", async () => {
  const fetch = counting();
  const endpoint = "https://agent.test/api/v1/a2a";
  assert.throws(() => new MagisteriumClient({ endpoint, fetch, timeoutMs: 2 ** 31 }), invalidInput(/options\.timeoutMs/));
  const client = new MagisteriumClient({ endpoint, fetch, timeoutMs: 2 ** 31 - 1 });
  await assert.rejects(client.documentSearch("x", { timeoutMs: 2 ** 31 }), invalidInput(/opts\.timeoutMs/));
  assert.equal(fetch.calls, 0);
});

test("a runtime without a global fetch needs options.fetch, said by the constructor", () => {
  const saved = globalThis.fetch;
  try {
    delete globalThis.fetch;
    assert.throws(() => new MagisteriumClient(), invalidInput(/there is no global fetch here; pass options\.fetch/));
    new MagisteriumClient({ fetch: counting() });
  } finally {
    globalThis.fetch = saved;
  }
});

test("a fetch that resolves to something other than a Response is a typed error, not retried, no listener left", async () => {
  for (const [answer, lacks] of [
    [() => ({ ok: true }), "no HTTP status"],
    [() => ({ status: 200, headers: {}, body: null }), "no headers"],
    [() => ({ status: 200, headers: new Headers(), body: "{}" }), "no ReadableStream body"],
    [() => "not a response", "no HTTP status"],
  ]) {
    const fetch = counting(answer);
    const client = new MagisteriumClient({ endpoint: "https://agent.test/api/v1/a2a", fetch, maxRetries: 2 });
    const controller = new AbortController();
    await assert.rejects(
      client.documentSearch("just wage", { signal: controller.signal }),
      invalidInput(new RegExp(`the fetch resolved to something that is not a Response: ${lacks}$`)),
    );
    assert.equal(fetch.calls, 1, "not retried");
    assert.equal(getEventListeners(controller.signal, "abort").length, 0, "the guard unlinked the caller's signal");
    assert.equal(fetch.last.signal.aborted, true, "the attempt's own signal was aborted when it was dropped");
  }
});

test("a successful call leaves no listener on the caller's signal", async () => {
  const answer = () =>
    Response.json({
      jsonrpc: "2.0",
      id: "m-1",
      result: { kind: "task", id: "t", status: { state: "completed" }, artifacts: [{ parts: [{ kind: "data", data: { results: [] } }] }] },
    });
  const fetch = counting(answer);
  const client = new MagisteriumClient({ endpoint: "https://agent.test/api/v1/a2a", fetch });
  const controller = new AbortController();
  const found = await client.documentSearch("x", { signal: controller.signal, messageId: "m-1" });
  assert.deepEqual(found.results, []);
  assert.equal(getEventListeners(controller.signal, "abort").length, 0);
  assert.equal(fetch.last.signal.aborted, false, "a finished fetch is not aborted");
});

test("agentCard() hands each caller its own copy", async () => {
  const card = {
    protocolVersion: "0.2.6", name: "Magisterium AI", description: "d", url: "https://agent.test/api/v1/a2a", version: "1",
    capabilities: {}, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"],
    skills: [{ id: "catholic_qa", name: "Q&A", description: "d", tags: ["qa"] }],
  };
  const fetch = counting(() => Response.json(card, { headers: { "cache-control": "public, max-age=3600" } }));
  const client = new MagisteriumClient({ endpoint: "https://agent.test/api/v1/a2a", fetch });
  const first = await client.agentCard();
  first.name = "changed";
  first.skills.length = 0;
  const second = await client.agentCard();
  assert.equal(fetch.calls, 1, "the second comes from the cache");
  assert.equal(second.name, "Magisterium AI");
  assert.equal(second.skills.length, 1);
  assert.notEqual(first, second);
  second.capabilities.streaming = true;
  assert.equal((await client.agentCard()).capabilities.streaming, undefined);
});
