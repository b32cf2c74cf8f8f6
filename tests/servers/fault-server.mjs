// A fault-injecting A2A upstream for tests, on 127.0.0.1 only. No dependencies.
//
//   node tests/servers/fault-server.mjs [port]     (port 0: pick one; prints "listening <port>")
//
// Routes (POST unless noted; every answer carries permissive CORS so browser tests can call it):
//   /ok/<fixture>                 200 + tests/fixtures/responses/<fixture>.json, id replaced by the request's
//   /status/<code>/<fixture>      that status + fixture (id echoed)
//   /html/<code>                  an HTML error page with that status
//   /slow/<ms>/<fixture>          first byte after <ms>
//   /trickle/<ms>                 a valid body, one byte every <ms>
//   /truncated                    Content-Length 1000, closes after 500 bytes
//   /reset                        sends part of a body, then resets the connection
//   /big/<bytes>                  a 200 JSON body of about <bytes> bytes, streamed
//   /invalid-utf8                 200 with bytes ff fe inside a string
//   /flaky/<key>/<n>/<code>       <code> (with fixture error) n times per key, then /ok/search_empty
//   /ratelimit/<key>/<n>/<secs>   429 + Retry-After: <secs> n times per key, then /ok/search_empty
//   /auth/<token>/<fixture>       401 (-32004) unless "Authorization: Bearer <token>"
//   /echo                         a completed search_results task whose one result echoes the request
//   GET /card/<mode>/.well-known/agent.json | agent-card.json   mode: ok | v03 (only agent-card.json) | none
//   /by-query                     the scenario named by the request itself, for a proxy in front of
//                                 this server: the first text part, data.id or params.id reads
//                                 "scenario:<name>[:<arg>]" (ok, document, notfound, html502, slow, reset,
//                                 big, ratelimit, error, failed, redirect, leak, unauthorized, plan,
//                                 tasknotfound, finished: Magisterium's -32004 (HTTP 401), -32005,
//                                 -32001 and cancel's -32602 "Invalid state transition"); anything else → ok
//   GET /__count/<key>            {"count": n} requests seen under <key> (flaky/ratelimit/auth/echo/by-query/<q>)
//   GET /.well-known/agent.json   a card (for a proxy whose upstream is /by-query)
//   /v1only                       an agent that moved to A2A 1.0: GET /v1only/.well-known/agent-card.json
//                                 is its 1.0 card (JSON-RPC 1.0 interface: /v1only); with "A2A-Version: 1.0" the 1.0
//                                 answer tests/fixtures/v1/search_results_answer.json (id echoed),
//                                 else -32601 Method not found (counted as v1only/v1, v1only/legacy)
//   GET /__last                   the headers and body of the last /by-query request
//   POST /fault/<case>[/<nonce>]  (both URI-encoded) one case of the fault matrix (also /by-query with the text
//                                 "scenario:fault:<case>[:<nonce>]"); GET /__faults lists the cases with
//                                 the outcome expected from the SDK and from the proxy
//   GET /__written/<nonce>        bytes a streamed fault case wrote before the client went away
//   GET /__times/<nonce>          arrival times (ms) of the requests of a fault case
//   GET /__message-ids/<nonce>    the params.message.messageId of each of those requests
import http from "node:http";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, "..", "fixtures", "responses");
const counts = new Map();
let lastRequest = null;
const bump = (key) => counts.set(key, (counts.get(key) ?? 0) + 1) && counts.get(key);

function fixture(name, id) {
  const file = name.includes(".") ? name : `${name}.json`;
  const raw = readFileSync(path.join(fixtures, path.basename(file)), "utf8");
  if (name === "wrong_id" || file !== `${name}.json`) return raw;
  try {
    const body = JSON.parse(raw);
    if ("id" in body && body.id !== null) body.id = id;
    return JSON.stringify(body);
  } catch {
    return raw;
  }
}

const cors = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, GET, OPTIONS",
  "access-control-allow-headers": "content-type, authorization, x-test, a2a-version",
  "access-control-expose-headers": "retry-after, retry-after-ms, x-request-id",
  "access-control-max-age": "600",
};

function send(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...cors, ...headers });
  res.end(body);
}

const server = http.createServer((req, res) => {
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (c) => (raw += c));
  req.on("end", () => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, cors);
      return res.end();
    }
    let id = null;
    try {
      id = JSON.parse(raw).id ?? null;
    } catch {}
    try {
      route(req, res, raw, id);
    } catch (e) {
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: String(e.message) }));
      else res.destroy();
    }
  });
});

