// Fault matrix cases: 429 storms with and without Retry-After, the forms of Retry-After, 5xx, sequences.
import { add, html, P502, ratelimitBody, reply, rpcError, sequence } from "../case-kit.mjs";

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
  add("retry", "500-503-200", sequence([500, 503, 200]), { client: "retry", ok: true, calls: 3, maxMs: 4000 }, { pass: true, status: 500, calls: 1 });
  // A message/send a gateway answered 502 or 504 for may have run upstream: never repeated.
  for (const status of [502, 504]) {
    add("retry", `${status}-then-200`, sequence([status, 200]), { client: "retry", kind: "rpc_error", status, code: -32603, calls: 1 }, { pass: true, status, calls: 1 });
  }
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
