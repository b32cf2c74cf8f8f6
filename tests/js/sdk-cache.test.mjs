// The client's opt-in answer cache (`cache` of ClientOptions; docs/client.md, "Caching answers")
// over the Node entry, with a fetch of our own answering the response fixtures as the service
// would (the request's id, its contextId, its message as history): a hit is the asking caller's
// own Task, the bounds evict, only answers that carry what the skill promises are kept, a date in
// words is sent as it came and not kept, and no cache is used unless asked. No server is needed and nothing reaches the network.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { consumerDir, writeFile } from "./helpers.mjs";

const dir = consumerDir("sdk-cache-consumer");
const entry = writeFile(dir, "use.mjs", 'export * from "magisterium-a2a";\n');
const { MagisteriumClient, MagisteriumError } = await import(pathToFileURL(entry).href);

const endpoint = "https://agent.test/api/v1/a2a";
const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../fixtures/responses/${name}.json`, import.meta.url), "utf8"));

/** A fetch answering each request with the fixture `pick(message)` names, as the service would:
 *  its id, the caller's contextId (else a fresh one), the caller's message as history. Counts its
 *  calls and keeps the messages it was sent. */
function service(pick, { status = 200, headers = {} } = {}) {
  const f = async (request) => {
    const { id, params } = await request.json();
    f.sent.push(params.message);
    const body = fixture(pick(params.message));
    body.id = id;
    if (body.result) {
      body.result.id = crypto.randomUUID();
      body.result.contextId = params.message.contextId ?? crypto.randomUUID();
      body.result.history = [{ ...params.message, taskId: body.result.id, contextId: body.result.contextId }];
    }
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
  };
  f.sent = [];
  return f;
}

/** The text or the data part's date of a sent message. */
const sentDate = (message) => message.parts[0].text ?? message.parts[0].data.date;

const realNow = Date.now;
afterEach(() => {
  Date.now = realNow;
});
/** Sets the SDK's clock (it reads Date.now). */
const at = (iso) => {
  Date.now = () => Date.parse(iso);
};

test("without the cache option every call goes to the service and nothing is marked", async () => {
  const fetch = service(() => "readings");
  const client = new MagisteriumClient({ endpoint, fetch });
  const a = await client.liturgicalReadings("2026-12-08");
  const b = await client.liturgicalReadings("2026-12-08");
  await client.liturgicalReadings("today");
  assert.equal(fetch.sent.length, 3);
  assert.equal(a.task.cache, undefined);
  assert.equal(b.task.cache, undefined);
  // A date in words goes as it came.
  assert.equal(sentDate(fetch.sent[2]), "today");
  const off = new MagisteriumClient({ endpoint, fetch, cache: false });
  await off.liturgicalReadings("2026-12-08");
  await off.liturgicalReadings("2026-12-08");
  assert.equal(fetch.sent.length, 5);
});

test("a hit is the asking caller's own Task: its contextId, its message, fresh ids", async () => {
  const calls = [
    ["liturgicalReadings", "2026-12-08", "readings", (r) => r.text],
    ["saintsOfTheDay", "2026-12-08", "saints", (r) => r.text],
    ["documentFetch", "12345", "document", (r) => r.text],
    ["documentSearch", "grace", "search_results", (r) => JSON.stringify(r.results)],
    ["popeLookup", "Leo XIV", "lookup_pope", (r) => JSON.stringify(r.data)],
  ];
  for (const [method, arg, name, content] of calls) {
    const fetch = service(() => name);
    const client = new MagisteriumClient({ endpoint, fetch, cache: true });
    const first = await client[method](arg, { contextId: "ctx-A", messageId: "msg-A" });
    const second = await client[method](arg, { contextId: "ctx-B", messageId: "msg-B" });
    const third = await client[method](arg);
    assert.equal(fetch.sent.length, 1, method);
    assert.equal(first.task.cache, "miss", method);
    assert.equal(second.task.cache, "hit", method);
    assert.equal(third.task.cache, "hit", method);
    assert.equal(content(second), content(first), method);
    assert.equal(second.task.contextId, "ctx-B", method);
    assert.equal(second.task.raw.contextId, "ctx-B", method);
    assert.deepEqual(
      second.task.raw.history.map((m) => [m.messageId, m.contextId, m.taskId]),
      [["msg-B", "ctx-B", second.task.id]],
      method,
    );
    assert.equal(second.task.state, "completed");
    assert.notEqual(second.task.id, first.task.id, method);
    assert.notEqual(second.task.raw.artifacts[0].artifactId, first.task.raw.artifacts[0].artifactId, method);
    // No contextId asked: a fresh one, never another caller's.
    assert.ok(!["ctx-A", "ctx-B"].includes(third.task.contextId), method);
    assert.match(third.task.contextId, /^[0-9a-f-]{36}$/);
    assert.notEqual(third.task.raw.history[0].messageId, "msg-B");
  }
});

test("what a caller does to its result does not change what the next caller gets", async () => {
  const fetch = service(() => "readings");
  const client = new MagisteriumClient({ endpoint, fetch, cache: true });
  const first = await client.liturgicalReadings("2026-12-08");
  first.task.raw.artifacts[0].parts[0].text = "changed";
  first.task.raw.artifacts.push({ name: "mass_readings", parts: [] });
  const hit = await client.liturgicalReadings("2026-12-08");
  assert.equal(hit.task.cache, "hit");
  assert.match(hit.text, /Saint Joseph/);
  assert.equal(hit.task.raw.artifacts.length, 1);
});

test("the bounds evict: maxEntries the least recently used, maxBytes what does not fit", async () => {
  const fetch = service(() => "lookup_pope");
  const client = new MagisteriumClient({ endpoint, fetch, cache: { maxEntries: 2 } });
  for (const name of ["a", "b", "c"]) await client.popeLookup(name);
  assert.equal(fetch.sent.length, 3);
  assert.equal((await client.popeLookup("c")).task.cache, "hit");
  assert.equal((await client.popeLookup("b")).task.cache, "hit");
  // "a" was dropped for "c"; asking for it again drops "c", the least recently used now.
  assert.equal((await client.popeLookup("a")).task.cache, "miss");
  assert.equal((await client.popeLookup("b")).task.cache, "hit");
  assert.equal((await client.popeLookup("c")).task.cache, "miss");
  assert.equal(fetch.sent.length, 5);

  // The document's JSON text is longer than 200: it is never kept.
  const docs = service(() => "document");
  const small = new MagisteriumClient({ endpoint, fetch: docs, cache: { maxBytes: 200 } });
  for (let i = 0; i < 3; i++) assert.equal((await small.documentFetch("12345")).task.cache, "miss");
  assert.equal(docs.sent.length, 3);

  // Room for one lookup (its JSON text and its key of about 60 characters), not for two: the
  // second drops the first.
  const lookups = service(() => "lookup_pope");
  const probe = await new MagisteriumClient({ endpoint, fetch: lookups }).popeLookup("x");
  const length = JSON.stringify(probe.task.raw.artifacts).length;
  const one = new MagisteriumClient({ endpoint, fetch: lookups, cache: { maxBytes: Math.floor(length * 1.5) + 100 } });
  assert.equal((await one.popeLookup("a")).task.cache, "miss");
  assert.equal((await one.popeLookup("a")).task.cache, "hit");
  assert.equal((await one.popeLookup("b")).task.cache, "miss");
  assert.equal((await one.popeLookup("b")).task.cache, "hit");
  assert.equal((await one.popeLookup("a")).task.cache, "miss");
});

test("errors, not-found texts and empty answers are not kept; questions never", async () => {
  const cases = [
    ["liturgicalReadings", "2026-12-08", "readings_not_found"],
    ["saintsOfTheDay", "2026-12-08", "saints_not_found"],
    ["documentFetch", "nothing", "document_not_found"],
    ["popeLookup", "nobody", "lookup_not_found"],
    ["documentSearch", "nothing", "search_empty"],
  ];
  for (const [method, arg, name] of cases) {
    const fetch = service(() => name);
    const client = new MagisteriumClient({ endpoint, fetch, cache: true });
    const first = await client[method](arg);
    await client[method](arg);
    assert.equal(fetch.sent.length, 2, name);
    if (first) assert.equal(first.task.cache, "miss", name);
  }
  // A JSON-RPC error and a failed HTTP answer reject, and the next call goes out again.
  for (const [name, status] of [["error_internal", 200], ["error_internal", 503], ["task_failed", 200]]) {
    const fetch = service(() => name, { status });
    const client = new MagisteriumClient({ endpoint, fetch, cache: true, maxRetries: 0 });
    for (let i = 0; i < 2; i++) await assert.rejects(client.documentSearch("grace"), MagisteriumError);
    assert.equal(fetch.sent.length, 2, `${name} ${status}`);
  }
  // catholic_qa has no lifetime in the table: every question is asked.
  const qa = service(() => "qa_answer");
  const client = new MagisteriumClient({ endpoint, fetch: qa, cache: true });
  const answer = await client.catholicQa("What is grace?");
  await client.catholicQa("What is grace?");
  assert.equal(qa.sent.length, 2);
  assert.equal(answer.task.cache, "bypass");
});

test("a proxy's mark comes first, and its stale answer is not kept", async () => {
  const stale = service(() => "readings", { headers: { "x-magisterium-cache": "stale" } });
  const client = new MagisteriumClient({ endpoint, fetch: stale, cache: true });
  assert.equal((await client.liturgicalReadings("2026-12-08")).task.cache, "stale");
  assert.equal((await client.liturgicalReadings("2026-12-08")).task.cache, "stale");
  assert.equal(stale.sent.length, 2);
  // Without the client's cache the proxy's header is the mark too.
  const hit = service(() => "readings", { headers: { "x-magisterium-cache": "hit" } });
  const plain = new MagisteriumClient({ endpoint, fetch: hit });
  assert.equal((await plain.liturgicalReadings("2026-12-08")).task.cache, "hit");
});

test("a date in words is sent as it came and not kept; a Date or an ISO date is the key", async () => {
  const fetch = service(() => "readings");
  const client = new MagisteriumClient({ endpoint, fetch, cache: true });
  at("2026-12-08T10:00:00.000Z");
  assert.equal((await client.liturgicalReadings("today")).task.cache, "bypass");
  assert.equal((await client.liturgicalReadings("today")).task.cache, "bypass");
  assert.equal((await client.saintsOfTheDay("next Sunday")).task.cache, "bypass");
  assert.deepEqual(fetch.sent.map(sentDate), ["today", "today", "next Sunday"]);
  // A Date is sent as its local calendar day, the key of that day's ISO date.
  const today = new Date(2026, 11, 8, 12);
  assert.equal((await client.liturgicalReadings(today)).task.cache, "miss");
  assert.equal((await client.liturgicalReadings("2026-12-08")).task.cache, "hit");
  assert.equal(fetch.sent.length, 4);
});

test("cache options of the wrong shape are invalid_input from the constructor", () => {
  const cases = [
    [{ cache: "yes" }, /options\.cache must be a boolean or an object/],
    [{ cache: { maxEntries: 0 } }, /options\.cache\.maxEntries must be at least 1/],
    [{ cache: { maxEntries: 1.5 } }, /options\.cache\.maxEntries must be an integer from 0 to 10000/],
    [{ cache: { maxBytes: -1 } }, /options\.cache\.maxBytes must be a positive number/],
  ];
  for (const [options, needle] of cases) {
    assert.throws(
      () => new MagisteriumClient({ endpoint, fetch: service(() => "readings"), ...options }),
      (e) => e instanceof MagisteriumError && e.kind === "invalid_input" && needle.test(e.message),
      JSON.stringify(options),
    );
  }
});
