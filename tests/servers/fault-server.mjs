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
//                                 big, ratelimit, error, failed, redirect, leak); anything else → ok
//   GET /__count/<key>            {"count": n} requests seen under <key> (flaky/ratelimit/auth/echo/by-query/<q>)
//   GET /.well-known/agent.json   a card (for a proxy whose upstream is /by-query)
//   GET /__last                   the headers and body of the last /by-query request
//   POST /fault/<case>[/<nonce>]  one case of the fault matrix (also /by-query with the text
//                                 "scenario:fault:<case>[:<nonce>]"); GET /__faults lists the cases with
//                                 the outcome expected from the SDK and from the proxy
//   GET /__written/<nonce>        bytes a streamed fault case wrote before the client went away
//   GET /__times/<nonce>          arrival times (ms) of the requests of a fault case
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
  "access-control-allow-headers": "content-type, authorization, x-test",
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
      case "__last":
        return send(res, 200, JSON.stringify(lastRequest));
      case "fault":
        return runFault(req, res, a, b ?? "", id);
      case "__faults":
        return send(res, 200, JSON.stringify(FAULTS.map(({ respond, ...c }) => c)));
      case "__written":
        return send(res, 200, JSON.stringify(written.get(a) ?? { bytes: 0, finished: false, closed: false }));
      case "__times":
        return send(res, 200, JSON.stringify(times.get(a) ?? []));
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
  if (name === "fault") return runFault(req, res, arg, nonce ?? "", id);
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
    case "leak":
      return send(res, 200, fixture("search_empty", id), { "set-cookie": "sid=upstream-session", "www-authenticate": "Bearer realm=up", server: "fault/1" });
    default:
      return send(res, 200, fixture("search_results", id));
  }
}

server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  console.log(`listening ${server.address().port}`);
});
