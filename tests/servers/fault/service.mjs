// POST /service: the service as a cache sees it, with its real limits. Every skill answers a
// completed Task of the contract's shape about what was asked (readings and martyrology of the
// date, the record, the document, the results, the answer), the caller's message in `history`,
// and every call counts in a sliding 60 s window per token: 15 calls, 2 of them `catholic_qa`
// (which counts in both); past them, the service's 429 (-32029, Retry-After, `data.pool`).
// Each call is counted under `service` and `service/<skillId>/<input>` (GET /__count/...).
// `/service/slow/<ms>` answers each call after <ms> (identical calls then overlap); an input that
// starts with `fail-once:` fails its first call with the service's internal error (HTTP 500,
// -32603, counted under `service/failed/<input>` instead), and answers the later ones.
import { randomUUID } from "node:crypto";
import { bump, send } from "./http.mjs";

const WINDOW_MS = 60_000;
const LIMITS = { default: 15, catholic_qa: 2 };
/** Call times per token and pool. */
const windows = new Map();

/** Takes one call of `token` from `pool`, or says how many seconds until one frees up. */
function take(token, pool) {
  const now = Date.now();
  const key = `${token} ${pool}`;
  const seen = (windows.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
  windows.set(key, seen);
  if (seen.length >= LIMITS[pool]) return Math.max(1, Math.ceil((seen[0] + WINDOW_MS - now) / 1000));
  seen.push(now);
  return 0;
}

/** The artifact parts of `skillId`'s answer about `input`. */
function parts(skillId, input) {
  const text = (t) => ({ kind: "text", text: t });
  const data = (d) => ({ kind: "data", data: d });
  switch (skillId) {
    case "liturgical_readings":
      return [text(`Mass readings of ${input}`)];
    case "saints_of_the_day":
      return [text(`Roman Martyrology of ${input}`)];
    case "document_fetch":
      return [text(`The text of ${input}`), data({ id: input, title: `Title of ${input}`, author: "A", ref: "R" })];
    case "document_search":
      return [data({ results: [{ id: "12345", url: "https://example.org/12345", title: `About ${input}` }] })];
    case "catholic_qa":
      return [text(`An answer to ${input}`)];
    default:
      return [text(`## ${input}`), data({ id: input.toLowerCase().replace(/\W+/g, "-"), name: input })];
  }
}

const NAMES = {
  catholic_qa: "catholic_qa_response", document_search: "search_results", document_fetch: "document",
  liturgical_readings: "mass_readings", saints_of_the_day: "martyrology",
};

/** The inputs whose `fail-once:` call has failed. */
const failed = new Set();

export function service(req, res, raw, id, delayMs = 0) {
  let body = {};
  try {
    body = JSON.parse(raw);
  } catch {}
  const message = body.params?.message ?? {};
  const skillId = message.metadata?.skillId ?? "catholic_qa";
  const part = message.parts?.[0] ?? {};
  const input = String(part.text ?? part.data?.id ?? part.data?.date ?? "");
  const token = req.headers.authorization ?? "";
  for (const pool of skillId === "catholic_qa" ? ["default", "catholic_qa"] : ["default"]) {
    const wait = take(token, pool);
    if (wait) {
      bump("service/refused");
      const error = { code: -32029, message: "Rate limit exceeded", data: { pool, retryAfterSeconds: wait } };
      return send(res, 429, JSON.stringify({ jsonrpc: "2.0", id, error }), { "retry-after": String(wait) });
    }
  }
  if (input.startsWith("fail-once:") && !failed.has(input)) {
    failed.add(input);
    bump(`service/failed/${input}`);
    const error = { code: -32603, message: "Internal error" };
    return void setTimeout(() => send(res, 500, JSON.stringify({ jsonrpc: "2.0", id, error })), delayMs);
  }
  bump("service");
  bump(`service/${skillId}/${input}`);
  const [taskId, contextId] = [randomUUID(), message.contextId ?? randomUUID()];
  const answered = parts(skillId, input);
  const result = {
    kind: "task", id: taskId, contextId, status: { state: "completed", timestamp: new Date().toISOString() },
    artifacts: [{ artifactId: `art_${randomUUID().replaceAll("-", "")}`, name: NAMES[skillId] ?? `${skillId}_result`, parts: answered }],
    history: [{ ...message, taskId, contextId }, { role: "agent", kind: "message", messageId: randomUUID(), taskId, contextId, parts: answered }],
  };
  const answer = () => send(res, 200, JSON.stringify({ jsonrpc: "2.0", id, result }));
  return void (delayMs > 0 ? setTimeout(answer, delayMs) : answer());
}
