// ---------------------------------------------------------------------------------------------
// The fault matrix (issue 9). One table drives both sides: the SDK in headless Chromium
// (tests/web_faults.rs, tests/web_faults_timing.rs) and the proxy in workerd
// (tests/js/proxy-faults.test.mjs). A case runs for the request text (first text part, data.id or
// params.id) "scenario:fault:<case>[:<nonce>]" on /by-query, or for POST /fault/<case>[/<nonce>].
// The nonce keys the per-case counters.
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
import { FAULTS, messageIds, times } from "./case-kit.mjs";
import { bump, send } from "./http.mjs";
// The cases, in the order GET /__faults lists them.
import "./cases/parse.mjs";
import "./cases/transport.mjs";
import "./cases/retry.mjs";
import "./cases/rpc.mjs";
import "./cases/json-limits.mjs";
import "./cases/types.mjs";

export { FAULTS, messageIds, times, written } from "./case-kit.mjs";

/** Runs case `caseId` for one request, counting it under its `nonce`. */
export function runFault(req, res, caseId, nonce, id, raw = "") {
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
