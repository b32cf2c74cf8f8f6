// JavaScript half of the bindings: the error class, the call loop that carries out the wasm
// client's decisions (pacing, token, attempt, retry waits), body reading with a byte cap, abortable
// sleep, UUIDs and URL resolution. Everything here runs the same in pages, web workers, workerd
// and Node.

const BRAND = Symbol.for("magisterium-a2a.MagisteriumError");

/** The error every rejection of the SDK carries. */
export class MagisteriumError extends Error {
  constructor(message, init = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "MagisteriumError";
    this.kind = init.kind;
    for (const key of ["code", "status", "retryAfterMs", "data", "taskId"]) {
      if (init[key] !== undefined) this[key] = init[key];
    }
  }

  // `instanceof` also works when the package is bundled twice.
  static [Symbol.hasInstance](value) {
    return isMagisteriumError(value);
  }
}
Object.defineProperty(MagisteriumError.prototype, BRAND, { value: true });

/** True for errors thrown by this SDK (any copy of it). */
export function isMagisteriumError(value) {
  return typeof value === "object" && value !== null && value[BRAND] === true;
}

export function makeError(message, kind, code, status, retryAfterMs, data, taskId, cause) {
  return new MagisteriumError(message, { kind, code, status, retryAfterMs, data, taskId, cause });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The bytes of a body stream, or null once they pass `max` (counted on the stream, whatever
 *  Content-Length says). A body that arrives in one chunk is returned as that chunk, uncopied.
 *  The Worker's entry (src/worker/entry.js) reads its bodies with it too. */
export async function readCapped(stream, max) {
  const reader = stream.getReader();
  let first = null;
  let chunks = null;
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      reader.cancel().catch(() => {});
      return null;
    }
    if (first === null) first = value;
    else (chunks ??= [first]).push(value);
  }
  if (chunks === null) return first ?? new Uint8Array(0);
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/**
 * Reads a response body as UTF-8 text, stopping as soon as it passes `maxBytes`.
 * Resolves to `{ text }`, `{ tooLarge: true }` or `{ badUtf8: true }`; rejects on stream errors.
 */
async function readBody(response, maxBytes) {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body?.cancel().catch(() => {});
    return { tooLarge: true };
  }
  const bytes = response.body ? await readCapped(response.body, maxBytes) : new Uint8Array(await response.arrayBuffer());
  if (bytes === null || bytes.byteLength > maxBytes) return { tooLarge: true };
  try {
    return { text: utf8.decode(bytes) };
  } catch {
    return { badUtf8: true };
  }
}

/** Parses JSON text; `undefined` when it is not JSON. */
export function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// The JSON view of a parsed body (src/web/js_view.rs): one call per question, so the decoders
// cross into JavaScript once per node visited, never per type test.

/** JSON type of a value: 0 null, 1 boolean, 2 number, 3 string, 4 array, 5 object, 6 other. */
export function jsonKind(v) {
  switch (typeof v) {
    case "string":
      return 3;
    case "number":
      return 2;
    case "boolean":
      return 1;
    case "object":
      return v === null ? 0 : Array.isArray(v) ? 4 : 5;
    default:
      return 6;
  }
}

/** Member `key` of an object that is not an array; `undefined` otherwise. */
export function member(v, key) {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? v[key] : undefined;
}

/** Kinds of the members `keys` (at most 10) of a non-array object, 3 bits each: 0 for an absent
 *  member, else jsonKind + 1; bit 30 set for any such object, 0 for anything else
 *  (src/protocol/json_view.rs, MemberKinds). */
export function memberKinds(v, keys) {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return 0;
  let out = 1 << 30;
  for (let i = 0; i < keys.length && i < 10; i++) {
    const m = v[keys[i]];
    if (m !== undefined) out |= (jsonKind(m) + 1) << (3 * i);
  }
  return out >>> 0;
}

/** Length of an array; -1 for anything else. */
export function arrayLength(v) {
  return Array.isArray(v) ? v.length : -1;
}

/** Item `i` of an array; `undefined` past its end or for anything else. */
export function item(v, i) {
  return Array.isArray(v) ? v[i] : undefined;
}

