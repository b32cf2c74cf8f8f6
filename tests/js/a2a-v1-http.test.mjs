// The A2A 1.0 endpoint as HTTP reads it, against the embedded stand-in: the paths and content
// types a 1.0 client may send (the A2A TCK's own client posts to the interface URL with a
// trailing slash).
import { test } from "node:test";
import assert from "node:assert/strict";
import { AGENT_URL, rpc } from "./helpers.mjs";

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