function route(req, res, raw, id) {
    const parts = new URL(req.url, "http://127.0.0.1").pathname.split("/").filter(Boolean);
    const [route, a, b, c] = parts;
    switch (route) {
      case "ok":
        return send(res, 200, fixture(a, id));
      case "status":
        return send(res, Number(a), fixture(b, id));
      case "html":
        return send(res, Number(a), fixture("not_json.html", id), { "content-type": "text/html" });
      case "slow":
        return void setTimeout(() => send(res, 200, fixture(b, id)), Number(a));
      case "trickle": {
        const body = Buffer.from(fixture("search_empty", id));
        res.writeHead(200, { "content-type": "application/json", ...cors });
        let i = 0;
        const t = setInterval(() => {
          if (res.destroyed || i >= body.length) {
            clearInterval(t);
            return res.end();
          }
          res.write(body.subarray(i, i + 1));
          i += 1;
        }, Number(a));
        return;
      }
      case "truncated": {
        res.writeHead(200, { "content-type": "application/json", "content-length": "1000", ...cors });
        res.write(fixture("qa_answer", id).slice(0, 500));
        return void setTimeout(() => res.destroy(), 20);
      }
      case "reset": {
        res.writeHead(200, { "content-type": "application/json", ...cors });
        res.write('{"jsonrpc":"2.0","id":');
        return void setTimeout(() => res.socket?.resetAndDestroy?.() ?? res.destroy(), 20);
      }
      case "big": {
        const total = Number(a);
        res.writeHead(200, { "content-type": "application/json", ...cors });
        const chunk = "x".repeat(65536);
        res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"artifactId":"a","name":"document","parts":[{"kind":"text","text":"`);
        let sent = 0;
        const pump = () => {
          while (sent < total) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end('"},{"kind":"data","data":{"id":"big","title":"Big","author":"A","ref":"R"}}]}]}}');
        };
        res.on("close", () => (sent = total + 1));
        return pump();
      }
      case "invalid-utf8": {
        res.writeHead(200, { "content-type": "application/json", ...cors });
        return res.end(Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":"x","result":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]));
      }
      case "flaky": {
        const n = bump(`flaky/${a}`);
        if (n <= Number(b)) return send(res, Number(c), fixture("error_internal", id));
        return send(res, 200, fixture("search_empty", id));
      }
      case "ratelimit": {
        const n = bump(`ratelimit/${a}`);
        if (n <= Number(b)) return send(res, 429, fixture("error_rate_limited", id), { "retry-after": c });
        return send(res, 200, fixture("search_empty", id));
      }
      case "auth": {
        bump(`auth/${a}`);
        if (req.headers.authorization !== `Bearer ${a}`) {
          return send(res, 401, fixture("error_unauthorized", id), { "www-authenticate": "Bearer" });
        }
        return send(res, 200, fixture(b, id));
      }
      case "echo": {
        bump("echo");
        const echo = JSON.stringify({ headers: req.headers, body: raw });
        const result = {
          jsonrpc: "2.0",
          id,
          result: {
            kind: "task", id: "echo-task", contextId: "echo-ctx", status: { state: "completed" },
            artifacts: [{ artifactId: "art_echo", name: "search_results", parts: [{ kind: "data", data: { results: [{ id: "echo", url: "http://127.0.0.1/echo", title: echo }] } }] }],
          },
        };
        return send(res, 200, JSON.stringify(result));
      }
      case ".well-known":
        return send(res, 200, JSON.stringify({ protocolVersion: "0.2.6", name: "Fault upstream", description: "d", url: "http://127.0.0.1/by-query", version: "1", capabilities: {}, defaultInputModes: [], defaultOutputModes: [], skills: [], securitySchemes: { bearer: { type: "http", scheme: "bearer" } }, security: [{ bearer: [] }] }), { "cache-control": "public, max-age=3600" });
      case "card": {
        const file = b === ".well-known" ? c : "";
        const card = JSON.stringify({ protocolVersion: "0.2.6", name: "Fixture agent", description: "d", url: "http://127.0.0.1/ok", version: "1", capabilities: {}, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"], skills: [] });
        bump(`card/${a}`);
        const serve = (a === "ok" && file === "agent.json") || (a === "v03" && file === "agent-card.json");
        return serve ? send(res, 200, card, { "cache-control": "public, max-age=3600" }) : send(res, 404, '{"error":"not found"}');
      }
      case "by-query":
        return byQuery(req, res, raw, id);
      case "v1only": {
        if (a === ".well-known" && b === "agent-card.json") {
          bump("v1only/card");
          const own = `http://${req.headers.host}`;
          const card = { name: "Fault upstream in 1.0", description: "d", version: "1", supportedInterfaces: [{ url: `${own}/v1only`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }], capabilities: {}, defaultInputModes: [], defaultOutputModes: [], skills: [] };
          return send(res, 200, JSON.stringify(card), { "cache-control": "public, max-age=60" });
        }
        if (req.headers["a2a-version"] !== "1.0") {
          bump("v1only/legacy");
          return send(res, 200, JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } }));
        }
        bump("v1only/v1");
        const answer = JSON.parse(readFileSync(path.join(here, "..", "fixtures", "v1", "search_results_answer.json"), "utf8"));
        return send(res, 200, JSON.stringify({ ...answer, id }));
      }
      case "__last":
        return send(res, 200, JSON.stringify(lastRequest));
      case "fault":
        return runFault(req, res, decodeURIComponent(a ?? ""), decodeURIComponent(b ?? ""), id, raw);
      case "__faults":
        return send(res, 200, JSON.stringify(FAULTS.map(({ respond, ...c }) => c)));
      case "__written":
        return send(res, 200, JSON.stringify(written.get(a) ?? { bytes: 0, finished: false, closed: false }));
      case "__times":
        return send(res, 200, JSON.stringify(times.get(a) ?? []));
      case "__message-ids":
        return send(res, 200, JSON.stringify(messageIds.get(a) ?? []));
      case "ratelimit-date":
        return send(res, 429, fixture("error_rate_limited", id), { "retry-after": new Date(Date.now() + Number(a) * 1000).toUTCString() });
      case "__count":
        return send(res, 200, JSON.stringify({ count: counts.get(decodeURIComponent(parts.slice(1).join("/"))) ?? 0 }));
      default:
        return send(res, 404, '{"error":"no such route"}');
    }
}

function byQuery(req, res, raw, id) {
  let body = {};
  try {
    body = JSON.parse(raw);
  } catch {}
  const part = body.params?.message?.parts?.[0];
  const q = String(part?.text ?? part?.data?.id ?? body.params?.id ?? "");
  lastRequest = { headers: req.headers, body: raw, url: req.url };
  bump("by-query");
  bump(`by-query/${q}`);
  const [, name, arg, nonce] = q.split(":");
  if (name === "fault") return runFault(req, res, arg, nonce ?? "", id, raw);
  const task = (parts, state = "completed") => JSON.stringify({
    jsonrpc: "2.0", id,
    result: { kind: "task", id: "up-task", contextId: "up-ctx", status: { state }, artifacts: parts ? [{ artifactId: "art_up", name: "document", parts }] : [] },
  });
  switch (name) {
    case "document":
      return send(res, 200, task([{ kind: "text", text: `Document ${arg}` }, { kind: "data", data: { id: q, title: "T", author: "A", ref: "R" } }]));
    case "notfound":
      return send(res, 200, task([{ kind: "text", text: "Document not found." }]));
    case "failed":
      return send(res, 200, task(null, "failed"));
    case "error":
      return send(res, 200, fixture("error_internal", id));
    case "html502":
      return send(res, 502, fixture("not_json.html", id), { "content-type": "text/html", server: "fault/1" });
    case "slow":
      return void setTimeout(() => send(res, 200, fixture("search_empty", id)), Number(arg ?? 5000));
    case "reset":
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"jsonrpc":"2.0","id":');
      return void setTimeout(() => res.socket?.resetAndDestroy?.() ?? res.destroy(), 20);
    case "big": {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = "x".repeat(65536);
      let sent = 0;
      const total = Number(arg ?? 50_000_000);
      res.on("close", () => (sent = total));
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      return pump();
    }
    case "ratelimit":
      return send(res, 429, fixture("error_rate_limited", id), { "retry-after": "30", "set-cookie": "upstream=1", "x-ratelimit-remaining": "0" });
    case "redirect":
      res.writeHead(302, { location: "http://127.0.0.1:9/elsewhere" });
      return res.end();
    case "unauthorized":
      return send(res, 401, fixture("error_unauthorized", id), { "www-authenticate": "Bearer" });
    case "plan":
      return send(res, 200, fixture("error_plan_required", id));
    case "tasknotfound":
      return send(res, 200, fixture("error_task_not_found", id));
    case "finished":
      return send(res, 200, JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32602, message: "Invalid state transition" } }));
    case "leak":
      return send(res, 200, fixture("search_empty", id), { "set-cookie": "sid=upstream-session", "www-authenticate": "Bearer realm=up", server: "fault/1" });
    default:
      return send(res, 200, fixture("search_results", id));
  }
}

