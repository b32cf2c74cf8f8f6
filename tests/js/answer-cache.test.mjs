// The answer cache in real workerd (issue 43): a parish site's 64 visitors through the proxy to the
// fault server's /service, which has the service's real limits (15 calls a minute per token, 2 of
// them Q&A), the per-visitor limits lifted (each visitor its own address). Every visitor loads the
// readings and the saints of 3 dates (one of them "tomorrow", resolved by the proxy), 5 lookups and
// 5 documents: 16 answers that do not change. Every visitor is answered (a 429 is waited out once,
// as the SDK does: 16 keys are one more than a minute's budget), the upstream sees at most one
// call per key, every answer is the visitor's own Task, and after a restart of workerd on the same
// state (--persist-to: the Cache API persists) every visitor is answered from the cache.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { port, root, startFaultServer, startWrangler } from "./helpers.mjs";

const VISITORS = 64;
const FAULT_PORT = port(18880);
const PROXY_PORT = port(18881);
const FAULT = `http://127.0.0.1:${FAULT_PORT}`;
const TOKEN = `cache-secret-${process.pid}`;
const children = [];
after(() => children.forEach((stop) => stop()));

const text = (t) => ({ kind: "text", text: t });
const data = (d) => ({ kind: "data", data: d });
/** What every visitor's page asks for: [skillId, part]. */
const PAGE = [
  ...["2026-12-08", "tomorrow", "2026-12-25"].flatMap((d) => [["liturgical_readings", text(d)], ["saints_of_the_day", text(d)]]),
  ["pope_lookup", text("Leo XIV")], ["saint_lookup", text("Saint Joseph")], ["person_lookup", text("Pietro Parolin")],
  ["diocese_lookup", text("Rome")], ["diocese_statistics_lookup", text("Rome")],
  ...["rerum-novarum", "laudato-si", "fratelli-tutti", "dilexit-nos", "lumen-gentium"].map((id) => ["document_fetch", data({ id })]),
];

async function startFault() {
  const fault = await startFaultServer(FAULT_PORT);
  children.push(() => fault.stop());
}

const startProxy = (state) => startWrangler(root, PROXY_PORT, ["-c", "wrangler.proxy.toml", ...[
  `UPSTREAM_URL:${FAULT}/service`, `MAGISTERIUM_TOKEN:${TOKEN}`, "OAUTH_ISSUER:", "ALLOW_ANONYMOUS:on",
  "PROXY_RATE_LIMITS:off", "UPSTREAM_PER_MINUTE:15", "UPSTREAM_QA_PER_MINUTE:2",
].flatMap((v) => ["--var", v])], "/auth/session", { state });

const count = async (key) => (await (await fetch(`${FAULT}/__count/${key}`)).json()).count;

/** One call of visitor `v`, a 429 waited out (its Retry-After) and asked again, at most twice. */
async function call(v, i, [skillId, part]) {
  const ids = { messageId: `msg-${v}-${i}-${crypto.randomUUID()}`, contextId: `ctx-${v}-${i}` };
  const body = JSON.stringify({ jsonrpc: "2.0", id: `${v}-${i}`, method: "message/send",
    params: { message: { role: "user", kind: "message", ...ids, parts: [part], metadata: { skillId } } } });
  for (let attempt = 0; ; attempt++) {
    const r = await fetch(`http://127.0.0.1:${PROXY_PORT}/api/v1/a2a`, {
      method: "POST", body, headers: { "content-type": "application/json", "cf-connecting-ip": `198.51.100.${v}` },
    });
    const answer = { status: r.status, mark: r.headers.get("x-magisterium-cache"), json: await r.json().catch(() => null), ids, skillId, refused: attempt };
    if (r.status !== 429 || attempt === 2) return answer;
    await new Promise((ok) => setTimeout(ok, Number(r.headers.get("retry-after") ?? 60) * 1000));
  }
}

/** Every visitor loads the page (its calls at once), the visitors a few ms apart. */
async function visit() {
  return (await Promise.all(Array.from({ length: VISITORS }, async (_, v) => {
    await new Promise((ok) => setTimeout(ok, v * 20));
    return Promise.all(PAGE.map((asked, i) => call(v, i, asked)));
  }))).flat();
}

/** Every answer a completed Task of the visitor's own, marked. */
function checkAnswers(answers) {
  for (const a of answers) {
    assert.equal(a.status, 200, `${a.skillId}: ${JSON.stringify(a.json)?.slice(0, 200)}`);
    const task = a.json.result;
    assert.equal(task.status.state, "completed");
    assert.equal(task.contextId, a.ids.contextId, "the visitor's own contextId");
    if (task.history) assert.equal(task.history[0].messageId, a.ids.messageId, "the visitor's own message");
    assert.ok(["hit", "miss"].includes(a.mark), `x-magisterium-cache: ${a.mark}`);
    if (a.mark === "hit") assert.equal(task.metadata.cache, "hit");
  }
}

/** The upstream's calls per key: at most one each. */
async function upstreamPerKey() {
  for (const [skillId, part] of PAGE) {
    if (part.text === "tomorrow") continue; // sent upstream as its date, counted under it
    const input = part.text ?? part.data.id;
    const n = await count(`service/${skillId}/${encodeURIComponent(input)}`);
    assert.ok(n <= 1, `${skillId} ${input}: ${n} upstream calls`);
  }
  return { keys: PAGE.length, all: await count("service"), refusedByService: await count("service/refused") };
}

test(`${VISITORS} visitors of a parish site, the service's own limits, and a restart`, { timeout: 240_000 }, async () => {
  await startFault();
  let proxy = await startProxy();
  children.push(proxy.stop);
  const first = await visit();
  checkAnswers(first);
  const upstream = await upstreamPerKey();
  assert.ok(upstream.all <= PAGE.length, `the upstream saw ${upstream.all} calls for ${PAGE.length} keys`);
  assert.equal(upstream.refusedByService, 0, "the proxy never sent the service more than its limit");
  const hits = first.filter((a) => a.mark === "hit").length;
  assert.ok(hits >= first.length - PAGE.length, `${hits} hits of ${first.length}`);
  // The same state after a restart: every answer from the cache, the upstream not asked again.
  proxy.stop();
  await proxy.exited;
  proxy = await startProxy(proxy.state);
  children.push(proxy.stop);
  const again = await visit();
  checkAnswers(again);
  assert.deepEqual(again.filter((a) => a.mark !== "hit").map((a) => a.skillId), [], "every answer a hit after the restart");
  assert.equal(await count("service"), upstream.all, "no upstream call after the restart");
  // The Worker's logs count the cache's answers per skill.
  assert.match(proxy.log(), /"cacheCounts":\{"[a-z_]+":\{"hit":\d+/);
  console.log(JSON.stringify({ visitors: VISITORS, calls: first.length, upstream, firstHits: hits, waitedOut: first.filter((a) => a.refused).length }));
});
