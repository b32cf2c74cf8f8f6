// The Cloudflare Worker entry. It only carries out what the Rust app decides: reads the request
// (body capped while streaming), makes the planned upstream call (fresh headers, the secret token,
// a time budget, the answer capped while streaming), uses the Cache API and the Rate Limiting
// binding when configured, logs one JSON line per API request as `LOG_REQUESTS` says (default:
// the refused and failed ones), and serves static assets.
import { WorkerApp } from "magisterium-worker";
import { createAuth, sessionClass } from "./auth.js";
import { readCapped } from "../web/runtime.js";
const app = new WorkerApp();

const json = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store", ...headers } });

/** A Response from an answer of the Rust app (`headers`: one object); `extra` headers are added
 *  in the same init (cheaper in workerd than setting them afterwards). */
const toResponse = ({ status, headers, body }, extra) =>
  new Response(status === 204 || status === 304 ? null : body, { status, headers: extra ? { ...headers, ...extra } : headers });

const NO_BYTES = new Uint8Array(0);

/** The bytes of a request's or response's body, or null once they pass `max`. A body that
 *  declares its length (uncompressed, so the length is what arrives) and fits is read by workerd
 *  in one piece, one await instead of one per chunk (HTTP framing stops at the declared length,
 *  and the size is checked again); any other body is counted on the stream. */
async function readBody(message, max) {
  const declared = message.headers.get("content-length");
  if (declared !== null && /^\d{1,15}$/.test(declared) && !message.headers.has("content-encoding")) {
    if (Number(declared) > max) {
      message.body?.cancel().catch(() => {});
      return null;
    }
    const bytes = new Uint8Array(await message.arrayBuffer());
    return bytes.byteLength > max ? null : bytes;
  }
  return message.body ? readCapped(message.body, max) : NO_BYTES;
}

// The headers the Rust app reads, of a request and of an upstream answer: only these cross.
const REQUEST_HEADERS = WorkerApp.requestHeaders();
const UPSTREAM_HEADERS = WorkerApp.upstreamHeaders();

/** Headers `names` that `headers` has, as `name:value` lines: the form the Rust app reads in one
 *  piece (`skip`: a name left out). */
function headerLines(headers, names, skip) {
  let lines = "";
  for (const name of names) {
    if (name === skip) continue;
    const value = headers.get(name);
    if (value !== null) lines += `${name}:${value}\n`;
  }
  return lines;
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
    const bytes = await readBody(res, maxBytes);
    if (bytes === null) return { kind: "tooLarge" };
    return { kind: "answer", status: res.status, headers: headerLines(res.headers, UPSTREAM_HEADERS), body: bytes };
  } catch (e) {
    return { kind: e?.name === "TimeoutError" ? "timeout" : "unreachable" };
  }
}

/** The Rust app's route for a request: its head (method, path, query, own origin and client key,
 *  one per line, then the lines of the headers it reads; none can hold a line break) crosses into
 *  wasm as one string, its body as bytes. */
function routeOf(request, url, body, env, hasBinding, headers = headerLines(request.headers, REQUEST_HEADERS), sessionId = "") {
  const clientKey = request.headers.get("cf-connecting-ip") ?? "local";
  const head = `${request.method}\n${url.pathname}\n${url.search.slice(1)}\n${url.origin}\n${clientKey}\n${sessionId}\n${headers}`;
  return app.handle(head, body, Date.now(), env, hasBinding);
}

/** Answers a request in-process (the emulated authorization server, for oauth4webapi's fetches). */
async function inProcess(request, env) {
  const url = new URL(request.url);
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array(0);
  const answer = routeOf(request, url, body, env, false);
  return answer.kind === "respond" ? toResponse(answer.response) : new Response("not found", { status: 404 });
}

const isUnauthorized = (answer, rpcError) => {
  if (answer.status === 401 || rpcError === -32004) return true;
  if (answer.body instanceof Uint8Array) return false; // the upstream's own answer: rpcError says
  try {
    return JSON.parse(answer.body)?.error?.code === -32004;
  } catch {
    return false;
  }
};

/** The sign-in BFF of the isolate, built again only for another env or origin. */
let authCache = { env: null, origin: null, auth: null };
function authFor(env, url) {
  if (authCache.env !== env || authCache.origin !== url.origin) {
    authCache = { env, origin: url.origin, auth: createAuth(env, new URL(url.origin), inProcess) };
  }
  return authCache.auth;
}