// ---------------------------------------------------------------------------------------------
// The fault matrix (issue 9). One table drives both sides: the SDK in headless Chromium
// (tests/web_faults.rs) and the proxy in workerd (tests/js/proxy-faults.test.mjs). A case runs for
// the request text (first text part, data.id or params.id) "scenario:fault:<case>[:<nonce>]" on
// /by-query, or for POST /fault/<case>[/<nonce>]. The nonce keys the per-case counters.
//
// Each case: { id, group, call, sdk, proxy } where
//   call   "search" (document_search, the default) | "qa" | "fetch" | "get" (tasks/get)
//   sdk    { client: "plain" (maxRetries 0) | "retry" (maxRetries 2) | "cap" (maxResponseBytes 100000),
//            timeoutMs?, maxMs, minMs?,
//            ok: true, len?: [field, n], state? — or kind, status?, code?, retryAfterMs?,
//            retryAfterNear?: ms, noRetryAfter?, data?: "present" | "absent", taskId?,
//            calls?: requests that reach this server, maxWritten?: bytes written at most }
//   proxy  { pass: true (upstream status and body unchanged; "status" when the body varies by
//            request), status?, code?, message?, retryAfter?, maxMs, calls? }
// ---------------------------------------------------------------------------------------------
const written = new Map();
const times = new Map();
const messageIds = new Map();
const TASK_ID = "7f9d1c3e-5b2a-4c8e-9f1d-2a3b4c5d6e7f";
const CTX_ID = "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f";
const ARTIFACTS = { search: "search_results", qa: "catholic_qa_response", fetch: "document" };

const citation = (i) => ({
  cited_text: "Labour is for man.", cited_text_heading: "On work", document_title: "Laborem Exercens",
  document_index: i, document_author: "John Paul II", document_year: "1981",
  document_reference: "LE 6", source_url: "https://www.magisterium.com/docs/678",
});
const PARTS = {
  search: () => [{ kind: "data", data: { results: [{ id: "12345", url: "https://www.magisterium.com/docs/12345", title: "Rerum Novarum" }] } }],
  qa: (citations = [citation(0)]) => [
    { kind: "text", text: "Work is for man.[^1]" },
    { kind: "data", data: { citations, related_questions: ["What is a just wage?"] } },
  ],
  fetch: () => [
    { kind: "text", text: "# Rerum Novarum\n\nText." },
    { kind: "data", data: { id: "12345", title: "Rerum Novarum", author: "Leo XIII", ref: "Encyclical, 15 May 1891" } },
  ],
};
const taskOf = (call = "search", { parts = PARTS[call === "get" ? "search" : call](), state = "completed", extra = {} } = {}) => ({
  kind: "task", id: TASK_ID, contextId: CTX_ID,
  status: { state, timestamp: "2026-11-30T12:00:00.000Z" },
  artifacts: [{ artifactId: "art_fault", name: ARTIFACTS[call] ?? "search_results", parts }],
  ...extra,
});
const okBody = (id, call = "search", opts) => ({ jsonrpc: "2.0", id, result: taskOf(call, opts) });
const rpcError = (id, code = -32603, message = "Internal error", data) =>
  ({ jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } });
const ratelimitBody = (id) => rpcError(id, -32029, "Rate limit exceeded", { pool: "default", retryAfterSeconds: 1 });

/** A responder that sends `body(id, ctx)` (an object: JSON; a string or Buffer: as is). */
const reply = (status, body, headers = {}) => (res, ctx) => {
  const b = body(ctx.id, ctx);
  const data = typeof b === "string" || Buffer.isBuffer(b) ? b : JSON.stringify(b);
  res.writeHead(status, { "content-type": "application/json", ...cors, ...headers });
  res.end(data);
};
const html = "<!doctype html><html><head><title>Error</title></head><body><h1>Something went wrong</h1><script>alert(1)</script></body></html>";

