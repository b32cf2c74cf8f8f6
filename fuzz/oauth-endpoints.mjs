// A mutation fuzzer for the inputs of MCP authorization's endpoints (issue 38): the metadata
// documents, registration, authorize and its consent form, the return from the Magisterium
// sign-in, the token endpoint (both grants, revocation) and /mcp with Bearer tokens of every
// shape, sent to a running demo Worker whose MCP clients sign in. Seeds are valid requests made
// from live state (fuzz/oauth/seeds.mjs); each is bent in methods, paths, headers, query and body
// (fuzz/oauth/mutate.mjs) and every answer is checked (fuzz/oauth/check.mjs): no 5xx but a
// documented 503, the exit's headers, CORS by the origin rule, redirects only where allowed,
// refusals in the endpoint's terms. After each batch the Worker must still answer and its log
// must show no panic or uncaught error. Failing inputs are saved under fuzz/artifacts/oauth/.
//
//   node fuzz/oauth-endpoints.mjs --seconds 600 [--seed N] [--batch 120] [--concurrency 4]
//                                 [--base http://127.0.0.1:PORT --allowed-origins a,b]
//   node fuzz/oauth-endpoints.mjs --replay fuzz/artifacts/oauth/<file>.json [--base …]
//
// Without --base it starts the demo's Worker itself (`wrangler dev`, AGENT_OAUTH on,
// ALLOW_ANONYMOUS off) on port 18960 + MAGISTERIUM_TEST_PORT_OFFSET. Run after scripts/build.sh.
import http from "node:http";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { port, root, startWrangler } from "../tests/js/helpers.mjs";
import { prng, mutate } from "./oauth/mutate.mjs";
import { freshState, seeds } from "./oauth/seeds.mjs";
import { check, beforeWorker, pathClass } from "./oauth/check.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const seconds = Number(arg("--seconds", "60"));
const seed = Number(arg("--seed", String(Date.now() % 2 ** 31)));
const batch = Number(arg("--batch", "120"));
const concurrency = Number(arg("--concurrency", "4"));
const ARTIFACTS = path.join(root, "fuzz/artifacts/oauth");
const PORT = port(18960);
const say = (...a) => console.error("[fuzz oauth]", ...a);

/** Sends `req` as it is (its bytes, its headers, its Content-Length) on a fresh connection. */
function send(base, req, timeoutMs = 10_000) {
  const url = new URL(base);
  return new Promise((resolve) => {
    const headers = [...req.headers];
    headers.push(["content-length", req.contentLength ?? String(req.body.length)]);
    // Headers as raw pairs (repeats kept): Node then adds no Host of its own.
    if (!headers.some(([n]) => n.toLowerCase() === "host")) headers.unshift(["host", url.host]);
    let r;
    try {
      r = http.request({ host: url.hostname, port: url.port, method: req.method, path: req.path + (req.query ? `?${req.query}` : ""), headers: headers.flat(), agent: false, insecureHTTPParser: true });
    } catch (error) {
      resolve({ unsendable: error.code ?? error.message });
      return;
    }
    const timer = setTimeout(() => { r.destroy(new Error("timeout")); }, timeoutMs);
    r.on("response", (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        clearTimeout(timer);
        const h = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const k = res.rawHeaders[i].toLowerCase();
          h[k] = k in h ? [].concat(h[k], res.rawHeaders[i + 1]) : res.rawHeaders[i + 1];
        }
        resolve({ status: res.statusCode, headers: h, body: Buffer.concat(chunks) });
      });
      res.on("error", (e) => { clearTimeout(timer); resolve({ error: e.message }); });
    });
    r.on("error", (e) => { clearTimeout(timer); resolve({ error: e.message }); });
    try {
      r.end(req.body);
    } catch (error) {
      clearTimeout(timer);
      resolve({ unsendable: error.code ?? error.message });
    }
  });
}

/** Keeps `req` (and what came back) as `<dir>/<name>.json`, named by the request's hash. */
function save(dir, req, res, why) {
  mkdirSync(dir, { recursive: true });
  const record = { why, seed, note: req.note, request: { method: req.method, path: req.path, query: req.query, headers: req.headers, contentLength: req.contentLength ?? null, bodyBase64: req.body.toString("base64") }, response: res && { status: res.status, headers: res.headers, body: res.body?.toString("utf8", 0, 2000), error: res.error } };
  const file = path.join(dir, `${createHash("sha256").update(JSON.stringify(record.request)).digest("hex").slice(0, 16)}.json`);
  writeFileSync(file, JSON.stringify(record, null, 2) + "\n");
  return path.relative(root, file);
}

/** Failures by kind (rule, endpoint, status): each kind counted, its first inputs kept. */
const kinds = new Map();
function failed(req, res, broken) {
  counts.failures++;
  if (broken.some((b) => b.rule === "5xx" || b.rule === "no-answer")) counts.serverErrors++;
  for (const { rule, detail } of broken) {
    const kind = `${rule} · ${req.method.toUpperCase()} ${pathClass(req.path)} · ${res.status ?? "no answer"}`;
    const k = kinds.get(kind) ?? { count: 0, example: detail, files: [] };
    k.count++;
    if (k.files.length < 3) k.files.push(save(path.join(ARTIFACTS, rule), req, res, broken));
    if (k.count === 1) say(`FAIL ${kind}: ${detail} (${req.note}) → ${k.files[0]}`);
    kinds.set(kind, k);
  }
}

