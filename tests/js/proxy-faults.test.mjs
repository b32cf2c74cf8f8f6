// The fault matrix of issue 9, proxy side: the Worker as a proxy in real workerd (started by
// scripts/test.sh with UPSTREAM_TIMEOUT_MS 1500 and MAX_UPSTREAM_BYTES 1000000) in front of the
// fault server's /by-query. The cases and their expected outcomes come from the fault server
// (GET /__faults), the same table the SDK runs in Chromium (tests/web_faults.rs). Every case must
// end within its bound in the outcome it names, and then the SAME Worker must serve a normal call.
// Also here: 429 storms and 50 MB answers in parallel, and the check that nothing in a request can
// steer the upstream connection (SSRF).
import "./record.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { FAULT_URL, PROXY_TOKEN, PROXY_URL } from "./helpers.mjs";

const ENDPOINT = `${PROXY_URL}/api/v1/a2a`;
const cases = await (await fetch(`${FAULT_URL}/__faults`)).json();
const GROUPS = ["parse", "transport", "size", "retry", "rpc", "nesting", "numbers", "dupkeys", "types"];

let ipCounter = 0;
/** A fresh client address per request, so the proxy's per-client limits never interfere. */
const freshIp = () => {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};
const nonce = () => Math.random().toString(36).slice(2, 12);
const enc = encodeURIComponent;

/** The JSON-RPC request of a call kind with `text` as its input. */
function requestBody(call, text, id = 7) {
  if (call === "get") return { jsonrpc: "2.0", id, method: "tasks/get", params: { id: text } };
  const [skillId, part] = {
    search: ["document_search", { kind: "text", text }],
    qa: ["catholic_qa", { kind: "text", text }],
    fetch: ["document_fetch", { kind: "data", data: { id: text } }],
  }[call];
  return { jsonrpc: "2.0", id, method: "message/send", params: { message: { role: "user", kind: "message", messageId: crypto.randomUUID(), parts: [part], metadata: { skillId } } } };
}

async function post(url, body, headers = {}) {
  const started = Date.now();
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
  const buf = Buffer.from(await res.arrayBuffer());
  const text = buf.toString("utf8");
  let json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, buf, text, json, ms: Date.now() - started };
}

const hits = async (key) => (await (await fetch(`${FAULT_URL}/__count/${enc(key)}`)).json()).count;

/** The normal call after a fault: the same Worker answers it correctly. */
async function normalCall() {
  const r = await post(ENDPOINT, requestBody("search", "scenario:ok"), { "cf-connecting-ip": freshIp() });
  assert.equal(r.status, 200, `normal call after: ${r.text.slice(0, 200)}`);
  assert.equal(r.json?.result?.artifacts?.[0]?.parts?.[0]?.data?.results?.length, 2, "normal call after: 2 results");
  assert.ok(r.ms < 3000, `normal call after took ${r.ms} ms`);
}

/** Runs one case through the proxy and checks it against `case.proxy`. */
async function runCase(c) {
  const n = nonce();
  const text = `scenario:fault:${c.id}:${n}`;
  const body = requestBody(c.call, text);
  const r = await post(ENDPOINT, body, { "cf-connecting-ip": freshIp(), origin: "http://app.example" });
  const want = c.proxy;
  assert.ok(r.ms <= want.maxMs, `took ${r.ms} ms, bound ${want.maxMs} ms`);
  if (want.minMs) assert.ok(r.ms >= want.minMs, `took ${r.ms} ms, expected at least ${want.minMs} ms`);
  // Always: JSON, no-store, who answered, CORS for the allowed origin, nothing of the upstream's own.
  assert.equal(r.headers.get("content-type"), "application/json");
  assert.equal(r.headers.get("x-magisterium-agent"), "proxy");
  assert.equal(r.headers.get("access-control-allow-origin"), "http://app.example");
  for (const h of ["set-cookie", "www-authenticate", "server"]) assert.equal(r.headers.get(h), null, h);
  if (r.status !== 200 || want.status !== undefined) assert.equal(r.status, want.status ?? 200, `status (body ${r.text.slice(0, 160)})`);
  if (want.pass) {
    const direct = await post(`${FAULT_URL}/fault/${enc(c.id)}/${enc(`${n}-direct`)}`, body);
    assert.equal(r.status, direct.status, "the upstream status is passed on");
    if (want.pass === true) assert.ok(r.buf.equals(direct.buf), `the upstream body is passed on unchanged (${r.buf.length} vs ${direct.buf.length} bytes)`);
  } else {
    assert.equal(r.json?.jsonrpc, "2.0", `a JSON-RPC answer: ${r.text.slice(0, 200)}`);
    assert.equal(r.json?.id, 7, "the client's id");
    assert.equal(r.json?.error?.code, want.code);
    if (want.message) assert.equal(r.json.error.message, want.message);
    // Each of the matrix's faults comes after the request went upstream: the answer says so, and
    // the SDK does not repeat a paid call on it.
    if (r.status === 502 || r.status === 504) assert.equal(r.json.error.data?.upstream, "reached", "error.data.upstream");
    assert.ok(!/<html|<script|x{100}/i.test(r.text), "no echo of the upstream body");
    assert.ok(r.buf.length < 1024, `a small answer (${r.buf.length} bytes)`);
  }
  if (r.status === 429) assert.ok(r.headers.get("retry-after"), "a 429 always says when to come back");
  if (want.retryAfter !== undefined) assert.equal(r.headers.get("retry-after"), want.retryAfter, "Retry-After");
  if (want.calls !== undefined) assert.equal(await hits(`fault/${c.id}/${n}`), want.calls, "upstream requests (the Worker never retries)");
  await normalCall();
}