/** Streams `{ … "text":"xxxx…" … }` of `total` bytes; records what was written when the socket closes. */
const huge = (total, { declared = false } = {}) => (res, ctx) => {
  const head = Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(ctx.id)},"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"artifactId":"a","name":"search_results","parts":[{"kind":"text","text":"`);
  const tail = Buffer.from('"}]}]}}');
  const fill = total - head.length - tail.length;
  const headers = { "content-type": "application/json", ...cors };
  if (declared) headers["content-length"] = String(total);
  res.writeHead(200, headers);
  const chunk = Buffer.alloc(65536, "x");
  let sent = 0;
  let bytes = 0;
  const record = (finished) => written.set(ctx.nonce, { bytes, finished, closed: !finished });
  const write = (buf) => {
    bytes += buf.length;
    return res.write(buf);
  };
  write(head);
  res.on("close", () => record(sent >= fill && res.writableFinished));
  const pump = () => {
    while (sent < fill && !res.destroyed) {
      const n = Math.min(chunk.length, fill - sent);
      sent += n;
      if (!write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once("drain", pump);
    }
    if (!res.destroyed) {
      bytes += tail.length;
      res.end(tail);
    }
  };
  pump();
};

/** The body of `body(id)`, `step` bytes every `ms` (stops when the client goes away). */
const drip = (ms, body = (id) => okBody(id), step = 1) => (res, ctx) => {
  const data = Buffer.from(JSON.stringify(body(ctx.id)));
  res.writeHead(200, { "content-type": "application/json", ...cors });
  let i = 0;
  const t = setInterval(() => {
    if (res.destroyed || i >= data.length) {
      clearInterval(t);
      return res.destroyed ? undefined : res.end();
    }
    res.write(data.subarray(i, i + step));
    i += step;
  }, ms);
  res.on("close", () => clearInterval(t));
};

/** Answers with the n-th status of `codes` on the n-th request of a nonce (200: the normal body). */
const sequence = (codes, headers = {}) => (res, ctx) => {
  const code = codes[Math.min(ctx.n, codes.length) - 1];
  if (code === 200) return reply(200, (id) => okBody(id))(res, ctx);
  return reply(code, code === 429 ? ratelimitBody : (id) => rpcError(id), headers)(res, ctx);
};

// Expected outcomes, shorthand.
const INVALID = { kind: "invalid_response" };
const P502 = (message) => ({ status: 502, code: -32603, ...(message ? { message } : {}) });
const NOT_JSON = P502("Upstream answered HTTP 200 without JSON");
const NOT_RPC = P502("Upstream answered HTTP 200 without a JSON-RPC response");
const PASS = { pass: true };
const FAULTS = [];
const add = (group, id, respond, sdk, proxy, call = "search") =>
  FAULTS.push({ id: `${group}/${id}`, group, call, respond, sdk: { client: "plain", maxMs: 3000, ...sdk }, proxy: { maxMs: 3000, ...proxy } });

// --- parse: malformed JSON (cut at 24 places, 32 kinds of junk), invalid UTF-8, HTML with 200 ---
{
  const valid = (id) => JSON.stringify(okBody(id));
  for (let k = 1; k <= 24; k++) {
    add("parse", `cut-${String(k).padStart(2, "0")}`, reply(200, (id) => { const v = valid(id); return v.slice(0, Math.floor((v.length - 1) * k / 25)); }), INVALID, NOT_JSON);
  }
  const junk = {
    "empty": () => "",
    "whitespace": () => " \r\n\t ",
    "trailing-garbage": (id) => valid(id) + "x",
    "trailing-brace": (id) => valid(id) + "}",
    "two-values": (id) => valid(id) + valid(id),
    "nan": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":NaN'),
    "infinity": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":Infinity'),
    "minus-infinity": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":-Infinity'),
    "undefined": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":undefined'),
    "single-quotes": (id) => valid(id).replaceAll('"', "'"),
    "unquoted-keys": (id) => valid(id).replace('"jsonrpc"', "jsonrpc"),
    "trailing-comma-object": (id) => valid(id).replace(/}$/, ",}"),
    "trailing-comma-array": (id) => valid(id).replace('"parts":[', '"parts":[,'),
    "line-comment": (id) => "// hi\n" + valid(id),
    "block-comment": (id) => valid(id).replace('{"jsonrpc"', '{/* c */"jsonrpc"'),
    "hex-number": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":0x10'),
    "leading-zero": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":012'),
    "plus-sign": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":+1'),
    "bare-dot": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":.5'),
    "raw-tab-in-string": (id) => valid(id).replace("Rerum Novarum", "Rerum\tNovarum"),
    "raw-newline-in-string": (id) => valid(id).replace("Rerum Novarum", "Rerum\nNovarum"),
    "bad-escape": (id) => valid(id).replace("Rerum Novarum", "Rerum \\x41"),
    "short-unicode-escape": (id) => valid(id).replace("Rerum Novarum", "Rerum \\u12"),
    "unterminated-string": () => '{"jsonrpc":"2.0","id":"x","result":"abc',
    "lone-brace": () => "{",
    "lone-bracket": () => "[",
    "tru": () => "tru",
    "missing-colon": () => '{"jsonrpc" "2.0"}',
    "missing-value": () => '{"jsonrpc":}',
    "double-comma": () => '{"a":[1,,2]}',
    "xml": () => '<?xml version="1.0"?><rpc/>',
    "jsonp": (id) => `callback(${valid(id)})`,
    "xssi-prefix": (id) => ")]}'\n" + valid(id),
  };
  for (const [name, make] of Object.entries(junk)) add("parse", name, reply(200, make), INVALID, NOT_JSON);
  const bytes = (parts) => (id) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));
  const inText = (seq) => (id) => {
    const [a, b] = JSON.stringify(okBody(id)).split("Rerum Novarum");
    return bytes([a, seq, b])(id);
  };
  add("parse", "utf8-ff-fe", reply(200, inText([0xff, 0xfe])), INVALID, NOT_JSON);
  add("parse", "utf8-overlong", reply(200, inText([0xc0, 0xaf])), INVALID, NOT_JSON);
  add("parse", "utf8-surrogate-bytes", reply(200, inText([0xed, 0xa0, 0x80])), INVALID, NOT_JSON);
  add("parse", "utf8-cut-sequence", reply(200, inText([0xe2, 0x82])), INVALID, NOT_JSON);
  add("parse", "utf8-in-key", reply(200, (id) => bytes(['{"jsonrpc":"2.0","id":', JSON.stringify(id), ',"', [0xff], '":1,', JSON.stringify(okBody(id)).slice(1 + JSON.stringify(okBody(id)).indexOf(',"result"'))])(id)), INVALID, NOT_JSON);
  // Differences of the two parsers, pinned: the browser's TextDecoder drops a BOM and JSON.parse
  // keeps a lone surrogate escape; serde_json (the proxy) refuses both.
  add("parse", "utf8-bom", reply(200, (id) => bytes([[0xef, 0xbb, 0xbf], JSON.stringify(okBody(id))])(id)), { ok: true }, NOT_JSON);
  add("parse", "lone-surrogate-escape", reply(200, (id) => JSON.stringify(okBody(id)).replace("Rerum Novarum", "Rerum \\ud800")), { ok: true }, NOT_JSON);
  add("parse", "html-200", reply(200, () => html, { "content-type": "text/html" }), INVALID, NOT_JSON);
  add("parse", "html-200-json-type", reply(200, () => html), INVALID, NOT_JSON);
  add("parse", "json-with-html-type", reply(200, (id) => okBody(id), { "content-type": "text/html" }), { ok: true }, PASS);
  add("parse", "json-null", reply(200, () => "null"), INVALID, NOT_RPC);
  add("parse", "json-string", reply(200, () => '"ok"'), INVALID, NOT_RPC);
  add("parse", "json-array", reply(200, (id) => [okBody(id)]), INVALID, NOT_RPC);
  add("parse", "no-content-204", (res) => { res.writeHead(204, cors); res.end(); }, INVALID, P502("Upstream answered HTTP 204 without JSON"));
}

// --- transport: cut, reset, slow first byte, slow trickle, stalled body ---
add("transport", "truncated", (res, ctx) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": "1000", ...cors });
  res.write(JSON.stringify(okBody(ctx.id, "qa", { parts: PARTS.qa(Array.from({ length: 8 }, (_, i) => citation(i))) })).slice(0, 500));
  setTimeout(() => res.destroy(), 20);
}, { kind: "network" }, P502("Upstream unreachable"));
add("transport", "reset-mid-body", (res, ctx) => {
  res.writeHead(200, { "content-type": "application/json", ...cors });
  res.write(JSON.stringify(okBody(ctx.id)).slice(0, 120));
  setTimeout(() => (res.socket?.resetAndDestroy ? res.socket.resetAndDestroy() : res.destroy()), 20);
}, { kind: "network" }, P502("Upstream unreachable"));
add("transport", "reset-before-headers", (res) => (res.socket?.resetAndDestroy ? res.socket.resetAndDestroy() : res.destroy()),
  { kind: "network" }, P502("Upstream unreachable"));
add("transport", "close-before-headers", (res) => res.socket?.end(), { kind: "network" }, P502("Upstream unreachable"));
// The SDK runs these with timeoutMs 400; the proxy with UPSTREAM_TIMEOUT_MS 1500 (its budget ± 1 s).
add("transport", "slow-first-byte", (res, ctx) => setTimeout(() => !res.destroyed && reply(200, (id) => okBody(id))(res, ctx), 6000),
  { kind: "timeout", timeoutMs: 400, minMs: 350, maxMs: 1500 }, { status: 504, code: -32603, message: "Upstream timeout", minMs: 1400, maxMs: 2500 });
add("transport", "slow-trickle", drip(25), { kind: "timeout", timeoutMs: 400, minMs: 350, maxMs: 1500 },
  { status: 504, code: -32603, message: "Upstream timeout", minMs: 1400, maxMs: 2500 });
add("transport", "stalled-body", (res, ctx) => {
  const data = JSON.stringify(okBody(ctx.id));
  res.writeHead(200, { "content-type": "application/json", ...cors });
  res.write(data.slice(0, 50));
  const t = setTimeout(() => !res.destroyed && res.end(data.slice(50)), 6000);
  res.on("close", () => clearTimeout(t));
}, { kind: "timeout", timeoutMs: 400, minMs: 350, maxMs: 1500 }, { status: 504, code: -32603, message: "Upstream timeout", minMs: 1400, maxMs: 2500 });
add("transport", "trickle-within-budget", drip(2, (id) => okBody(id), 8), { ok: true, timeoutMs: 10000, maxMs: 8000 }, { ...PASS, maxMs: 8000 });
add("transport", "slow-within-budget", (res, ctx) => setTimeout(() => reply(200, (id) => okBody(id))(res, ctx), 300),
  { ok: true, minMs: 250 }, { ...PASS, minMs: 250 });

// --- size: 50 MB (streamed and declared), a byte cap of the client, 10,000 citations ---
// No maxWritten here: on loopback Chromium's network service keeps pulling the socket after the page
// cancels the body, so what the server wrote does not measure what the SDK read (it flaked under load).
// The SDK's stop is still bounded by maxMs, and the declared case below keeps its byte bound.
add("size", "50mb-streamed", huge(50_000_000), { kind: "invalid_response", maxMs: 15000 }, P502("Upstream answer too large"));
add("size", "50mb-declared", huge(50_000_000, { declared: true }), { kind: "invalid_response", maxMs: 3000, maxWritten: 20_000_000 }, P502("Upstream answer too large"));
add("size", "600kb-over-client-cap", huge(600_000), { client: "cap", kind: "invalid_response" }, PASS);
add("size", "under-client-cap", (res, ctx) => reply(200, (id) => okBody(id))(res, ctx), { client: "cap", ok: true }, PASS);
add("size", "10k-citations", reply(200, (id) => okBody(id, "qa", { parts: PARTS.qa(Array.from({ length: 10_000 }, (_, i) => ({ cited_text: "c", document_index: i, source_url: "u" }))) })),
  { ok: true, len: ["citations", 10_000], maxMs: 5000 }, PASS, "qa");
add("size", "100k-related-questions", reply(200, (id) => okBody(id, "qa", { parts: [{ kind: "text", text: "a" }, { kind: "data", data: { citations: [], related_questions: Array.from({ length: 100_000 }, () => "q") } }] })),
  { ok: true, len: ["relatedQuestions", 100_000], maxMs: 5000 }, PASS, "qa");

// --- retry: 429 storms with and without Retry-After, Retry-After forms, 5xx, sequences ---
{
  const rl = (headers) => reply(429, ratelimitBody, headers);
  const base = { kind: "rate_limited", status: 429, code: -32029 };
  const passRl = (retryAfter) => ({ pass: true, status: 429, retryAfter });
  add("retry", "429-no-retry-after", rl({}), { ...base, noRetryAfter: true, calls: 1 }, passRl("60"));
  add("retry", "429-retry-after-1", rl({ "retry-after": "1" }), { ...base, retryAfterMs: 1000, calls: 1 }, passRl("1"));
  add("retry", "429-retry-after-year", rl({ "retry-after": "31536000" }), { ...base, retryAfterMs: 31_536_000_000, calls: 1 }, passRl("31536000"));
  add("retry", "429-retry-after-date-year", (res, ctx) => rl({ "retry-after": new Date(Date.now() + 365 * 86_400_000).toUTCString() })(res, ctx),
    { ...base, retryAfterNear: 365 * 86_400_000, calls: 1 }, { pass: "status", status: 429 });
  add("retry", "429-retry-after-past-date", rl({ "retry-after": "Wed, 21 Oct 2015 07:28:00 GMT" }), { ...base, retryAfterMs: 0 }, passRl("Wed, 21 Oct 2015 07:28:00 GMT"));
  add("retry", "429-retry-after-fraction", rl({ "retry-after": "1.5" }), { ...base, retryAfterMs: 1500 }, passRl("1.5"));
  add("retry", "429-retry-after-1e20", rl({ "retry-after": "1e20" }), { ...base, retryAfterMs: 9_007_199_254_740_991 }, passRl("1e20"));
  add("retry", "429-retry-after-negative", rl({ "retry-after": "-5" }), { ...base, noRetryAfter: true }, passRl("-5"));
  add("retry", "429-retry-after-junk", rl({ "retry-after": "soon" }), { ...base, noRetryAfter: true }, passRl("soon"));
  add("retry", "429-retry-after-ms", rl({ "retry-after-ms": "250" }), { ...base, retryAfterMs: 250 }, passRl("1"));
  add("retry", "429-html", reply(429, () => html, { "content-type": "text/html", "retry-after": "1" }), { kind: "rate_limited", status: 429, retryAfterMs: 1000 },
    { status: 429, code: -32029, message: "Rate limit exceeded", retryAfter: "1" });
  // Storms: every request refused. maxRetries 2 → exactly 3 requests, each wait honoured or jittered.
  add("retry", "storm-no-retry-after", rl({}), { ...base, client: "retry", calls: 3, maxMs: 3000 }, { ...passRl("60"), calls: 1 });
  add("retry", "storm-retry-after-1", rl({ "retry-after": "1" }), { ...base, client: "retry", calls: 3, minMs: 1950, maxMs: 4000 }, { ...passRl("1"), calls: 1 });
  add("retry", "storm-retry-after-year", rl({ "retry-after": "31536000" }), { ...base, retryAfterMs: 31_536_000_000, calls: 1, maxMs: 1000 }, passRl("31536000"));
  add("retry", "429-then-200", sequence([429, 200], { "retry-after": "1" }), { client: "retry", ok: true, calls: 2, minMs: 950 }, { pass: "status", status: 429, calls: 1 });
  add("retry", "500-502-200", sequence([500, 502, 200]), { client: "retry", ok: true, calls: 3, maxMs: 4000 }, { pass: true, status: 500, calls: 1 });
  add("retry", "503-503-503", sequence([503, 503, 503]), { client: "retry", kind: "rpc_error", status: 503, code: -32603, calls: 3, maxMs: 4000 }, { pass: true, status: 503, calls: 1 });
  for (const status of [500, 502, 503, 504]) {
    add("retry", `${status}-rpc-error`, reply(status, (id) => rpcError(id)), { kind: "rpc_error", status, code: -32603, data: "absent", calls: 1 }, { pass: true, status });
    add("retry", `${status}-text`, reply(status, () => `${status} upstream trouble`, { "content-type": "text/plain" }), { kind: "http_error", status, calls: 1 },
      P502(`Upstream answered HTTP ${status} without JSON`));
    add("retry", `${status}-html`, reply(status, () => html, { "content-type": "text/html" }), { kind: "http_error", status }, P502(`Upstream answered HTTP ${status} without JSON`));
  }
  add("retry", "401-empty", reply(401, () => ""), { kind: "unauthorized", status: 401 }, P502("Upstream answered HTTP 401 without JSON"));
  add("retry", "403-html", reply(403, () => html, { "content-type": "text/html" }), { kind: "http_error", status: 403 }, P502("Upstream answered HTTP 403 without JSON"));
  add("retry", "408-empty", reply(408, () => ""), { kind: "http_error", status: 408 }, P502("Upstream answered HTTP 408 without JSON"));
}

// --- rpc: JSON-RPC errors, ids, result/error, a Message, task states, part kinds ---
{
  const err = (code, message, data) => reply(200, (id) => rpcError(id, code, message, data));
  add("rpc", "error-with-data", err(-32603, "Internal error", { detail: ["a", "b"] }), { kind: "rpc_error", code: -32603, status: 200, data: "present" }, PASS);
  add("rpc", "error-without-data", err(-32603, "Internal error"), { kind: "rpc_error", code: -32603, data: "absent" }, PASS);
  add("rpc", "error-data-null", err(-32000, "Server error", null), { kind: "rpc_error", code: -32000 }, PASS);
  add("rpc", "error-huge-data", err(-32000, "Server error", { blob: "d".repeat(200_000) }), { kind: "rpc_error", code: -32000, data: "present" }, PASS);
  add("rpc", "error-unauthorized", err(-32004, "Unauthorized"), { kind: "unauthorized", code: -32004 }, PASS);
  add("rpc", "error-plan-required", err(-32005, "Plan required"), { kind: "plan_required", code: -32005 }, PASS);
  add("rpc", "error-task-not-found", err(-32001, "Task not found"), { kind: "task_not_found", code: -32001 }, PASS);
  add("rpc", "error-invalid-params", err(-32602, "Invalid params"), { kind: "invalid_params", code: -32602 }, PASS);
  add("rpc", "error-method-not-found", err(-32601, "Method not found"), { kind: "method_not_found", code: -32601 }, PASS);
  add("rpc", "error-rate-limit-message", err(-32000, "Rate limit exceeded, slow down"), { kind: "rate_limited", code: -32000 }, PASS);
  add("rpc", "error-float-code", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":-32001.0,"message":"x"}}`), { kind: "task_not_found" }, PASS);
  add("rpc", "error-no-message", reply(200, (id) => ({ jsonrpc: "2.0", id, error: { code: -32603 } })), { kind: "rpc_error", code: -32603 }, PASS);
  add("rpc", "error-id-null", reply(200, () => rpcError(null, -32700, "Parse error")), { kind: "rpc_error", code: -32700 }, PASS);
  add("rpc", "error-id-missing", reply(200, () => ({ jsonrpc: "2.0", error: { code: -32603, message: "x" } })), { kind: "rpc_error", code: -32603 }, PASS);
  add("rpc", "error-wrong-id", reply(200, () => rpcError("someone-else")), INVALID, PASS);
  add("rpc", "wrong-id", reply(200, () => okBody("someone-else")), INVALID, PASS);
  add("rpc", "wrong-id-number", reply(200, () => okBody(7)), INVALID, PASS);
  add("rpc", "id-missing", reply(200, (id) => { const b = okBody(id); delete b.id; return b; }), INVALID, PASS);
  add("rpc", "id-null", reply(200, () => okBody(null)), INVALID, PASS);
  add("rpc", "both-result-and-error", reply(200, (id) => ({ ...okBody(id), error: { code: -32603, message: "x" } })), INVALID, NOT_RPC);
  add("rpc", "neither-result-nor-error", reply(200, (id) => ({ jsonrpc: "2.0", id })), INVALID, NOT_RPC);
  add("rpc", "jsonrpc-1.0", reply(200, (id) => ({ ...okBody(id), jsonrpc: "1.0" })), INVALID, NOT_RPC);
  add("rpc", "jsonrpc-missing", reply(200, (id) => { const b = okBody(id); delete b.jsonrpc; return b; }), INVALID, NOT_RPC);
  add("rpc", "result-null", reply(200, (id) => ({ jsonrpc: "2.0", id, result: null })), INVALID, PASS);
  add("rpc", "message-instead-of-task", reply(200, (id) => ({ jsonrpc: "2.0", id, result: { kind: "message", role: "agent", messageId: "m", parts: [{ kind: "text", text: "hi" }] } })), INVALID, PASS);
  add("rpc", "message-instead-of-task-get", reply(200, (id) => ({ jsonrpc: "2.0", id, result: { kind: "message", role: "agent", messageId: "m", parts: [] } })), INVALID, PASS, "get");
  for (const state of ["paused", "", "COMPLETED", "working", "submitted", "input-required", "auth-required", "unknown"]) {
    add("rpc", `state-${state || "empty"}`, reply(200, (id) => okBody(id, "search", { state })), INVALID, PASS);
  }
  add("rpc", "state-paused-get", reply(200, (id) => okBody(id, "search", { state: "paused" })), { ok: true, state: "paused" }, PASS, "get");
  for (const state of ["failed", "rejected", "canceled"]) {
    add("rpc", `state-${state}`, reply(200, (id) => okBody(id, "search", { state })), { kind: "task_failed", taskId: TASK_ID }, PASS);
  }
  add("rpc", "unknown-part-kinds", reply(200, (id) => okBody(id, "qa", { parts: [{ kind: "audio", audio: { seconds: 3 } }, { kind: "file", file: { uri: "https://x/y.pdf" } }, { kind: "🙂" }, ...PARTS.qa(), { kind: "video", text: 5 }] })),
    { ok: true, len: ["citations", 1] }, PASS, "qa");
  add("rpc", "unknown-fields-everywhere", reply(200, (id) => {
    const b = okBody(id, "qa", { extra: { future: { a: [1, 2] } } });
    b.extra = true;
    b.result.status.extra = 1;
    b.result.artifacts[0].extra = "x";
    b.result.artifacts[0].parts[1].data.citations[0].extra = { x: 1 };
    return b;
  }), { ok: true, len: ["citations", 1] }, PASS, "qa");
  add("rpc", "extra-artifacts", reply(200, (id) => {
    const b = okBody(id);
    b.result.artifacts.unshift({ artifactId: "other", name: "other", parts: [{ kind: "text", text: "x" }] });
    b.result.artifacts.push({ artifactId: "more", name: "more", parts: [] });
    return b;
  }), { ok: true, len: ["results", 1] }, PASS);
  add("rpc", "part-without-kind", reply(200, (id) => okBody(id, "search", { parts: [{ data: { results: [] } }] })), INVALID, PASS);
}