async function api(request, env, url) {
  const started = Date.now();
  const requestId = request.headers.get("x-request-id")?.slice(0, 64).replace(/[^\w.-]/g, "") || crypto.randomUUID();
  const origin = request.headers.get("origin");
  const auth = authFor(env, url);
  const done = (answer, extra = {}) => {
    const response = answer instanceof Response ? answer : toResponse(answer, { "x-request-id": requestId });
    if (answer instanceof Response) response.headers.set("x-request-id", requestId);
    const rpcError = extra.log?.rpcError;
    if (app.logWanted(env, response.status, rpcError != null)) {
      const line = { at: new Date().toISOString(), requestId, origin, path: url.pathname, method: extra.method, skill: extra.skill, status: response.status, ms: Date.now() - started, ...extra.log };
      console.log(JSON.stringify(line));
    }
    return response;
  };
  if (url.pathname.startsWith("/auth/")) {
    const signIn = await auth.route(request, url);
    if (signIn) return done(signIn);
  }

  const max = app.maxBodyBytes(env);
  const body = request.method === "POST" ? await readBody(request, max) : new Uint8Array(0);
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
  if (isRpc && credential.session && isUnauthorized(outcome.answer, outcome.meta?.log?.rpcError)) {
    const renewed = await auth.refresh(credential); // one refresh, one retry
    if (renewed) outcome = await attempt(request, env, url, body, renewed, origin, requestId);
  }
  if (outcome.asset) return env.ASSETS ? env.ASSETS.fetch(request) : new Response("not found", { status: 404 });
  return done(outcome.answer, outcome.meta);
}

/** One pass through the Rust app and, when it plans one, the upstream call. */
async function attempt(request, env, url, body, credential, origin, requestId) {
  // With a session, its token replaces whatever the page sent (the embedded agent reads it; a
  // URL upstream gets it from `token` below, on a request built from scratch).
  const headers = credential.session
    ? `${headerLines(request.headers, REQUEST_HEADERS, "authorization")}authorization:Bearer ${credential.token}\n`
    : headerLines(request.headers, REQUEST_HEADERS);
  const hasBinding = typeof env.RATE_LIMITER?.limit === "function";
  const route = routeOf(request, url, body, env, hasBinding, headers, credential.session?.id);
  if (route.kind === "asset") return { asset: true };
  if (route.misconfigured) console.error(JSON.stringify({ error: "misconfigured", setting: route.misconfigured }));
  if (route.kind === "respond") return { answer: route.response, meta: route.misconfigured ? { log: { misconfigured: route.misconfigured } } : undefined };

  const cache = globalThis.caches?.default;
  if (route.kind === "card") {
    const key = new Request(route.url);
    const hit = await cache?.match(key);
    const outcome = hit
      ? { kind: "answer", status: 200, headers: "", body: new Uint8Array(await hit.arrayBuffer()) }
      : await callUpstream(route.url, { method: "GET", requestId, timeoutMs: 15_000, maxBytes: 1 << 20 });
    const answer = app.card(outcome.kind, outcome.status ?? 0, outcome.headers ?? "", outcome.body ?? NO_BYTES, url.origin, env, origin);
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
    if (!success) return { answer: app.refused(route.plan, pool, undefined, env, origin), meta: { ...meta, log: { limiter: pool } } };
  }
  const key = route.cacheKey && cache ? new Request(route.cacheKey) : null;
  if (key) {
    const hit = await cache.match(key);
    if (hit) return { answer: app.fromCache(route.plan, await hit.text(), env, origin), meta: { ...meta, log: { cache: "hit" } } };
  }
  if (route.budget) {
    // The account's budget object: one count for the whole fleet, the per-client shares beside it.
    const budget = env.BUDGET.get(env.BUDGET.idFromName(route.budget));
    const taken = await budget.fetch("https://budget/take", { method: "POST", headers: { "x-client": route.clientKey, "x-qa": route.isQa ? "1" : "" } });
    if (taken.status === 429) {
      const { pool, retryAfterSeconds } = await taken.json();
      return { answer: app.refused(route.plan, pool, retryAfterSeconds, env, origin), meta: { ...meta, log: { limiter: `budget:${pool}` } } };
    }
  }
  const outcome = await callUpstream(route.upstreamUrl, {
    method: "POST",
    body,
    token: credential.token,
    requestId,
    timeoutMs: route.timeoutMs,
    maxBytes: route.maxUpstreamBytes,
  });
  const { response, passBody, cache: toCache, rpcError } = app.finish(route.plan, outcome.kind, outcome.status ?? 0, outcome.headers ?? "", outcome.body ?? NO_BYTES, env, origin);
  if (passBody) response.body = outcome.body; // checked by the app, sent as the bytes it came in
  if (key && toCache) {
    await cache.put(key, new Response(toCache, { headers: { "content-type": "application/json", "cache-control": "public, max-age=86400" } }));
  }
  return { answer: response, meta: { ...meta, log: { upstream: outcome.kind === "answer" ? outcome.status : outcome.kind, cache: key ? "miss" : undefined, rpcError: rpcError ?? undefined } } };
}

export { UpstreamBudget } from "magisterium-worker";
export const Session = sessionClass(inProcess);

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
