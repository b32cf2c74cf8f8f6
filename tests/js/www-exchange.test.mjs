// The demo page's recording fetch (www/exchange.js) under `node --test`, over a stub fetch: what it
// records, what it hands the SDK, aborts and failures, and calls replaced by newer ones.
import { test } from "node:test";
import assert from "node:assert/strict";
import { callInfo, createRecorder } from "../../www/exchange.js";

const RPC = '{"jsonrpc":"2.0","id":"req-1","method":"message/send","params":{}}';

const URL_ = "http://127.0.0.1:8787/api/v1/a2a";

/** A fetch that answers each Request with `answer(request)` and remembers the requests. */
function stubFetch(answer) {
  const calls = [];
  const fetchFn = async (request) => {
    calls.push(request);
    return answer(request);
  };
  return { calls, fetchFn };
}

test("a POST is recorded (request, status, agent header, body, time) and the SDK gets an equal Response", async () => {
  const changes = [];
  const { fetchFn } = stubFetch(() => new Response('{"jsonrpc":"2.0","id":"req-1","result":{}}', {
    status: 200,
    headers: { "content-type": "application/json", "x-magisterium-agent": "embedded-stand-in", "retry-after": "3" },
  }));
  const recorder = createRecorder((r) => changes.push(r.attempts.map((a) => (a.response === null ? "waiting" : "done"))), fetchFn);
  recorder.begin();
  const started = performance.now();
  // The SDK calls fetch(request) with a built Request.
  const response = await recorder.fetch(new Request(URL_, { method: "POST", body: RPC }));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("retry-after"), "3", "headers are passed on");
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.equal(await response.text(), '{"jsonrpc":"2.0","id":"req-1","result":{}}', "the SDK reads the same body");
  const last = recorder.last();
  assert.equal(last.url, URL_);
  assert.equal(last.request, RPC);
  assert.equal(last.status, 200);
  assert.equal(last.agent, "embedded-stand-in");
  assert.equal(last.response, '{"jsonrpc":"2.0","id":"req-1","result":{}}');
  assert.ok(last.ms >= 0 && last.error === null);
  assert.deepEqual(changes, [[], ["waiting"], ["done"]], "the panel is told: new call, sent, answered");
  const info = callInfo(recorder, started);
  assert.equal(info.requestId, "req-1");
  assert.equal(info.attempts, 1);
  assert.ok(info.total >= info.http);
});

test("a GET (the agent card) passes through unrecorded; fetch(url, init) works too; a 204 has no body", async () => {
  const { fetchFn, calls } = stubFetch((r) => (r.url.endsWith("agent.json") ? Response.json({ name: "card" }) : new Response(null, { status: 204 })));
  const recorder = createRecorder(() => {}, fetchFn);
  assert.deepEqual(await (await recorder.fetch("http://127.0.0.1/.well-known/agent.json")).json(), { name: "card" });
  assert.equal(recorder.attempts.length, 0);
  const empty = await recorder.fetch(URL_, { method: "post", body: RPC });
  assert.equal(empty.status, 204);
  assert.equal(empty.body, null);
  assert.equal(calls.length, 2);
  assert.equal(await calls[1].text(), RPC, "the request goes on with its body");
  assert.equal(recorder.attempts.length, 1);
  assert.equal(recorder.last().request, RPC);
});

test("no HTTP answer: the error is recorded (aborts say so) and rethrown as it came", async () => {
  const refused = new TypeError("fetch failed");
  const recorder = createRecorder(() => {}, stubFetch(() => Promise.reject(refused)).fetchFn);
  await assert.rejects(recorder.fetch(URL_, { method: "POST", body: RPC }), (e) => e === refused);
  assert.equal(recorder.last().error, "no HTTP answer (fetch failed)");
  assert.equal(recorder.last().status, null);
  const abort = new DOMException("The operation was aborted.", "AbortError");
  const aborted = createRecorder(() => {}, stubFetch(() => Promise.reject(abort)).fetchFn);
  await assert.rejects(aborted.fetch(URL_, { method: "POST", body: RPC }), (e) => e === abort);
  assert.equal(aborted.last().error, "no HTTP answer: aborted");
});

test("a body cut short is recorded with the status, and rethrown", async () => {
  const broken = new ReadableStream({ start: (c) => c.error(new Error("connection reset")) });
  const recorder = createRecorder(() => {}, stubFetch(() => new Response(broken, { status: 200 })).fetchFn);
  await assert.rejects(recorder.fetch(URL_, { method: "POST", body: RPC }), /connection reset/);
  assert.equal(recorder.last().status, 200);
  assert.equal(recorder.last().error, "the body could not be read (connection reset)");
});

test("a call replaced by a newer one (Cancel, then ask again) no longer updates the panel", async () => {
  let release;
  const slow = new Promise((r) => (release = r));
  let n = 0;
  const { fetchFn } = stubFetch(async () => (++n === 1 ? slow : new Response("second")));
  const seen = [];
  const recorder = createRecorder((r) => seen.push(r.attempts.map((a) => a.response)), fetchFn);
  recorder.begin();
  const first = recorder.fetch(URL_, { method: "POST", body: RPC });
  recorder.begin();
  await recorder.fetch(URL_, { method: "POST", body: RPC });
  seen.length = 0;
  release(new Response("first, late"));
  assert.equal(await (await first).text(), "first, late", "the old call still gets its answer");
  assert.deepEqual(seen, [], "but the panel is not told");
  assert.deepEqual(recorder.attempts.map((a) => a.response), ["second"]);
});