// --- nesting: 1,000 and 100,000 levels (serde_json stops at 128: the proxy refuses them) ---
{
  const nest = (n, open = "[", close = "]") => open.repeat(n) + close.repeat(n);
  const nestObj = (n) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
  const withRaw = (id, key, raw) => JSON.stringify(okBody(id)).replace('"status":', `"${key}":${raw},"status":`);
  add("nesting", "result-1000-arrays", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${nest(1000)}}`), INVALID, NOT_JSON);
  add("nesting", "extra-field-1000-arrays", reply(200, (id) => withRaw(id, "deep", nest(1000))), { ok: true }, NOT_JSON);
  add("nesting", "extra-field-1000-objects", reply(200, (id) => withRaw(id, "deep", nestObj(1000))), { ok: true }, NOT_JSON);
  add("nesting", "error-data-1000-objects", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":-32603,"message":"x","data":${nestObj(1000)}}}`),
    { kind: "rpc_error", data: "present" }, NOT_JSON);
  add("nesting", "result-100000-arrays", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${nest(100_000)}}`), INVALID, NOT_JSON);
  add("nesting", "extra-field-100000-objects", reply(200, (id) => withRaw(id, "deep", nestObj(100_000))), { ok: true, maxMs: 5000 }, NOT_JSON);
  add("nesting", "unclosed-100000", reply(200, () => nest(100_000).slice(0, 100_000)), INVALID, NOT_JSON);
  add("nesting", "within-serde-limit-100", reply(200, (id) => withRaw(id, "deep", nest(100))), { ok: true }, PASS);
}

// --- numbers: 1e400, 12345678901234567890, 2^53 + 1, -0, 1e-400 ---
{
  const qaWith = (index) => (id) => JSON.stringify(okBody(id, "qa")).replace('"document_index":0', `"document_index":${index}`);
  const searchId = (n) => (id) => JSON.stringify(okBody(id)).replace('"id":"12345"', `"id":${n}`);
  const extra = (n) => (id) => JSON.stringify(okBody(id)).replace('"status":', `"n":${n},"status":`);
  add("numbers", "1e400-document-index", reply(200, qaWith("1e400")), INVALID, NOT_JSON, "qa");
  add("numbers", "-1e400-extra-field", reply(200, extra("-1e400")), { ok: true }, NOT_JSON);
  add("numbers", "1e400-error-code", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":1e400,"message":"x"}}`), INVALID, NOT_JSON);
  add("numbers", "big-integer-document-index", reply(200, qaWith("12345678901234567890")), { ok: true, len: ["citations", 1] }, PASS, "qa");
  add("numbers", "big-integer-search-id", reply(200, searchId("12345678901234567890")), INVALID, PASS);
  add("numbers", "2^53+1-search-id", reply(200, searchId("9007199254740993")), INVALID, PASS);
  add("numbers", "2^53-1-search-id", reply(200, searchId("9007199254740991")), { ok: true, len: ["results", 1] }, PASS);
  add("numbers", "big-integer-rpc-id", reply(200, (id) => JSON.stringify(okBody(id)).replace(`"id":${JSON.stringify(id)}`, '"id":12345678901234567890')), INVALID, PASS);
  add("numbers", "big-integer-error-code", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":12345678901234567890,"message":"x"}}`), INVALID, PASS);
  add("numbers", "1e-400-extra-field", reply(200, extra("1e-400")), { ok: true }, PASS);
  add("numbers", "minus-zero-document-index", reply(200, qaWith("-0")), { ok: true, len: ["citations", 1] }, PASS, "qa");
  add("numbers", "fraction-document-index", reply(200, qaWith("1.5")), INVALID, PASS, "qa");
  add("numbers", "negative-document-index", reply(200, qaWith("-1")), INVALID, PASS, "qa");
  add("numbers", "exponent-document-index", reply(200, qaWith("1E2")), { ok: true, len: ["citations", 1] }, PASS, "qa");
  add("numbers", "long-mantissa-extra-field", reply(200, extra("0." + "1".repeat(5000))), { ok: true }, PASS);
}

