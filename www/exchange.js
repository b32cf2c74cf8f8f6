// The A2A exchange: a `fetch` for the SDK that records each JSON-RPC request and response of the
// latest call, and the "Show the A2A exchange" panel that shows them.
import { $ } from "./dom.js";
import { formatBytes, formatMs, nf, utf8Bytes } from "./format.js";

const MAX_CHARS = 200_000;
const NO_CALL = "No call yet. Each call is a JSON-RPC message/send to /api/v1/a2a.";

/** JSON pretty-printed (other text as received), cut at 200,000 characters. */
export function pretty(text) {
  if (typeof text !== "string") return "—";
  let out = text;
  try {
    out = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    /* not JSON: shown as received */
  }
  if (out.length > MAX_CHARS) out = `${out.slice(0, MAX_CHARS)}\n… (${nf.format(out.length - MAX_CHARS)} more characters not shown)`;
  return out;
}

/** The JSON-RPC id of a request body, as text, or null. */
export function jsonRpcId(requestText) {
  try {
    const id = JSON.parse(requestText)?.id;
    return typeof id === "string" || typeof id === "number" ? String(id) : null;
  } catch {
    return null;
  }
}

/**
 * A recorder: `fetch` is the SDK's `fetch` option, called as `fetch(request)` with a built Request
 * (or as `fetch(url, init)`). It reads each POST's response body itself and hands the SDK a new
 * Response with the same status and headers, so the record cannot race the SDK's reading (an abort
 * still stops both: the request's signal goes on). `begin()` starts a new call; `onChange(recorder)`
 * runs on every change of the current call's attempts. `fetchFn` is the fetch it records (the
 * global one).
 */
export function createRecorder(onChange = () => {}, fetchFn = (request) => fetch(request)) {
  const recorder = { attempts: [], begin, fetch: recordingFetch, last: () => recorder.attempts.at(-1) ?? null };

  function begin() {
    recorder.attempts = [];
    onChange(recorder);
  }

  async function recordingFetch(input, init) {
    const attempts = recorder.attempts; // the call this attempt belongs to, even if a newer one begins
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    if (request.method !== "POST") return fetchFn(request);
    const attempt = {
      url: request.url,
      request: await request.clone().text(),
      started: performance.now(),
      status: null,
      agent: null,
      ms: null,
      response: null,
      error: null,
    };
    attempts.push(attempt);
    if (attempts === recorder.attempts) onChange(recorder);
    const failed = (e, what) => {
      attempt.error = e?.name === "AbortError" ? `${what}: aborted` : `${what} (${e?.message ?? e})`;
      attempt.ms = performance.now() - attempt.started;
      if (attempts === recorder.attempts) onChange(recorder);
      throw e;
    };
    let response;
    try {
      response = await fetchFn(request);
    } catch (e) {
      failed(e, "no HTTP answer");
    }
    attempt.status = response.status;
    attempt.agent = response.headers.get("x-magisterium-agent");
    let text;
    try {
      text = await response.text();
    } catch (e) {
      failed(e, "the body could not be read");
    }
    attempt.response = text;
    attempt.ms = performance.now() - attempt.started;
    if (attempts === recorder.attempts) onChange(recorder);
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    headers.delete("content-encoding");
    const nullBody = [101, 204, 205, 304].includes(response.status);
    return new Response(nullBody ? null : text, { status: response.status, statusText: response.statusText, headers });
  }

  return recorder;
}

/** Facts about the latest call for the run line: total time, HTTP time, request id, attempts. */
export function callInfo(recorder, started) {
  const last = recorder.last();
  return {
    total: performance.now() - started,
    http: last?.ms ?? null,
    requestId: last ? jsonRpcId(last.request) : null,
    attempts: recorder.attempts.length,
  };
}

/** Fills the exchange panel (#exchange) from the recorder. */
export function renderExchange(recorder) {
  const attempts = recorder.attempts;
  const last = recorder.last();
  if (!last) {
    $("exchange-meta").textContent = NO_CALL;
    $("exchange-request").textContent = "—";
    $("exchange-response").textContent = "—";
    return;
  }
  const parts = [`POST ${new URL(last.url, location.href).pathname}`];
  const id = jsonRpcId(last.request);
  if (id) parts.push(`JSON-RPC id ${id}`);
  if (last.status !== null) parts.push(`HTTP ${last.status}`);
  if (last.ms !== null) parts.push(formatMs(last.ms));
  if (typeof last.response === "string") parts.push(formatBytes(utf8Bytes(last.response)));
  if (attempts.length > 1) parts.push(`attempt ${attempts.length} of ${attempts.length}`);
  if (last.agent) parts.push(`agent: ${last.agent}`);
  $("exchange-meta").textContent = parts.join(" · ");
  $("exchange-request").textContent = pretty(last.request);
  $("exchange-response").textContent = last.error
    ? `(${last.error})${last.response ? `\n${pretty(last.response)}` : ""}`
    : last.response === null
      ? "(waiting for the answer…)"
      : pretty(last.response);
}