const load = (file) => {
  const r = JSON.parse(readFileSync(file, "utf8")).request;
  return { ...r, contentLength: r.contentLength ?? undefined, body: Buffer.from(r.bodyBase64, "base64"), note: path.basename(file) };
};

/** A client's redirect URIs that a 201 of the registration endpoint accepted. */
function registered(req, res, ctx) {
  if (res.status !== 201 || !req.path.startsWith("/mcp-auth/register")) return;
  try {
    for (const u of JSON.parse(res.body.toString("utf8")).redirect_uris ?? []) ctx.redirectUris.push(u);
  } catch {}
}

let server = null;
let base = arg("--base");
const allowed = arg("--allowed-origins");
const counts = { requests: 0, unsendable: 0, noAnswer: 0, beforeWorker: 0, failures: 0, serverErrors: 0, crashes: 0, batches: 0, uncaughtLogged: 0, statuses: {} };
try {
  if (!base) {
    base = `http://127.0.0.1:${PORT}`;
    server = await startWrangler(root, PORT, ["--var", "AGENT_OAUTH:on", "--var", "ALLOW_ANONYMOUS:off", "--var", "OAUTH_ISSUER:embedded", "--var", "PROXY_RATE_LIMITS:off",
      "--var", "UPSTREAM_PER_MINUTE:100000000", "--var", "UPSTREAM_QA_PER_MINUTE:100000000", "--var", `ALLOWED_ORIGINS:${base},https://app.example`], "/.well-known/oauth-protected-resource/mcp");
  }
  const ctx = { base, allowed: allowed ? allowed.split(",") : [base, "https://app.example"], disallowed: ["https://evil.example", "http://127.0.0.1:1", "https://app.example.evil.example", "https://APP.example"], tokens: [], redirectUris: [] };
  const alive = async () => (await send(base, { method: "GET", path: "/.well-known/oauth-protected-resource/mcp", query: "", headers: [], body: Buffer.alloc(0) }, 15_000)).status === 200;
  const logMark = () => server?.log().length ?? 0;
  // A panic of the Worker's wasm (its instance is then lost), or workerd itself going down. An
  // uncaught JavaScript exception is a 5xx of its request, checked there; counted here too.
  const crashed = (from) => (server ? /panicked at|RuntimeError: unreachable|workerd.*(terminated|crash)|Segmentation fault|Aborted \(core dumped\)/i.exec(server.log().slice(from)) : null);
  const uncaught = (from) => (server ? server.log().slice(from).match(/Uncaught/g)?.length ?? 0 : 0);

  const inputs = process.argv.includes("--replay") ? [load(arg("--replay"))] : null;
  const r = prng(seed);
  say(`seed ${seed}, ${seconds} s against ${base}`);
  const deadline = Date.now() + seconds * 1000;
  while (inputs ? counts.batches === 0 : Date.now() < deadline) {
    const state = await freshState(base);
    ctx.redirectUris.push(state.client.redirect_uri);
    ctx.tokens = [state.access, state.refresh, ...ctx.tokens].slice(0, 8);
    const pool = seeds(state, r.pick(ctx.allowed));
    const reqs = inputs ?? Array.from({ length: batch }, () => mutate(r, r.pick(pool), ctx));
    const from = logMark();
    for (let i = 0; i < reqs.length; i += concurrency) {
      await Promise.all(reqs.slice(i, i + concurrency).map(async (req) => {
        // A Content-Length beyond the body: the Worker rightly waits for the rest.
        const short = req.contentLength !== undefined && Number(req.contentLength) > req.body.length;
        const res = await send(base, req, short ? 3000 : 15_000);
        if (res.unsendable) { counts.unsendable++; return; }
        counts.requests++;
        if (res.error) {
          counts.noAnswer++;
          if (!short) failed(req, res, [{ rule: "no-answer", detail: res.error }]);
          return;
        }
        counts.statuses[res.status] = (counts.statuses[res.status] ?? 0) + 1;
        if (beforeWorker(req, res)) { counts.beforeWorker++; return; }
        registered(req, res, ctx);
        const broken = check(req, res, ctx);
        if (broken.length) failed(req, res, broken);
      }));
    }
    counts.batches++;
    counts.uncaughtLogged += uncaught(from);
    const crash = crashed(from);
    if (!(await alive()) || crash) {
      counts.failures++;
      counts.crashes = 1;
      const dir = path.join(ARTIFACTS, `crash-${seed}-${counts.batches}`);
      for (const req of reqs) save(dir, req, null, [`the Worker stopped answering or logged a crash after this batch: ${crash?.[0] ?? "no answer to the ping"}`]);
      say(`FAIL: the Worker is down or crashed (${crash?.[0] ?? "ping"}); the batch's ${reqs.length} inputs saved in ${path.relative(root, dir)}`);
      break;
    }
    if (counts.batches % 10 === 0) say(`${counts.requests} requests, ${counts.failures} failing, statuses ${JSON.stringify(counts.statuses)}`);
  }
} finally {
  server?.stop();
}
if (kinds.size) {
  console.log("| failure (rule · endpoint · status) | count | example | kept |\n| --- | ---: | --- | --- |");
  for (const [kind, k] of [...kinds].sort((a, b) => b[1].count - a[1].count)) console.log(`| ${kind} | ${k.count} | ${k.example.replace(/\|/g, "\\|").slice(0, 140)} | ${k.files[0]} |`);
}
console.log(JSON.stringify({ seed, seconds, ...counts, distinctStatuses: Object.keys(counts.statuses).length, failureKinds: kinds.size }));
if (counts.failures > 0) process.exitCode = 1;
