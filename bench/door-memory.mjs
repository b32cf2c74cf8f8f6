// Memory through the doors (issue 37, defect 7): the peak of the proxy isolate's wasm linear
// memory while CONCURRENT document_fetch answers of DOC_MIB MiB each go through one door at once:
// A2A 0.2.6 (the baseline: the body passes through untouched), A2A 1.0 `SendMessage`, and MCP
// `tools/call`. The proxy is wrangler.proxy.toml's build (dist/pkg-proxy) behind a wasm-memory probe
// (bench/workers/door-memory/), in front of the fault server's /big/<bytes> document, with
// MAX_UPSTREAM_BYTES and MAX_DOOR_BYTES above the document. Each door gets a fresh `wrangler dev` (a fresh isolate),
// so each peak is that door's alone; wasm memory only grows, so the size after the burst is its peak.
//
//   node bench/door-memory.mjs            (after scripts/build.sh, or only the proxy's package)
//
// Env: DOOR_MEM_DOC_MIB (16), DOOR_MEM_CONCURRENT (8), DOOR_MEM_PORT (19600: the fault server;
// the Workers on the next ports, inspectors on port + 50), DOOR_MEM_VARS (extra --var pairs as
// JSON, e.g. '{"MAX_DOOR_BYTES":"33554432"}'). Prints a Markdown table; writes bench/out/door-memory.json.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { OUT, log, stop, stopAll, waitFor, assertFree } from "./lib/util.mjs";
import { faultServer, wranglerDev } from "./lib/http.mjs";

const MIB = 1024 * 1024;
const DOC_MIB = Number(process.env.DOOR_MEM_DOC_MIB ?? 16);
const CONCURRENT = Number(process.env.DOOR_MEM_CONCURRENT ?? 8);
const BASE = Number(process.env.DOOR_MEM_PORT ?? 19600);
const EXTRA = JSON.parse(process.env.DOOR_MEM_VARS ?? "{}");
const CONFIG = path.join("bench", "workers", "door-memory", "wrangler.toml");

const data = (n) => ({ id: `bench-doc-${n}` }); // never "big" (the document's own id): nothing is cached
const DOORS = [
  {
    name: "A2A 0.2.6 message/send",
    path: "/api/v1/a2a",
    headers: {},
    body: (n) => ({ jsonrpc: "2.0", id: n, method: "message/send", params: { message: { kind: "message", role: "user", messageId: `m-${n}`, parts: [{ kind: "data", data: data(n) }], metadata: { skillId: "document_fetch" } } } }),
  },
  {
    name: "A2A 1.0 SendMessage",
    path: "/api/v1/a2a",
    headers: { "a2a-version": "1.0" },
    body: (n) => ({ jsonrpc: "2.0", id: n, method: "SendMessage", params: { message: { messageId: `m-${n}`, role: "ROLE_USER", parts: [{ data: data(n) }], metadata: { skillId: "document_fetch" } } } }),
  },
  {
    name: "MCP tools/call document_fetch",
    path: "/mcp",
    headers: { "mcp-protocol-version": "2025-06-18", accept: "application/json, text/event-stream" },
    body: (n) => ({ jsonrpc: "2.0", id: n, method: "tools/call", params: { name: "document_fetch", arguments: data(n) } }),
  },
];

const mib = (bytes) => (bytes / MIB).toFixed(1);

async function wasmBytes(port) {
  return (await (await fetch(`http://127.0.0.1:${port}/__wasm-memory`)).json()).bytes;
}

/** One door on a fresh isolate: the burst's answers and the wasm memory before and after. */
async function measure(door, port, faultPort) {
  await assertFree(port);
  const vars = {
    UPSTREAM_URL: `http://127.0.0.1:${faultPort}/big/${DOC_MIB * MIB}`,
    MAGISTERIUM_TOKEN: "bench-door-memory",
    PROXY_RATE_LIMITS: "off",
    CACHE_DOCUMENTS: "off",
    MAX_UPSTREAM_BYTES: String((DOC_MIB + 4) * MIB),
    // The doors' own cap (8 MiB by default) lifted too: this measures what a door holds.
    MAX_DOOR_BYTES: String((DOC_MIB + 4) * MIB),
    ...EXTRA,
  };
  const worker = wranglerDev(`door-memory-${port}`, port, { config: CONFIG, vars });
  try {
    await waitFor(worker, async () => (await fetch(`http://127.0.0.1:${port}/__wasm-memory`)).ok, 90_000, 200);
    const before = await wasmBytes(port);
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, async (_, i) => {
        const res = await fetch(`http://127.0.0.1:${port}${door.path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...door.headers },
          body: JSON.stringify(door.body(i + 1)),
        });
        const text = await res.text();
        let error = null;
        try {
          const body = JSON.parse(text);
          error = body.error ? `${body.error.code} ${body.error.message}` : body.result?.isError ? "isError" : null;
        } catch {
          error = "not JSON";
        }
        return { status: res.status, bytes: text.length, error };
      }),
    );
    const ms = performance.now() - t0;
    const after = await wasmBytes(port);
    return { door: door.name, before, after, ms, answers };
  } finally {
    await stop(worker);
  }
}

async function main() {
  await assertFree(BASE);
  const fault = faultServer(BASE);
  const rows = [];
  try {
    await waitFor(fault, async () => (await fetch(`http://127.0.0.1:${BASE}/__count/x`)).ok, 10_000, 100);
    for (const [i, door] of DOORS.entries()) {
      log(`${door.name}: ${CONCURRENT} × ${DOC_MIB} MiB`);
      rows.push(await measure(door, BASE + 1 + i, BASE));
    }
  } finally {
    await stop(fault);
    await stopAll();
  }
  const command = `node bench/door-memory.mjs${Object.keys(EXTRA).length ? ` (DOOR_MEM_VARS='${JSON.stringify(EXTRA)}')` : ""}`;
  const lines = [
    `${CONCURRENT} concurrent document_fetch answers of ${DOC_MIB} MiB through each door: \`${command}\``,
    "",
    "| door | answers (status × n) | errors | answer size MiB | wasm before MiB | wasm peak MiB | peak ÷ answer |",
    "|---|---|---|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    const statuses = Object.entries(Object.groupBy(r.answers, (a) => a.status)).map(([s, l]) => `${s} × ${l.length}`).join(", ");
    const errors = [...new Set(r.answers.map((a) => a.error).filter(Boolean))].join("; ") || "none";
    const size = Math.max(...r.answers.map((a) => a.bytes));
    lines.push(`| ${r.door} | ${statuses} | ${errors} | ${mib(size)} | ${mib(r.before)} | ${mib(r.after)} | ${(r.after / (DOC_MIB * MIB)).toFixed(1)} |`);
  }
  console.log(lines.join("\n"));
  writeFileSync(path.join(OUT, "door-memory.json"), JSON.stringify({ docMib: DOC_MIB, concurrent: CONCURRENT, extra: EXTRA, rows }, null, 2));
}

main().catch(async (e) => {
  console.error(e);
  await stopAll();
  process.exitCode = 1;
});
