// The Cloudflare Worker entry. It only carries out what the Rust app decides: reads the request
// (body capped while streaming), makes the planned upstream call (fresh headers, the secret token,
// a time budget, the answer capped while streaming), uses the Cache API and the Rate Limiting
// binding when configured, logs one JSON line per API request, and serves static assets.
import { initSync, WorkerApp } from "../../dist/pkg-worker/magisterium_a2a.js";
import { createAuth } from "./auth.js";
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

/** The Rust app's view of a request. */
function appRequest(request, url, body, headers = [...request.headers]) {
  return {
    method: request.method,
    path: url.pathname,
    query: url.search.replace(/^\?/, ""),
    origin: url.origin,
    headers,
    body,
    clientKey: request.headers.get("cf-connecting-ip") ?? "local",
    nowMs: Date.now(),
  };
}

/** Answers a request in-process (the emulated authorization server, for oauth4webapi's fetches). */
async function inProcess(request, env) {
  const url = new URL(request.url);
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array(0);
  const route = app.handle(appRequest(request, url, body), env, false);
  return route.kind === "respond" ? toResponse(route.response) : new Response("not found", { status: 404 });
}

const isUnauthorized = (answer) => {
  if (answer.status === 401) return true;
  try {
    return JSON.parse(answer.body)?.error?.code === -32004;
  } catch {
    return false;
  }
};

async function api(request, env, url) {
  const started = Date.now();
  const requestId = request.headers.get("x-request-id")?.slice(0, 64).replace(/[^\w.-]/g, "") || crypto.randomUUID();
  const origin = request.headers.get("origin");
  const auth = createAuth(env, url, (req) => inProcess(req, env));
  const done = (answer, extra = {}) => {
    const response = answer instanceof Response ? answer : toResponse(answer);
    response.headers.set("x-request-id", requestId);
    log({ requestId, origin, path: url.pathname, method: extra.method, skill: extra.skill, status: response.status, ms: Date.now() - started, ...extra.log });
    return response;
  };
  const signIn = await auth.route(request);
  if (signIn) return done(signIn);

  const max = app.maxBodyBytes(env);
  const body = request.method === "POST" ? await readCapped(request.body, max) : new Uint8Array(0);
  if (body === null) {
    return done(json(413, { jsonrpc: "2.0", id: null, error: { code: -32600, message: `Request body larger than ${max} bytes` } }));
  }
  const isRpc = request.method === "POST" && url.pathname === "/api/v1/a2a";
  let credential = isRpc ? await auth.token(request) : { token: null, session: null };
  if (credential.refuse) {
    const answer = json(401, { jsonrpc: "2.0", id: null, error: { code: -32004, message: credential.reason === "cross-site" ? "Cross-site request refused" : "Sign in first" } }, { "www-authenticate": "Bearer" });
    return done(answer, { log: { auth: credential.reason } });
  }
  let outcome = await attempt(request, env, url, body, credential, origin, requestId);
  if (isRpc && credential.session && isUnauthorized(outcome.answer)) {
    const renewed = await auth.refresh(credential.session); // one refresh, one retry
    if (renewed) outcome = await attempt(request, env, url, body, { token: renewed.accessToken, session: renewed }, origin, requestId);
  }
  if (outcome.asset) return env.ASSETS ? env.ASSETS.fetch(request) : new Response("not found", { status: 404 });
  return done(outcome.answer, outcome.meta);
}

/** One pass through the Rust app and, when it plans one, the upstream call. */
async function attempt(request, env, url, body, credential, origin, requestId) {
  let headers = [...request.headers];
  if (credential.session) {
    // The session's token replaces whatever the page sent (the embedded agent reads it; a URL
    // upstream gets it from `token` below, on a request built from scratch).
    headers = headers.filter(([k]) => k.toLowerCase() !== "authorization").concat([["authorization", `Bearer ${credential.token}`]]);
  }
  const hasBinding = typeof env.RATE_LIMITER?.limit === "function";
  const route = app.handle(appRequest(request, url, body, headers), env, hasBinding);
  if (route.kind === "asset") return { asset: true };
  if (route.kind === "respond") return { answer: route.response };

  const cache = globalThis.caches?.default;
  if (route.kind === "card") {
    const key = new Request(route.url);
    const hit = await cache?.match(key);
    const outcome = hit
      ? { kind: "answer", status: 200, headers: [], body: new Uint8Array(await hit.arrayBuffer()) }
      : await callUpstream(route.url, { method: "GET", requestId, timeoutMs: 15_000, maxBytes: 1 << 20 });
    const answer = app.card(outcome, url.origin, env, origin);
    if (!hit && answer.status === 200 && outcome.kind === "answer") {
      await cache?.put(key, new Response(outcome.body, { headers: { "cache-control": "public, max-age=3600" } }));
    }
    return { answer, meta: { log: { upstream: hit ? "cache" : outcome.kind } } };
  }

  // route.kind === "forward"
  const meta = { method: route.method, skill: route.skill };
  for (const pool of route.bindingPools) {
    const limiter = pool === "catholic_qa" ? env.QA_RATE_LIMITER ?? env.RATE_LIMITER : env.RATE_LIMITER;
    const { success } = await limiter.limit({ key: `${route.clientKey}:${pool}` });
    if (!success) return { answer: app.bindingRefused(route.planJson, pool, env, origin), meta: { ...meta, log: { limiter: pool } } };
  }
  const key = route.cacheKey && cache ? new Request(route.cacheKey) : null;
  if (key) {
    const hit = await cache.match(key);
    if (hit) return { answer: app.fromCache(route.planJson, await hit.text(), env, origin), meta: { ...meta, log: { cache: "hit" } } };
  }
  const outcome = await callUpstream(route.upstreamUrl, {
    method: "POST",
    body,
    token: credential.token,
    requestId,
    timeoutMs: route.timeoutMs,
    maxBytes: route.maxUpstreamBytes,
  });
  const { response, cache: toCache } = app.finish(route.planJson, outcome, env, origin);
  if (key && toCache) {
    await cache.put(key, new Response(toCache, { headers: { "content-type": "application/json", "cache-control": "public, max-age=86400" } }));
  }
  return { answer: response, meta: { ...meta, log: { upstream: outcome.kind === "answer" ? outcome.status : outcome.kind, cache: key ? "miss" : undefined } } };
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (!WorkerApp.isApiPath(url.pathname) && !url.pathname.startsWith("/auth/")) {
      return env.ASSETS ? env.ASSETS.fetch(request) : new Response("not found", { status: 404 });
    }
    try {
      return await api(request, env, url);
    } catch (e) {
      console.error(JSON.stringify({ error: String(e?.name ?? "Error"), code: e?.code }));
      return json(500, { jsonrpc: "2.0", id: null, error: { code: -32603, message: "Internal error" } });
    }
  },
};