/** `strings` cut at the UTF-16 offsets `ends` (many short strings cross from wasm as one). */
function split(strings, ends) {
  const out = new Array(ends.length);
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    out[i] = strings.slice(start, ends[i]);
    start = ends[i];
  }
  return out;
}

// Requests, built in one call each (src/web/request_object.rs), in the field order of the
// core's own serialisation (tests/fixtures/requests).

/** message/send: s = [messageId, skillId, contextId, then kind ("text" | "id" | "date"), value per part]. */
export function sendRequest(id, strings, ends, hasContext, ownParts) {
  const s = split(strings, ends);
  const parts = [];
  for (let i = 3; i + 1 < s.length; i += 2) {
    parts.push(s[i] === "text" ? { kind: "text", text: s[i + 1] } : { kind: "data", data: { [s[i]]: s[i + 1] } });
  }
  const message = { role: "user", parts: ownParts ?? parts, messageId: s[0], kind: "message" };
  if (hasContext) message.contextId = s[2];
  message.metadata = { skillId: s[1] };
  return { jsonrpc: "2.0", id, method: "message/send", params: { message } };
}

/** tasks/get or tasks/cancel. */
export function taskRequest(id, method, taskId) {
  return { jsonrpc: "2.0", id, method, params: { id: taskId } };
}

// Typed results, built in one call each (src/web/convert.rs). `s` holds the short strings in order.

const task = (s, i) => ({ id: s[i], contextId: s[i + 1], state: s[i + 2] });

/** SearchResults: s = [task id, context id, state]; `hits` = id, url, title per hit (string nodes;
 *  an id that was a JSON integer comes as that number and becomes its decimal string here). */
export function searchResults(strings, ends, hits) {
  const results = [];
  for (let i = 0; i + 2 < hits.length; i += 3) results.push({ id: String(hits[i]), url: hits[i + 1], title: hits[i + 2] });
  return { results, task: task(split(strings, ends), 0) };
}

/** Document: s = [task id, context id, state, id, title, author, ref]. */
export function documentResult(strings, ends, text) {
  const s = split(strings, ends);
  return { id: s[3], title: s[4], author: s[5], ref: s[6], text, task: task(s, 0) };
}

/** QaAnswer: s = [task id, context id, state]. */
export function qaAnswer(strings, ends, answer, citations, relatedQuestions) {
  return { answer, citations, relatedQuestions, task: task(split(strings, ends), 0) };
}

/** TextResult: s = [task id, context id, state]. */
export function textResult(strings, ends, text) {
  return { text, task: task(split(strings, ends), 0) };
}

/** SkillResult: s = [task id, context id, state]; `text` left out when undefined. */
export function skillResult(strings, ends, text, data, artifacts) {
  const out = {};
  if (text !== undefined) out.text = text;
  out.data = data;
  out.artifacts = artifacts ?? [];
  out.task = task(split(strings, ends), 0);
  return out;
}

/**
 * One HTTP attempt: `fetch` with a time budget (`timeoutMs`) and the caller's `signal`, the body
 * read with a byte cap and parsed. Never rejects; src/web/transport.rs classifies the outcome:
 *   { fail: "aborted" | "timeout" | "network" | "unavailable" | "noStatus" | "body", cause, status }
 *   { status, retryAfter, retryAfterMs, cacheControl, tooLarge | badUtf8 | body }
 * `headers` is [name, value, name, value, …]; `auth`, when given, replaces any `authorization`
 * among them with `Bearer <auth>`. Whatever is still running when it ends is aborted.
 */
