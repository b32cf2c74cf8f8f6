// Fault matrix cases: how the body arrives (cut, reset, slow, trickling, stalled) and how much of
// it (50 MB, a client's byte cap, 10,000 citations).
import { add, citation, drip, huge, okBody, P502, PARTS, PASS, reply } from "../case-kit.mjs";
import { cors } from "../http.mjs";

// --- transport: cut, reset, slow first byte, slow trickle, stalled body ---
add("transport", "truncated", (res, ctx) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": "1000", ...cors });
  res.write(JSON.stringify(okBody(ctx.id, "qa", { parts: PARTS.qa(Array.from({ length: 8 }, (_, i) => citation(i))) })).slice(0, 500));
  setTimeout(() => res.destroy(), 20);
}, { kind: "network" }, P502("Upstream unreachable"));
add("transport", "reset-mid-body", (res, ctx) => {
  res.writeHead(200, { "content-type": "application/json", ...cors });
  res.write(JSON.stringify(okBody(ctx.id)).slice(0, 120));
  setTimeout(() => (res.socket?.resetAndDestroy ? res.socket.resetAndDestroy() : res.destroy()), 20);
}, { kind: "network" }, P502("Upstream unreachable"));
add("transport", "reset-before-headers", (res) => (res.socket?.resetAndDestroy ? res.socket.resetAndDestroy() : res.destroy()),
  { kind: "network" }, P502("Upstream unreachable"));
add("transport", "close-before-headers", (res) => res.socket?.end(), { kind: "network" }, P502("Upstream unreachable"));
// The SDK runs these with timeoutMs 400; the proxy with UPSTREAM_TIMEOUT_MS 1500 (its budget ± 1 s).
add("transport", "slow-first-byte", (res, ctx) => setTimeout(() => !res.destroyed && reply(200, (id) => okBody(id))(res, ctx), 6000),
  { kind: "timeout", timeoutMs: 400, minMs: 350, maxMs: 1500 }, { status: 504, code: -32603, message: "Upstream timeout", minMs: 1400, maxMs: 2500 });
add("transport", "slow-trickle", drip(25), { kind: "timeout", timeoutMs: 400, minMs: 350, maxMs: 1500 },
  { status: 504, code: -32603, message: "Upstream timeout", minMs: 1400, maxMs: 2500 });
add("transport", "stalled-body", (res, ctx) => {
  const data = JSON.stringify(okBody(ctx.id));
  res.writeHead(200, { "content-type": "application/json", ...cors });
  res.write(data.slice(0, 50));
  const t = setTimeout(() => !res.destroyed && res.end(data.slice(50)), 6000);
  res.on("close", () => clearTimeout(t));
}, { kind: "timeout", timeoutMs: 400, minMs: 350, maxMs: 1500 }, { status: 504, code: -32603, message: "Upstream timeout", minMs: 1400, maxMs: 2500 });
add("transport", "trickle-within-budget", drip(2, (id) => okBody(id), 8), { ok: true, timeoutMs: 10000, maxMs: 8000 }, { ...PASS, maxMs: 8000 });
add("transport", "slow-within-budget", (res, ctx) => setTimeout(() => reply(200, (id) => okBody(id))(res, ctx), 300),
  { ok: true, minMs: 250 }, { ...PASS, minMs: 250 });

// --- size: 50 MB (streamed and declared), a byte cap of the client, 10,000 citations ---
// No maxWritten here: on loopback Chromium's network service keeps pulling the socket after the page
// cancels the body, so what the server wrote does not measure what the SDK read (it flaked under load).
// The SDK's stop is still bounded by maxMs, and the declared case below keeps its byte bound.
add("size", "50mb-streamed", huge(50_000_000), { kind: "invalid_response", maxMs: 15000 }, P502("Upstream answer too large"));
add("size", "50mb-declared", huge(50_000_000, { declared: true }), { kind: "invalid_response", maxMs: 3000, maxWritten: 20_000_000 }, P502("Upstream answer too large"));
add("size", "600kb-over-client-cap", huge(600_000), { client: "cap", kind: "invalid_response" }, PASS);
add("size", "under-client-cap", (res, ctx) => reply(200, (id) => okBody(id))(res, ctx), { client: "cap", ok: true }, PASS);
add("size", "10k-citations", reply(200, (id) => okBody(id, "qa", { parts: PARTS.qa(Array.from({ length: 10_000 }, (_, i) => ({ cited_text: "c", document_index: i, source_url: "u" }))) })),
  { ok: true, len: ["citations", 10_000], maxMs: 5000 }, PASS, "qa");
add("size", "100k-related-questions", reply(200, (id) => okBody(id, "qa", { parts: [{ kind: "text", text: "a" }, { kind: "data", data: { citations: [], related_questions: Array.from({ length: 100_000 }, () => "q") } }] })),
  { ok: true, len: ["relatedQuestions", 100_000], maxMs: 5000 }, PASS, "qa");
