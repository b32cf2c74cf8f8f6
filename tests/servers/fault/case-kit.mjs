// What the fault matrix's cases are written with: the records of what a case saw, the bodies of a
// normal answer and of a JSON-RPC error, responders (reply, huge, drip, sequence), the shorthands of
// expected outcomes, and `add`, which puts a case in the table.
import { cors } from "./http.mjs";

export const written = new Map();
export const times = new Map();
export const messageIds = new Map();
export const TASK_ID = "7f9d1c3e-5b2a-4c8e-9f1d-2a3b4c5d6e7f";
export const CTX_ID = "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f";
export const ARTIFACTS = { search: "search_results", qa: "catholic_qa_response", fetch: "document" };

export const citation = (i) => ({
  cited_text: "Labour is for man.", cited_text_heading: "On work", document_title: "Laborem Exercens",
  document_index: i, document_author: "John Paul II", document_year: "1981",
  document_reference: "LE 6", source_url: "https://www.magisterium.com/docs/678",
});
export const PARTS = {
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
export const taskOf = (call = "search", { parts = PARTS[call === "get" ? "search" : call](), state = "completed", extra = {} } = {}) => ({
  kind: "task", id: TASK_ID, contextId: CTX_ID,
  status: { state, timestamp: "2026-11-30T12:00:00.000Z" },
  artifacts: [{ artifactId: "art_fault", name: ARTIFACTS[call] ?? "search_results", parts }],
  ...extra,
});
export const okBody = (id, call = "search", opts) => ({ jsonrpc: "2.0", id, result: taskOf(call, opts) });
export const rpcError = (id, code = -32603, message = "Internal error", data) =>
  ({ jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } });
export const ratelimitBody = (id) => rpcError(id, -32029, "Rate limit exceeded", { pool: "default", retryAfterSeconds: 1 });

/** A responder that sends `body(id, ctx)` (an object: JSON; a string or Buffer: as is). */
export const reply = (status, body, headers = {}) => (res, ctx) => {
  const b = body(ctx.id, ctx);
  const data = typeof b === "string" || Buffer.isBuffer(b) ? b : JSON.stringify(b);
  res.writeHead(status, { "content-type": "application/json", ...cors, ...headers });
  res.end(data);
};
export const html = "<!doctype html><html><head><title>Error</title></head><body><h1>Something went wrong</h1><script>alert(1)</script></body></html>";

/** Streams `{ … "text":"xxxx…" … }` of `total` bytes; records what was written when the socket closes. */
export const huge = (total, { declared = false } = {}) => (res, ctx) => {
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
export const drip = (ms, body = (id) => okBody(id), step = 1) => (res, ctx) => {
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
export const sequence = (codes, headers = {}) => (res, ctx) => {
  const code = codes[Math.min(ctx.n, codes.length) - 1];
  if (code === 200) return reply(200, (id) => okBody(id))(res, ctx);
  return reply(code, code === 429 ? ratelimitBody : (id) => rpcError(id), headers)(res, ctx);
};

// Expected outcomes, shorthand.
export const INVALID = { kind: "invalid_response" };
export const P502 = (message) => ({ status: 502, code: -32603, ...(message ? { message } : {}) });
export const NOT_JSON = P502("Upstream answered HTTP 200 without JSON");
export const NOT_RPC = P502("Upstream answered HTTP 200 without a JSON-RPC response");
export const PASS = { pass: true };
export const FAULTS = [];
export const add = (group, id, respond, sdk, proxy, call = "search") =>
  FAULTS.push({ id: `${group}/${id}`, group, call, respond, sdk: { client: "plain", maxMs: 3000, ...sdk }, proxy: { maxMs: 3000, ...proxy } });