async function attempt(fetchFn, url, method, headers, auth, body, timeoutMs, signal, maxBytes) {
  if (signal?.aborted) return { fail: "aborted" };
  let controller;
  try {
    controller = new AbortController();
  } catch (cause) {
    return { fail: "unavailable", cause };
  }
  let cut = "network";
  let finished = false;
  const timer = setTimeout(() => {
    if (cut === "network") cut = "timeout";
    controller.abort();
  }, timeoutMs);
  const onAbort = () => {
    if (cut === "network") cut = "aborted";
    controller.abort();
  };
  signal?.addEventListener("abort", onAbort);
  try {
    const init = { method, headers: {}, signal: controller.signal };
    for (let i = 0; i + 1 < headers.length; i += 2) {
      if (auth === undefined || headers[i].toLowerCase() !== "authorization") init.headers[headers[i]] = headers[i + 1];
    }
    if (auth !== undefined) init.headers.authorization = `Bearer ${auth}`;
    if (body !== undefined) init.body = body;
    let response;
    try {
      response = await fetchFn.call(undefined, url, init);
    } catch (cause) {
      return { fail: cut, cause };
    }
    let status;
    try {
      status = response.status;
    } catch {}
    if (typeof status !== "number" || !(status >= 100 && status <= 599)) return { fail: "noStatus" };
    const header = (name) => {
      try {
        return response.headers.get(name) ?? undefined;
      } catch {
        return undefined;
      }
    };
    const out = { status, retryAfter: header("retry-after"), retryAfterMs: header("retry-after-ms"), cacheControl: header("cache-control") };
    let read;
    try {
      read = await readBody(response, maxBytes);
    } catch (cause) {
      return { fail: cut === "network" ? "body" : cut, cause, status };
    }
    finished = true;
    if (read.tooLarge) out.tooLarge = true;
    else if (typeof read.text !== "string") out.badUtf8 = true;
    else out.body = parseJson(read.text);
    return out;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    if (!finished) controller.abort();
  }
}

/**
 * One call, start to end. The wasm client decides, this loop carries it out: `step(0)` is the
 * pacing wait in ms (0: go now); `step(1, outcome)` reads an attempt's outcome into a verdict
 * `{ k, p }`: k 0 resolve with p, 1 reject with p, 2 wait p ms then retry, 3 retry at once with a
 * fresh token, 4 retry at the next of `urls`. `token` is a string, a provider function or undefined.
 */
export async function call(step, fetchFn, urls, method, headers, token, body, timeoutMs, signal, maxBytes, paced) {
  let index = 0;
  for (;;) {
    if (paced) for (let wait; (wait = step(0)) > 0; ) await sleep(wait, signal);
    const auth = typeof token === "function" ? await provided(token) : token;
    const verdict = step(1, await attempt(fetchFn, urls[index], method, headers, auth, body, timeoutMs, signal, maxBytes));
    switch (verdict.k) {
      case 0:
        return verdict.p;
      case 1:
        throw verdict.p;
      case 2:
        await sleep(verdict.p, signal);
        break;
      case 4:
        index++;
    }
  }
}

/** A verdict of `step` (see `call`). */
export function verdict(k, p) {
  return { k, p };
}

/** The token a provider function gives, or a MagisteriumError (kind "unauthorized"). */
async function provided(provider) {
  let token;
  try {
    token = await provider();
  } catch (cause) {
    throw new MagisteriumError("the token provider failed", { kind: "unauthorized", cause });
  }
  if (typeof token !== "string" || token.trim() === "") {
    throw new MagisteriumError("the token provider returned no token", { kind: "unauthorized" });
  }
  return token;
}

/** Resolves after `ms`, or rejects with a MagisteriumError (kind "aborted") when `signal` fires first. */
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    const aborted = () => new MagisteriumError("the call was aborted", { kind: "aborted" });
    if (signal?.aborted) return reject(aborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A random UUID v4 (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function uuid() {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") {
    try {
      return c.randomUUID();
    } catch {}
  }
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** `url` made absolute against the page (or worker) location when there is one. */
export function resolveUrl(url) {
  try {
    return new URL(url, globalThis.location?.href).href;
  } catch {
    return undefined;
  }
}

/** The global fetch, looked up per call so a test or polyfill installed later is used. */
export function globalFetch() {
  return globalThis.fetch;
}

/** A random number in [0, 1) for retry jitter. */
export function random() {
  return Math.random();
}

/** Milliseconds since the Unix epoch. */
export function now() {
  return Date.now();
}

/** An HTTP date (e.g. "Wed, 21 Oct 2026 07:28:00 GMT") in Unix ms, or undefined. Only the GMT
 *  forms of RFC 9110 are taken, so `Date.parse`'s laxer guesses never become a wait. */
export function parseHttpDate(text) {
  if (!/^[A-Za-z]{3,9},? [\w -]+ \d\d:\d\d:\d\d GMT$|^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/.test(text)) return undefined;
  const ms = Date.parse(text.endsWith("GMT") ? text : `${text} GMT`);
  return Number.isFinite(ms) ? ms : undefined;
}