for (const group of GROUPS) {
  test(`proxy fault matrix: ${group}`, async () => {
    const mine = cases.filter((c) => c.group === group);
    assert.ok(mine.length > 0, `no case in ${group}`);
    const failures = [];
    for (const c of mine) {
      try {
        await runCase(c);
      } catch (e) {
        failures.push(`${c.id}: ${e.message.split("\n")[0]}`);
      }
    }
    console.log(`fault matrix (workerd proxy) ${group}: ${mine.length - failures.length} of ${mine.length} cases held`);
    assert.deepEqual(failures, [], `${failures.length} case(s) failed`);
  });
}

test("every group of the matrix is run, and the matrix is large", () => {
  assert.ok(cases.length >= 400, `${cases.length} cases`);
  for (const c of cases) assert.ok(GROUPS.includes(c.group), `group ${c.group} is not run`);
});

test("a 429 storm of 30 concurrent calls: each refused with Retry-After, one upstream call each", async () => {
  const ns = Array.from({ length: 30 }, nonce);
  const started = Date.now();
  const rs = await Promise.all(ns.map((n) => post(ENDPOINT, requestBody("search", `scenario:fault:retry/storm-retry-after-1:${n}`), { "cf-connecting-ip": freshIp() })));
  assert.ok(Date.now() - started < 5000);
  for (const [i, r] of rs.entries()) {
    assert.equal(r.status, 429);
    assert.equal(r.headers.get("retry-after"), "1");
    assert.equal(r.json.error.code, -32029);
    assert.equal(await hits(`fault/retry/storm-retry-after-1/${ns[i]}`), 1);
  }
  await normalCall();
});

test("five 50 MB answers at once: each cut at the cap (502), bounded in time, the Worker still serves", async () => {
  const started = Date.now();
  const rs = await Promise.all(Array.from({ length: 5 }, () => post(ENDPOINT, requestBody("search", `scenario:fault:size/50mb-streamed:${nonce()}`), { "cf-connecting-ip": freshIp() })));
  for (const r of rs) {
    assert.equal(r.status, 502);
    assert.equal(r.json.error.message, "Upstream answer too large");
  }
  assert.ok(Date.now() - started < 10_000, `${Date.now() - started} ms`);
  await normalCall();
});

test("a POST from a page of another site is refused before any upstream call", async () => {
  const before = await hits("by-query");
  for (const origin of ["http://evil.example", "null", "http://app.example.evil", "https://app.example"]) {
    const r = await post(ENDPOINT, requestBody("search", "scenario:ok"), { origin, "cf-connecting-ip": freshIp() });
    assert.equal(r.status, 403, origin);
    assert.equal(r.json.error.code, -32600, origin);
    assert.equal(r.headers.get("access-control-allow-origin"), null, origin);
  }
  assert.equal(await hits("by-query"), before, "no upstream call");
  const allowed = await post(ENDPOINT, requestBody("search", "scenario:ok"), { origin: "http://app.example", "cf-connecting-ip": freshIp() });
  assert.equal(allowed.status, 200);
  const noOrigin = await post(ENDPOINT, requestBody("search", "scenario:ok"), { "cf-connecting-ip": freshIp() });
  assert.equal(noOrigin.status, 200, "servers and scripts send no Origin");
});

// --- SSRF: nothing in a request can choose where the proxy connects ---------------------------

