// The fault server's routes (listed in ../fault-server.mjs) and the scenarios of /by-query.
import { readFileSync } from "node:fs";
import path from "node:path";
import { FIXTURES, bump, cors, counts, fixture, send } from "./http.mjs";
import { FAULTS, messageIds, runFault, times, written } from "./matrix.mjs";
import { service } from "./service.mjs";

let lastRequest = null;

/** Answers one request (its body `raw`, its JSON-RPC id `id`) by the first segment of its path. */
export function route(req, res, raw, id) {
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
        // `ok` and `ok-<anything>` (a test's own counter) serve agent.json.
        const serve = ((a === "ok" || a.startsWith("ok-")) && file === "agent.json") || (a === "v03" && file === "agent-card.json");
        return serve ? send(res, 200, card, { "cache-control": "public, max-age=3600" }) : send(res, 404, '{"error":"not found"}');
      }
      case "by-query":
        return byQuery(req, res, raw, id);
      case "drift":
        return drift(res, raw, id, a);
      case "service":
        return service(req, res, raw, id, a === "slow" ? Number(b) : 0);
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
        const answer = JSON.parse(readFileSync(path.join(FIXTURES, "v1", "search_results_answer.json"), "utf8"));
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

/** /drift/<case>: the `response` of tests/fixtures/drift/<skill>/<case>.json for the request's
 *  skill (its base.json when that skill has no such case), its "req-1" id made the request's. */
function drift(res, raw, id, name) {
  let skill = "";
  try {
    skill = String(JSON.parse(raw).params?.message?.metadata?.skillId ?? "");
  } catch {}
  if (!/^[a-z_]+$/.test(skill) || !/^[a-z_]+$/.test(name ?? "")) return send(res, 400, '{"error":"bad drift case"}');
  const dir = path.join(FIXTURES, "drift", skill);
  let text;
  try {
    text = readFileSync(path.join(dir, `${name}.json`), "utf8");
  } catch {
    text = readFileSync(path.join(dir, "base.json"), "utf8");
  }
  const { response } = JSON.parse(text);
  if (response && typeof response === "object" && response.id === "req-1") response.id = id;
  return send(res, 200, typeof response === "string" ? response : JSON.stringify(response));
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
    case "fixture": // tests/fixtures/responses/<arg>.json, for the MCP tests' typed answers
      return /^[a-z_]+$/.test(arg ?? "") ? send(res, 200, fixture(arg, id)) : send(res, 400, '{"error":"bad fixture"}');
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
