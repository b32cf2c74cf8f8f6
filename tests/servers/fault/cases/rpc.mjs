// Fault matrix cases: JSON-RPC errors, ids, result and error, a Message, task states, part kinds.
import { add, INVALID, NOT_RPC, okBody, PARTS, PASS, reply, rpcError, TASK_ID } from "../case-kit.mjs";

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
  // A part without kind is read by the member it has (issue 26).
  add("rpc", "part-without-kind", reply(200, (id) => okBody(id, "search", { parts: [{ data: { results: [] } }] })), { ok: true, len: ["results", 0] }, PASS);
}
