// The demo's Worker answers its own paths before any static file (wrangler.toml's
// `run_worker_first`): a file of the same name in the site can never take an endpoint over, and
// a call pays no asset lookup first (bench/mcp-ab.mjs measured /mcp's lookup at about 2 ms of the
// MCP door's added p50 on the demo). The demo's config runs here with a site whose files have the
// endpoints' names.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { port, root, scratchDir, startWrangler } from "./helpers.mjs";

const PORT = port(18962);
const BASE = `http://127.0.0.1:${PORT}`;
const dir = scratchDir("worker-first-");
const SHADOWS = ["mcp", "api/v1/a2a", "auth/session", ".well-known/agent.json"];
let server;

before(async () => {
  const site = path.join(dir, "site");
  for (const file of ["index.html", ...SHADOWS]) {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), "a static file\n");
  }
  // The demo's own config, its paths made absolute and its site this one.
  const config = readFileSync(path.join(root, "wrangler.toml"), "utf8")
    .replace(/^main = "([^"]+)"/m, (_, p) => `main = ${JSON.stringify(path.join(root, p))}`)
    .replace(/^"magisterium-worker" = "([^"]+)"/m, (_, p) => `"magisterium-worker" = ${JSON.stringify(path.join(root, p))}`)
    .replace(/^directory = "[^"]+"/m, `directory = ${JSON.stringify(site)}`);
  writeFileSync(path.join(dir, "wrangler.toml"), config);
  server = await startWrangler(dir, PORT, [], "/index.html");
});

after(() => {
  server?.stop();
});

test("the site's index is a static file (the config under test serves this site)", async () => {
  const res = await fetch(`${BASE}/index.html`);
  assert.equal(await res.text(), "a static file\n");
});

test("every path of the Worker's is answered by the Worker, not by a file of its name", async () => {
  for (const file of SHADOWS) {
    const res = await fetch(`${BASE}/${file}`);
    const text = await res.text();
    assert.notEqual(text, "a static file\n", `/${file} was the static file`);
    assert.ok(res.headers.get("x-request-id"), `/${file}: the Worker's answer carries x-request-id`);
  }
  const mcp = await fetch(`${BASE}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
  });
  assert.equal(mcp.status, 200);
  assert.equal((await mcp.json()).result.protocolVersion, "2025-11-25");
});