// --- dupkeys: both parsers keep the last of duplicate keys, so the proxy and the SDK agree ---
{
  const ok = JSON.stringify(taskOf());
  add("dupkeys", "result-bad-then-good", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"garbage","result":${ok}}`), { ok: true, len: ["results", 1] }, PASS);
  add("dupkeys", "result-good-then-bad", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${ok},"result":"garbage"}`), INVALID, PASS);
  add("dupkeys", "id-right-then-wrong", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"id":"other","result":${ok}}`), INVALID, PASS);
  add("dupkeys", "id-wrong-then-right", reply(200, (id) => `{"jsonrpc":"2.0","id":"other","id":${JSON.stringify(id)},"result":${ok}}`), { ok: true }, PASS);
  add("dupkeys", "jsonrpc-1.0-then-2.0", reply(200, (id) => `{"jsonrpc":"1.0","jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${ok}}`), { ok: true }, PASS);
  add("dupkeys", "jsonrpc-2.0-then-1.0", reply(200, (id) => `{"jsonrpc":"2.0","jsonrpc":"1.0","id":${JSON.stringify(id)},"result":${ok}}`), INVALID, NOT_RPC);
  add("dupkeys", "state-failed-then-completed", reply(200, (id) => JSON.stringify(okBody(id)).replace('"state":"completed"', '"state":"failed","state":"completed"')), { ok: true }, PASS);
  add("dupkeys", "state-completed-then-failed", reply(200, (id) => JSON.stringify(okBody(id)).replace('"state":"completed"', '"state":"completed","state":"failed"')), { kind: "task_failed" }, PASS);
  add("dupkeys", "error-code-twice", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":-32603,"code":-32001,"message":"x"}}`), { kind: "task_not_found", code: -32001 }, PASS);
  add("dupkeys", "results-twice", reply(200, (id) => JSON.stringify(okBody(id)).replace('"results":[', '"results":[],"results":[')), { ok: true, len: ["results", 1] }, PASS);
}

// --- types: every documented field with every wrong JSON type ---
{
  const SAMPLES = { null: null, boolean: true, number: 7, string: "x", array: [], object: {} };
  const R = ["result"];
  const A = [...R, "artifacts", 0];
  const P = (i) => [...A, "parts", i];
  const D = (i) => [...P(i), "data"];
  const C = [...D(1), "citations", 0];
  const H = [...D(0), "results", 0];
  // [base, path, accepted types, types tolerated although wrong (the field only selects)]
  const fields = [
    ["search", ["jsonrpc"], ["string"]],
    ["search", ["id"], ["string"]],
    ["search", R, ["object"]],
    ["search", [...R, "kind"], ["string"]],
    ["search", [...R, "id"], ["string"]],
    ["search", [...R, "contextId"], ["string"]],
    ["search", [...R, "status"], ["object"]],
    ["search", [...R, "status", "state"], ["string"]],
    ["search", [...R, "status", "timestamp"], ["string"], ["null", "boolean", "number", "array", "object"]],
    ["search", [...R, "artifacts"], ["array"]],
    ["search", A, ["object"]],
    ["search", [...A, "artifactId"], ["string"], ["null", "boolean", "number", "array", "object"]],
    ["search", [...A, "name"], ["string"], ["null", "boolean", "number", "array", "object"]],
    ["search", [...A, "parts"], ["array"]],
    ["search", P(0), ["object"]],
    ["search", [...P(0), "kind"], ["string"]],
    ["search", D(0), ["object"]],
    ["search", [...D(0), "results"], ["array"]],
    ["search", H, ["object"]],
    ["search", [...H, "id"], ["string", "number"]],
    ["search", [...H, "url"], ["string"]],
    ["search", [...H, "title"], ["string"]],
    ["qa", [...P(0), "text"], ["string"]],
    ["qa", D(1), ["object"]],
    ["qa", [...D(1), "citations"], ["array", "null"]],
    ["qa", C, ["object"]],
    ["qa", [...C, "cited_text"], ["string"]],
    ["qa", [...C, "cited_text_heading"], ["string", "null"]],
    ["qa", [...C, "document_title"], ["string", "null"]],
    ["qa", [...C, "document_index"], ["number"]],
    ["qa", [...C, "document_author"], ["string", "null"]],
    ["qa", [...C, "document_year"], ["string", "null"]],
    ["qa", [...C, "document_reference"], ["string", "null"]],
    ["qa", [...C, "source_url"], ["string"]],
    ["qa", [...D(1), "related_questions"], ["array", "null"]],
    ["qa", [...D(1), "related_questions", 0], ["string"]],
    ["fetch", [...P(0), "text"], ["string"]],
    ["fetch", D(1), ["object"]],
    ["fetch", [...D(1), "id"], ["string", "number"]],
    ["fetch", [...D(1), "title"], ["string"]],
    ["fetch", [...D(1), "author"], ["string"]],
    ["fetch", [...D(1), "ref"], ["string"]],
    ["error", ["error"], ["object"]],
    ["error", ["error", "code"], ["number"]],
    ["error", ["error", "message"], ["string", "null"]],
    ["error", ["error", "data"], [], ["null", "boolean", "number", "string", "array", "object"]],
  ];
  const setAt = (obj, path, value) => {
    let o = obj;
    for (const k of path.slice(0, -1)) o = o[k];
    o[path.at(-1)] = value;
    return obj;
  };
  for (const [base, path, accepted, tolerated = []] of fields) {
    for (const [type, sample] of Object.entries(SAMPLES)) {
      if (accepted.includes(type)) continue;
      const call = base === "error" ? "search" : base;
      const make = (id) => setAt(base === "error" ? rpcError(id, -32603, "Internal error", { detail: 1 }) : okBody(id, call), path, structuredClone(sample));
      const fine = tolerated.includes(type);
      const sdk = fine ? (base === "error" ? { kind: "rpc_error", code: -32603 } : { ok: true }) : INVALID;
      const proxy = path.length === 1 && path[0] === "jsonrpc" ? NOT_RPC : PASS;
      add("types", `${base}/${path.join(".")}=${type}`, reply(200, make), sdk, proxy, call);
    }
  }
}

function runFault(req, res, caseId, nonce, id, raw = "") {
  const c = FAULTS.find((f) => f.id === caseId);
  if (!c) return send(res, 404, JSON.stringify({ error: `no fault case ${caseId}` }));
  const key = `fault/${caseId}/${nonce}`;
  const n = bump(key);
  if (!times.has(nonce)) times.set(nonce, []);
  times.get(nonce).push(Date.now());
  let messageId = null;
  try {
    messageId = JSON.parse(raw).params?.message?.messageId ?? null;
  } catch {}
  if (!messageIds.has(nonce)) messageIds.set(nonce, []);
  messageIds.get(nonce).push(messageId);
  return c.respond(res, { id, nonce, n, req });
}

server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  console.log(`listening ${server.address().port}`);
});
