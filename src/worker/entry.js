// The Cloudflare Worker entry. It only carries out what the Rust app decides: reads the request
// (body capped while streaming), makes the planned upstream call (fresh headers, the secret token,
// a time budget, the answer capped while streaming), uses the Cache API and the Rate Limiting
// binding when configured, logs one JSON line per API request, and serves static assets.
import { initSync, WorkerApp } from "../../dist/pkg-worker/magisterium_a2a.js";
import wasm from "../../dist/pkg-worker/magisterium_a2a_bg.wasm";

initSync({ module: wasm });
const app = new WorkerApp();

const json = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store", ...headers } });

const toResponse = ({ status, headers, body }) => new Response(status === 204 || status === 304 ? null : body, { status, headers });

/** The bytes of a stream, or null once they pass `max` (whatever Content-Length says). */
async function readCapped(stream, max) {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** One upstream call as an outcome the Rust app understands. Nothing of the client's request but
 *  its (checked) body is forwarded; the headers are built fresh. */
async function callUpstream(url, { method, body, token, requestId, timeoutMs, maxBytes }) {
  const headers = { accept: "application/json", "x-request-id": requestId };
  if (body) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    return { kind: e?.name === "TimeoutError" ? "timeout" : "unreachable" };
  }
  try {
    const bytes = await readCapped(res.body, maxBytes);
    if (bytes === null) return { kind: "tooLarge" };
    return { kind: "answer", status: res.status, headers: [...res.headers], body: bytes };
  } catch (e) {
    return { kind: e?.name === "TimeoutError" ? "timeout" : "unreachable" };
  }
}

function log(fields) {
  console.log(JSON.stringify({ at: new Date().toISOString(), ...fields }));
}

async function api(request, env, url) {
  const started = Date.now();
  const requestId = request.headers.get("x-request-id")?.slice(0, 64).replace(/[^\w.-]/g, "") || crypto.randomUUID();
  const origin = request.headers.get("origin");
  const max = WorkerApp.maxBodyBytes(env);
  const body = request.method === "POST" ? await readCapped(request.body, max) : new Uint8Array(0);
  if (body === null) {
    log({ requestId, origin, status: 413 });
    return json(413, { jsonrpc: "2.0", id: null, error: { code: -32600, message: `Request body larger than ${max} bytes` } }, { "x-request-id": requestId });
  }
  const hasBinding = typeof env.RATE_LIMITER?.limit === "function";
  const route = app.handle(
    {
      method: request.method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ""),
      origin: url.origin,
      headers: [...request.headers],
      body,
      clientKey: request.headers.get("cf-connecting-ip") ?? "local",
      nowMs: Date.now(),
    },
    env,
    hasBinding,
  );
  const done = (answer, extra = {}) => {
    const response = toResponse(answer);
    response.headers.set("x-request-id", requestId);
    log({ requestId, origin, method: extra.method, skill: extra.skill, status: answer.status, ms: Date.now() - started, ...extra.log });
    return response;
  };
  if (route.kind === "asset") return env.ASSETS ? env.ASSETS.fetch(request) : new Response("not found", { status: 404 });
  if (route.kind === "respond") return done(route.response);

  const cache = globalThis.caches?.default;
  if (route.kind === "card") {
    const key = new Request(route.url);
    let hit = await cache?.match(key);
    let outcome;
    if (hit) {
      outcome = { kind: "answer", status: 200, headers: [], body: new Uint8Array(await hit.arrayBuffer()) };
    } else {
      outcome = await callUpstream(route.url, { method: "GET", requestId, timeoutMs: 15_000, maxBytes: 1 << 20 });
    }
    const answer = app.card(outcome, url.origin, env, origin);
    if (!hit && answer.status === 200 && outcome.kind === "answer") {
      await cache?.put(key, new Response(outcome.body, { headers: { "cache-control": "public, max-age=3600" } }));
    }
    return done(answer, { log: { upstream: hit ? "cache" : outcome.kind } });
  }

  // route.kind === "forward"
  const meta = { method: route.method, skill: route.skill };
  for (const pool of route.bindingPools) {
    const limiter = pool === "catholic_qa" ? env.QA_RATE_LIMITER ?? env.RATE_LIMITER : env.RATE_LIMITER;
    const { success } = await limiter.limit({ key: `${route.clientKey}:${pool}` });
    if (!success) return done(app.bindingRefused(route.planJson, pool, env, origin), { ...meta, log: { limiter: pool } });
  }
  const key = route.cacheKey && cache ? new Request(route.cacheKey) : null;
  if (key) {
    const hit = await cache.match(key);
    if (hit) return done(app.fromCache(route.planJson, await hit.text(), env, origin), { ...meta, log: { cache: "hit" } });
  }
  const outcome = await callUpstream(route.upstreamUrl, {
    method: "POST",
    body,
    token: env.MAGISTERIUM_TOKEN,
    requestId,
    timeoutMs: route.timeoutMs,
    maxBytes: route.maxUpstreamBytes,
  });
  const { response, cache: toCache } = app.finish(route.planJson, outcome, env, origin);
  if (key && toCache) {
    await cache.put(key, new Response(toCache, { headers: { "content-type": "application/json", "cache-control": "public, max-age=86400" } }));
  }
  return done(response, { ...meta, log: { upstream: outcome.kind === "answer" ? outcome.status : outcome.kind, cache: key ? "miss" : undefined } });
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (!WorkerApp.isApiPath(url.pathname)) {
      return env.ASSETS ? env.ASSETS.fetch(request) : new Response("not found", { status: 404 });
    }
    try {
      return await api(request, env, url);
    } catch (e) {
      console.error(JSON.stringify({ error: String(e?.name ?? "Error") }));
      return json(500, { jsonrpc: "2.0", id: null, error: { code: -32603, message: "Internal error" } });
    }
  },
};
