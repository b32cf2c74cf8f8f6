// MCP authorization with a Client ID Metadata Document (the 2026-07-28 revision's preferred
// registration): the official v2 TypeScript client's `client_id` is an https URL, which the
// Worker fetches. The demo Worker runs in real workerd through wrangler's own dev server
// (`unstable_startWorker`, the same bundle and bindings as `wrangler dev`) with the
// `global_fetch_strictly_public` flag the library asks for; only the Worker's outbound fetches
// leave through Miniflare's `outboundService`, which serves the client's document for its https
// host (no internet here) and passes everything else on unchanged. The rest of the flow is
// tests/js/mcp-oauth.test.mjs's, with DCR.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { port, root, scratchDir } from "./helpers.mjs";
import { MemoryProvider, recordingFetch } from "./oauth-browser.mjs";

const PORT = port(18931);
const BASE = `http://127.0.0.1:${PORT}`;
const MCP = `${BASE}/mcp`;
const REDIRECT = `http://localhost:${port(18932)}/oauth/callback`;
const CLIENT_ID = "https://mcp-client.example/oauth/client-metadata.json";
const DOCUMENT = {
  client_id: CLIENT_ID, client_name: "Metadata Document Client", client_uri: "https://mcp-client.example/",
  redirect_uris: [REDIRECT], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"],
  token_endpoint_auth_method: "none",
};
const fetched = []; // the client documents the Worker asked for
let worker;

before(async () => {
  const { unstable_startWorker } = await import("wrangler");
  const plain = (value) => ({ type: "plain_text", value });
  worker = await unstable_startWorker({
    config: path.join(root, "wrangler.toml"),
    compatibilityFlags: ["global_fetch_strictly_public"],
    bindings: {
      AGENT_OAUTH: plain("on"), ALLOW_ANONYMOUS: plain("off"), OAUTH_ISSUER: plain("embedded"),
      MAGISTERIUM_TOKEN: plain("operator-token-the-stand-in-refuses"), ALLOWED_ORIGINS: plain(BASE),
    },
    dev: {
      server: { hostname: "127.0.0.1", port: PORT }, inspector: false, watch: false, persist: scratchDir("wrangler-state-"), logLevel: "warn",
      outboundService: (request) => {
        const url = new URL(request.url);
        if (url.origin !== "https://mcp-client.example") return fetch(request);
        fetched.push(url.href);
        if (url.href !== CLIENT_ID) return new Response("not found", { status: 404 });
        return Response.json(DOCUMENT, { headers: { "cache-control": "max-age=300" } });
      },
    },
  });
  await worker.ready;
});

after(async () => {
  await worker?.dispose();
});

test("metadata: Client ID Metadata Documents are offered with the compatibility flag", async () => {
  const as = await (await fetch(`${BASE}/.well-known/oauth-authorization-server`)).json();
  assert.equal(as.issuer, BASE);
  assert.equal(as.client_id_metadata_document_supported, true);
});

// The client speaks 2026-07-28 here (tests/js/mcp-oauth.test.mjs signs in with its default, the 2025 handshake).
const MODERN = { versionNegotiation: { mode: { pin: "2026-07-28" } } };

test("the official client (2026-07-28) registers by its metadata document, signs in and calls on its own token", async () => {
  const provider = new MemoryProvider({ redirectUri: REDIRECT, name: "Metadata Document Client", clientMetadataUrl: CLIENT_ID });
  const recorder = recordingFetch();
  const options = { authProvider: provider, fetch: recorder.fetch };
  const first = new StreamableHTTPClientTransport(new URL(MCP), options);
  await assert.rejects(new Client({ name: "cimd-test", version: "1.0.0" }, MODERN).connect(first), (e) => e instanceof UnauthorizedError);
  assert.equal(provider.client.client_id, CLIENT_ID);
  assert.ok(!recorder.seen.some((s) => s.path === "/mcp-auth/register"), "no dynamic registration");
  assert.equal(provider.authorizationUrl.searchParams.get("client_id"), CLIENT_ID);
  assert.ok(fetched.includes(CLIENT_ID), "the Worker fetched the client's document");
  const { page, callback, hops } = provider.visit;
  assert.match(page, /Metadata Document Client/, "the page names the client");
  assert.match(page, /mcp-client\.example/, "and the domain that publishes it");
  assert.ok(page.includes("localhost"), "and the redirect host");
  assert.deepEqual(hops, ["/oauth/authorize", "/auth/callback", "/mcp-auth/resume"]);
  assert.equal(callback.searchParams.get("iss"), BASE);
  assert.equal(callback.searchParams.get("state"), provider.lastState);
  await first.finishAuth(callback.searchParams);
  const client = new Client({ name: "cimd-test", version: "1.0.0" }, MODERN);
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP), options));
  assert.equal(client.getNegotiatedProtocolVersion(), "2026-07-28");
  const result = await client.callTool({ name: "pope_lookup", arguments: { query: "Leo XIV" } });
  assert.equal(result.isError, undefined, result.content.map((c) => c.text).join("\n"));
  for (const s of recorder.seen.filter((s) => s.path === "/mcp" && s.status === 200)) {
    assert.equal(s.authorization, `Bearer ${provider.tokens().access_token}`);
  }
});

test("a redirect URI its document does not list, or a document that is not there, gets a page, never a redirect", async () => {
  const ask = (client_id, redirect_uri) => {
    const q = new URLSearchParams({ response_type: "code", client_id, redirect_uri, state: "s", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256", resource: MCP });
    return fetch(`${BASE}/mcp-auth/authorize?${q}`, { redirect: "manual" });
  };
  for (const [client_id, redirect_uri] of [[CLIENT_ID, `http://localhost:${port(18933)}/elsewhere`], ["https://mcp-client.example/oauth/missing.json", REDIRECT]]) {
    const res = await ask(client_id, redirect_uri);
    assert.equal(res.status, 400, `${client_id} ${redirect_uri}`);
    assert.equal(res.headers.get("location"), null);
  }
  assert.ok(fetched.includes("https://mcp-client.example/oauth/missing.json"));
});
