// The official v2 TypeScript client (@modelcontextprotocol/client 2.4.0) in each of its version
// modes against the Worker's /mcp, with no code of ours in the client: its default (the 2025
// `initialize` handshake), `versionNegotiation: { mode: "auto" }` (probes `server/discover`; must
// settle on 2026-07-28 here) and pinned to 2026-07-28. Each lists the tools, calls every tool and
// gets the errors right against the stand-in and through the proxy (tests/js/mcp-peers.mjs). The
// v1 client (@modelcontextprotocol/sdk 1.32) is tests/js/mcp.test.mjs; Python's is
// tests/python/mcp_clients.py. Then the 2026-07-28 transport at the HTTP level.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { AGENT_URL, PROXY_URL, PROXY_TOKEN } from "./helpers.mjs";
import { exerciseProxy, exerciseStandIn, recordingFetch } from "./mcp-peers.mjs";

const MODES = [
  { name: "default (the 2025 handshake)", options: {}, version: "2025-11-25" },
  { name: "versionNegotiation auto", options: { versionNegotiation: { mode: "auto" } }, version: "2026-07-28" },
  { name: "pinned to 2026-07-28", options: { versionNegotiation: { mode: { pin: "2026-07-28" } } }, version: "2026-07-28" },
];

async function connect(base, options) {
  const recorder = recordingFetch();
  const client = new Client({ name: "magisterium-a2a-tests", version: "1.0.0" }, options);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { fetch: recorder.fetch }));
  return { client, seen: recorder.seen };
}

/** What the client's requests say about the era it settled on. */
function assertEra(client, seen, version) {
  assert.equal(client.getNegotiatedProtocolVersion(), version);
  assert.equal(client.getServerVersion()?.name, "magisterium-a2a");
  const modern = version === "2026-07-28";
  assert.equal(seen.some((s) => s.method === "initialize"), !modern, "initialize only in the 2025 handshake");
  if (modern) {
    assert.deepEqual(client.getDiscoverResult().supportedVersions, ["2026-07-28", "2025-11-25", "2025-06-18"]);
    for (const s of seen) {
      assert.equal(s.version, version, s.method);
      assert.equal(s.mcpMethod, s.method, "Mcp-Method on every request");
    }
    assert.ok(seen.some((s) => s.method === "tools/call" && s.mcpName), "Mcp-Name on tools/call");
  }
}

for (const mode of MODES) {
  test(`v2 client, ${mode.name}: the stand-in`, async () => {
    const { client, seen } = await connect(AGENT_URL, mode.options);
    await exerciseStandIn(client);
    assertEra(client, seen, mode.version);
    await client.close();
  });

  test(`v2 client, ${mode.name}: through the proxy to the 0.2.6 fault server`, async () => {
    const { client, seen } = await connect(PROXY_URL, mode.options);
    await exerciseProxy(client, PROXY_TOKEN);
    assertEra(client, seen, mode.version);
    await client.close();
  });
}

test("the 2026-07-28 transport: modern errors a dual-era client recognises, CORS for its headers", async () => {
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
  const post = (method, params, headers = {}) =>
    fetch(`${AGENT_URL}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json", accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28", "mcp-method": method, ...headers,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params: { ...params, _meta: { ...meta, ...params._meta } } }),
    });
  const list = await post("tools/list", {});
  const listed = await list.json();
  assert.equal(list.status, 200);
  assert.equal(listed.result.resultType, "complete");
  assert.equal(listed.result.cacheScope, "public");
  assert.ok(listed.result.ttlMs > 0);
  const ping = await post("ping", {});
  assert.equal(ping.status, 404, "ping is no method of 2026-07-28");
  assert.equal((await ping.json()).error.code, -32601);
  const future = "2099-01-01";
  const unsupported = await post("tools/list", { _meta: { "io.modelcontextprotocol/protocolVersion": future } }, { "mcp-protocol-version": future });
  assert.equal(unsupported.status, 400);
  assert.deepEqual((await unsupported.json()).error, {
    code: -32022, message: "Unsupported protocol version",
    data: { supported: ["2026-07-28", "2025-11-25", "2025-06-18"], requested: future },
  });
  const mismatch = await post("tools/call", { name: "pope_lookup", arguments: { query: "Leo" } }, { "mcp-name": "saint_lookup" });
  assert.equal(mismatch.status, 400);
  assert.equal((await mismatch.json()).error.code, -32020);
  const preflight = await fetch(`${AGENT_URL}/mcp`, {
    method: "OPTIONS",
    headers: { origin: AGENT_URL, "access-control-request-method": "POST", "access-control-request-headers": "mcp-method, mcp-name" },
  });
  assert.match(preflight.headers.get("access-control-allow-headers") ?? "", /mcp-method, mcp-name/);
});