test("no URL, host or header inside a request steers the upstream connection", async () => {
  let canaryHits = 0;
  const canary = http.createServer((req, res) => {
    canaryHits += 1;
    res.end("{}");
  });
  canary.on("connection", () => (canaryHits += 1));
  await new Promise((r) => canary.listen(0, "127.0.0.1", r));
  const evil = `http://127.0.0.1:${canary.address().port}`;
  const hostOnly = `127.0.0.1:${canary.address().port}`;
  try {
    const msg = (parts, metadata = { skillId: "document_search" }, extra = {}) => ({
      jsonrpc: "2.0", id: 7, method: "message/send",
      params: { message: { role: "user", kind: "message", messageId: crypto.randomUUID(), parts, metadata }, ...extra },
    });
    const t = (text) => ({ kind: "text", text });
    const bodies = [
      msg([t(`${evil}/a2a`)]),
      msg([t("scenario:ok")], { skillId: "document_search", url: evil, upstream: evil, endpoint: `${evil}/a2a`, host: hostOnly, baseUrl: evil, headers: { Host: hostOnly, "X-Forwarded-Host": hostOnly } }),
      msg([t("scenario:ok")], undefined, { url: evil, upstreamUrl: evil, configuration: { pushNotificationConfig: { url: `${evil}/push`, token: "x" } } }),
      { ...msg([t("scenario:ok")]), url: evil, upstream: evil, endpoint: evil, host: hostOnly, headers: { host: hostOnly, authorization: "Bearer attacker" } },
      msg([t("scenario:ok"), { kind: "file", file: { uri: `${evil}/file.pdf`, name: "f" } }]),
      msg([{ kind: "data", data: { id: `${evil}/doc`, url: evil } }], { skillId: "document_fetch" }),
      { jsonrpc: "2.0", id: 7, method: "tasks/get", params: { id: `${evil}/task`, url: evil } },
      { jsonrpc: "2.0", id: 7, method: "tasks/cancel", params: { id: evil, metadata: { url: evil } } },
      msg([t(`scenario:ok ${evil} //${hostOnly} ${hostOnly}`)], { skillId: "catholic_qa" }),
      msg([t("scenario:ok")], { skillId: `document_search@${hostOnly}` }),
    ];
    const headerSets = [
      {},
      { "x-forwarded-host": hostOnly, "x-forwarded-proto": "http", forwarded: `host=${hostOnly};proto=http` },
      { "x-original-url": `${evil}/a2a`, "x-rewrite-url": `${evil}/a2a`, "x-upstream-url": evil, "x-host": hostOnly },
      { referer: `${evil}/`, origin: evil },
    ];
    const before = await hits("by-query");
    let forwarded = 0;
    for (const body of bodies) {
      for (const headers of headerSets) {
        // Each request its own query (`scenario:ok:<nonce>` is still `ok`), so that none is answered
        // from the proxy's cache and every one is a forwarding to check.
        const own = JSON.parse(JSON.stringify(body).replaceAll("scenario:ok", `scenario:ok:${crypto.randomUUID()}`));
        const r = await post(ENDPOINT, own, { "cf-connecting-ip": freshIp(), ...headers });
        assert.ok([200, 400, 403].includes(r.status), `${r.status}: ${r.text.slice(0, 120)}`);
        if (headers.origin) assert.equal(r.status, 403, "a page of another site is refused");
        if (r.headers.get("x-magisterium-agent") === "proxy" && r.status === 200 && r.headers.get("x-magisterium-cache") !== "hit") {
          forwarded += 1;
          const last = await (await fetch(`${FAULT_URL}/__last`)).json();
          assert.equal(last.url, "/by-query", "the configured upstream path");
          assert.equal(last.headers.host, new URL(FAULT_URL).host, "the configured upstream host");
          for (const h of ["x-forwarded-host", "forwarded", "x-original-url", "x-rewrite-url", "x-upstream-url", "x-host", "referer", "origin"]) {
            assert.equal(last.headers[h], undefined, `${h} is not forwarded`);
          }
          assert.equal(last.headers.authorization, `Bearer ${PROXY_TOKEN}`);
        }
      }
    }
    // Paths and queries that look like URLs: never a different upstream.
    for (const p of [`/api/v1/a2a?url=${enc(evil)}`, `/api/v1/a2a?upstream=${enc(evil)}&target=${enc(hostOnly)}`, `/api/v1/a2a/${evil}`, `/${evil}/api/v1/a2a`, `//${hostOnly}/api/v1/a2a`]) {
      const r = await new Promise((resolve, reject) => {
        const u = new URL(PROXY_URL);
        const req = http.request({ host: u.hostname, port: u.port, path: p, method: "POST", headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() } }, (res) => {
          let data = "";
          res.on("data", (d) => (data += d));
          res.on("end", () => resolve({ status: res.statusCode, body: data, agent: res.headers["x-magisterium-agent"], cache: res.headers["x-magisterium-cache"] }));
        });
        req.on("error", reject);
        req.end(JSON.stringify(msg([t("scenario:ok")])));
      });
      if (r.agent === "proxy" && r.status === 200 && r.cache !== "hit") {
        forwarded += 1;
        const last = await (await fetch(`${FAULT_URL}/__last`)).json();
        assert.equal(last.url, "/by-query", `${p}: the configured upstream path`);
      }
    }
    // A Host header naming another server changes nothing either.
    const viaHost = await new Promise((resolve, reject) => {
      const u = new URL(PROXY_URL);
      const req = http.request({ host: u.hostname, port: u.port, path: "/api/v1/a2a", method: "POST", headers: { host: hostOnly, "content-type": "application/json", "cf-connecting-ip": freshIp() } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, cache: res.headers["x-magisterium-cache"] }));
      });
      req.on("error", reject);
      req.end(JSON.stringify(msg([t("scenario:ok")])));
    });
    if (viaHost.status === 200 && viaHost.cache !== "hit") forwarded += 1;
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(canaryHits, 0, "the canary server named in the requests was never contacted");
    assert.equal(await hits("by-query"), before + forwarded, "every forwarded call went to the configured upstream, and only those");
    assert.ok(forwarded >= 20, `${forwarded} requests were forwarded`);
  } finally {
    canary.close();
  }
});
