// Measures the Workers' own time per request inside the isolate, where Date.now() and
// performance.now() stand still: one request to this Worker runs a handler n times, with the
// upstream fetch answered in memory, and bench/lib/http.mjs times n = 1 against n = 401 from
// outside. Targets: "ours" (the real crates/worker/entry.js), "naive" (bench/workers/naive/worker.js),
// "baseline" (only the in-memory upstream call: the harness's own cost).
import ours from "../../../crates/worker/entry.js";
import naive from "../naive/worker.js";
import fixture from "../../../tests/fixtures/responses/search_results.json";
import { operations } from "./ops.js";

const REQUEST = JSON.stringify({
  jsonrpc: "2.0",
  id: "bench-1",
  method: "message/send",
  params: { message: { role: "user", parts: [{ kind: "text", text: "just wage" }], messageId: "bench-1", kind: "message", metadata: { skillId: "document_search" } } },
});
// The same call in A2A 1.0 (`&request=v1`): through the front door both ways.
const REQUEST_V1 = JSON.stringify({
  jsonrpc: "2.0",
  id: "bench-1",
  method: "SendMessage",
  params: { message: { role: "ROLE_USER", parts: [{ text: "just wage" }], messageId: "bench-1", metadata: { skillId: "document_search" } } },
});
const ANSWER = JSON.stringify({ ...fixture, id: "bench-1" });

const realFetch = globalThis.fetch;
let upstreamUrl = "";
globalThis.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input.url;
  if (url === upstreamUrl) {
    if (init?.body) await new Response(init.body).arrayBuffer();
    return new Response(ANSWER, { status: 200, headers: { "content-type": "application/json" } });
  }
  return realFetch(input, init);
};

const baseline = {
  async fetch(request, env) {
    const upstream = await fetch(env.UPSTREAM_URL, { method: "POST", body: request.body });
    return new Response(upstream.body, { status: upstream.status });
  },
};

const TARGETS = { ours, naive, baseline };
// `op:<name>`: one platform operation of ops.js, 20 times a call (bench/workerd-ops.mjs).
for (const [name, handler] of Object.entries(operations())) TARGETS[`op:${name}`] = handler;

/** `env`, or a copy with LOG_REQUESTS and CACHE_ANSWERS set (one copy per pair of values, kept:
 *  the Worker reads its settings once per env object, as it does with the one env of a
 *  deployment). `answers=off` is the forwarding path, every call upstream: with the answer cache
 *  on, every call after the first is a hit (the same search each time). */
const envs = new Map();
function envWith(env, logRequests, answers) {
  if (!logRequests && !answers) return env;
  const key = `${logRequests}|${answers}`;
  if (!envs.has(key)) {
    const copy = { ...env };
    if (logRequests) copy.LOG_REQUESTS = logRequests;
    if (answers) copy.CACHE_ANSWERS = answers;
    envs.set(key, copy);
  }
  return envs.get(key);
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const handler = TARGETS[url.searchParams.get("target")];
    if (!handler) return new Response("unknown target", { status: 400 });
    const n = Math.min(5000, Math.max(1, Number(url.searchParams.get("n") ?? 1)));
    upstreamUrl = env.UPSTREAM_URL;
    const handlerEnv = envWith(env, url.searchParams.get("logRequests"), url.searchParams.get("answers"));
    const v1 = url.searchParams.get("request") === "v1";
    let last;
    for (let i = 0; i < n; i++) {
      const req = new Request("http://127.0.0.1/api/v1/a2a", { method: "POST", headers: { "content-type": "application/json" }, body: v1 ? REQUEST_V1 : REQUEST });
      const res = await handler.fetch(req, handlerEnv, ctx);
      last = { status: res.status, agent: res.headers.get("x-magisterium-agent"), body: await res.text() };
    }
    const result = last.status === 200 && !url.searchParams.get("target").startsWith("op:") ? JSON.parse(last.body)?.result : null;
    const ok = last.status === 200 && (url.searchParams.get("target").startsWith("op:") || (v1 ? result?.task?.status?.state === "TASK_STATE_COMPLETED" : result?.kind === "task"));
    return new Response(JSON.stringify({ n, ok, status: last.status, agent: last.agent }), { status: ok ? 200 : 502, headers: { "content-type": "application/json" } });
  },
};
