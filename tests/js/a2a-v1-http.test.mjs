// The A2A 1.0 endpoint as HTTP reads it, against the embedded stand-in: the paths and content
// types a 1.0 client may send (the A2A TCK's own client posts to the interface URL with a
// trailing slash), and the HTTP+JSON binding through the Worker's entry (its refusals, the origin
// rule, CORS, sign-in; a Worker of its own on port(18886) with sign-in required).
import { test } from "node:test";
import assert from "node:assert/strict";
import { AGENT_URL, port, root, rpc, startWrangler } from "./helpers.mjs";

const V1 = { "a2a-version": "1.0" };
const message = (text) => ({
  message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ text }], metadata: { skillId: "document_search" } },
});

test("the 1.0 endpoint answers at /api/v1/a2a/ (trailing slash) as at /api/v1/a2a", async () => {
  for (const url of [`${AGENT_URL}/api/v1/a2a`, `${AGENT_URL}/api/v1/a2a/`]) {
    const { status, body } = await rpc("SendMessage", message("just wage"), { url, headers: V1 });
    assert.equal(status, 200, url);
    assert.equal(body.result?.task?.status?.state, "TASK_STATE_COMPLETED", url);
  }
  // The 0.2.6 path too, and the 1.0 card's interface URL stays without the slash.
  const legacy = await rpc("message/send", {
    message: { kind: "message", role: "user", messageId: crypto.randomUUID(), parts: [{ kind: "text", text: "just wage" }], metadata: { skillId: "document_search" } },
  }, { url: `${AGENT_URL}/api/v1/a2a/` });
  assert.equal(legacy.body.result?.status?.state, "completed");
  const card = await (await fetch(`${AGENT_URL}/.well-known/agent-card.json`)).json();
  assert.equal(card.supportedInterfaces[0].url, `${AGENT_URL}/api/v1/a2a`);
});

test("a 1.0 body not sent as JSON, or a part Magisterium cannot read, is ContentTypeNotSupportedError", async () => {
  const res = await fetch(`${AGENT_URL}/api/v1/a2a`, {
    method: "POST",
    headers: { "content-type": "text/plain", ...V1 },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: message("just wage") }),
  });
  assert.equal(res.status, 415);
  assert.equal((await res.json()).error.code, -32005);
  const file = message("just wage");
  file.message.parts.push({ raw: "dGNr", mediaType: "application/pdf" });
  const { body } = await rpc("SendMessage", file, { headers: V1 });
  assert.equal(body.error.code, -32005);
  assert.equal(body.error.data[0].reason, "CONTENT_TYPE_NOT_SUPPORTED");
});

test("HTTP+JSON through the Worker's entry: its own refusals, the origin rule and CORS in the binding's terms", async () => {
  const base = `${AGENT_URL}/api/v1/a2a`;
  const page = new URL(AGENT_URL).origin; // on the agent's ALLOWED_ORIGINS (scripts/test.sh)
  /** The google.rpc.Status of an error answer, its code checked against the HTTP status. */
  const status = async (res) => {
    const body = await res.json();
    assert.equal(body.error?.code, res.status, JSON.stringify(body));
    assert.ok(Array.isArray(body.error.details));
    return body.error;
  };
  // The body cap, answered by the entry before any routing.
  const big = await fetch(`${base}/message:send`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ message: { role: "ROLE_USER", messageId: "m", parts: [{ text: "x".repeat(70_000) }] } }),
  });
  assert.equal(big.status, 413);
  await status(big);
  // A page of another origin is refused on a GET too (it reaches the upstream as a POST does).
  const foreign = await fetch(`${base}/tasks/t1`, { headers: { origin: "https://evil.example" } });
  assert.equal(foreign.status, 403);
  assert.equal((await status(foreign)).status, "PERMISSION_DENIED");
  assert.equal(foreign.headers.get("access-control-allow-origin"), null);
  // An allowed page: its preflight, and the answers carry CORS.
  const preflight = await fetch(`${base}/tasks/t1:cancel`, {
    method: "OPTIONS", headers: { origin: page, "access-control-request-method": "POST" },
  });
  assert.ok(preflight.status < 300, String(preflight.status));
  assert.equal(preflight.headers.get("access-control-allow-origin"), page);
  const missing = await fetch(`${base}/tasks/no-such-task`, { headers: { origin: page, "a2a-version": "1.0" } });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get("access-control-allow-origin"), page);
  assert.equal((await status(missing)).details[0].reason, "TASK_NOT_FOUND");
  // The body's type and the version, as on JSON-RPC.
  const text = await fetch(`${base}/message:send`, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify(message("grace")) });
  assert.equal(text.status, 415);
  assert.equal((await status(text)).details[0].reason, "CONTENT_TYPE_NOT_SUPPORTED");
  const old = await fetch(`${base}/message:send`, { method: "POST", headers: { "content-type": "application/json", "a2a-version": "0.3" }, body: JSON.stringify(message("grace")) });
  assert.equal(old.status, 400);
  assert.equal((await status(old)).details[0].reason, "VERSION_NOT_SUPPORTED");
  const sent = await fetch(`${base}/message:send`, { method: "POST", headers: { "content-type": "application/a2a+json", ...V1 }, body: JSON.stringify(message("grace")) });
  assert.equal(sent.status, 200);
  assert.equal((await sent.json()).task.status.state, "TASK_STATE_COMPLETED");
});

test("HTTP+JSON with sign-in required: a call without a session is refused with 401, as on JSON-RPC", async () => {
  const PORT = port(18886);
  const server = await startWrangler(root, PORT, [
    "--var", "AGENT_OAUTH:on", "--var", "ALLOW_ANONYMOUS:off", "--var", "OAUTH_ISSUER:embedded",
  ], "/.well-known/agent.json");
  try {
    const base = `http://127.0.0.1:${PORT}/api/v1/a2a`;
    const byRpc = await rpc("GetTask", { id: "t1" }, { url: base, headers: V1 });
    assert.equal(byRpc.status, 401);
    for (const [method, path, body] of [["GET", "/tasks/t1", undefined], ["GET", "/tasks?pageSize=1", undefined],
      ["POST", "/message:send", JSON.stringify(message("grace"))]]) {
      const res = await fetch(`${base}${path}`, { method, body, headers: { "content-type": "application/json" } });
      assert.equal(res.status, 401, `${method} ${path}`);
      const { error } = await res.json();
      assert.deepEqual([error.code, error.status], [401, "UNAUTHENTICATED"], `${method} ${path}`);
      assert.equal(error.message, byRpc.body.error.message);
    }
  } finally {
    server.stop();
  }
});
