// The in-browser half of the decode and start-up benchmarks. bench/lib/browser.mjs opens this page
// in headless Chromium and calls window.runDecode / window.runStartup.
import init, { decodeResponse } from "/pkg/index.js";
import { CASES, pick } from "./bodies.mjs";
import { MESSAGE_ID, inMemoryClients } from "./clients.mjs";
import { median, quantile, rng, shuffled } from "./sampling.mjs";

const now = () => performance.now();

let sink = 0; // keeps results alive so nothing is optimised away
const consume = (r) => {
  sink = (sink + (r?.task?.id?.length ?? 1)) | 0;
};

/** The methods compared; `sync` ones run in a plain loop, the others are awaited one by one. */
function methods(c, bodies) {
  let current = bodies.ours;
  let currentA2a = bodies.a2a;
  const clients = inMemoryClients(
    c,
    () => Promise.resolve(new Response(current)),
    () => Promise.resolve(new Response(currentA2a)),
  );
  return [
    { id: "floor", label: "JSON.parse + pick (floor)", sync: true, run: () => pick(c.skill, JSON.parse(current)) },
    { id: "decode", label: "ours: decodeResponse", sync: true, run: () => decodeResponse(c.skill, current) },
    { id: "floor_fetch", label: "Response.json() + pick (fetch floor)", run: async () => pick(c.skill, await new Response(current).json()) },
    { id: "client", label: `ours: client.${c.method} (in-memory fetch)`, run: clients.ours },
    { id: "a2a", label: "@a2a-js/sdk 0.3.14 A2AClient.sendMessage + pick", run: clients.a2a },
  ];
}

/** Same typed result from every method (compared as JSON). */
async function check(c, ms) {
  const want = JSON.stringify(ms[0].run());
  const out = {};
  for (const m of ms) {
    const got = JSON.stringify(m.sync ? m.run() : await m.run());
    out[m.id] = got === want;
  }
  return out;
}

/**
 * Decode benchmark. `plan` per case: { batch, rounds, warmup }. Methods run interleaved, one batch
 * of each per round, so drift and GC hit them alike; the order is drawn afresh each round (seeded),
 * so no method always follows the same one and pays for its garbage. A sample is a batch's mean.
 */
window.runDecode = async function runDecode(plans) {
  const out = [];
  for (const c of CASES) {
    const plan = plans[c.name];
    if (!plan) continue;
    const bodies = { ours: c.make(MESSAGE_ID), a2a: c.make(1) };
    const ms = methods(c, bodies);
    const same = await check(c, ms);
    for (const m of ms) for (let i = 0; i < plan.warmup; i++) consume(m.sync ? m.run() : await m.run());
    const samples = Object.fromEntries(ms.map((m) => [m.id, []]));
    const random = rng(7);
    for (let r = 0; r < plan.rounds; r++) {
      for (const m of shuffled(ms, random)) {
        let t0, t1;
        if (m.sync) {
          t0 = now();
          for (let i = 0; i < plan.batch; i++) consume(m.run());
          t1 = now();
        } else {
          t0 = now();
          for (let i = 0; i < plan.batch; i++) consume(await m.run());
          t1 = now();
        }
        samples[m.id].push((t1 - t0) / plan.batch);
      }
      await new Promise((r) => setTimeout(r, 0)); // let the page breathe between rounds
    }
    out.push({
      case: c.name,
      skill: c.skill,
      bytes: new TextEncoder().encode(bodies.ours).length,
      batch: plan.batch,
      rounds: plan.rounds,
      methods: ms.map((m) => ({
        id: m.id,
        label: m.label,
        sameResult: same[m.id],
        medianMs: median(samples[m.id]),
        p10Ms: quantile(samples[m.id], 0.1),
        p90Ms: quantile(samples[m.id], 0.9),
      })),
    });
  }
  return { cases: out, sink };
};

/** `bytes` with a custom section appended (name "bench", `nonce` in it): same code, new bytes, so
 *  the engine's in-memory module cache cannot serve a compile. */
function withNonce(bytes, nonce) {
  const name = new TextEncoder().encode("bench");
  const payload = new TextEncoder().encode(String(nonce));
  const body = [name.length, ...name, ...payload];
  const leb = [];
  let n = body.length;
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    leb.push(b);
  } while (n);
  const out = new Uint8Array(bytes.length + 1 + leb.length + body.length);
  out.set(bytes, 0);
  out.set([0, ...leb, ...body], bytes.length);
  return out;
}

/**
 * Start-up: N times, a fresh copy of the JS glue (import with a query string: a new module
 * instance) and `init({ module_or_path })` from bytes (compile + instantiate + start), and
 * separately `WebAssembly.compile` alone and `init` from an already compiled module.
 */
window.runStartup = async function runStartup(n) {
  const bytes = new Uint8Array(await (await fetch("/pkg/magisterium_a2a_bg.wasm")).arrayBuffer());
  const rows = { importGlue: [], initFromBytes: [], compileOnly: [], initFromModule: [], firstCall: [] };
  for (let i = 0; i < n; i++) {
    let t0 = now();
    const glue = await import(`/pkg/magisterium_a2a.js?fresh=${i}-${Math.random()}`);
    rows.importGlue.push(now() - t0);
    const b = withNonce(bytes, `${i}-${Math.random()}`);
    t0 = now();
    await glue.default({ module_or_path: b });
    rows.initFromBytes.push(now() - t0);
    const body = CASES[0].make("x");
    t0 = now();
    glue.decodeResponse("document_search", body);
    rows.firstCall.push(now() - t0);

    const b2 = withNonce(bytes, `c${i}-${Math.random()}`);
    t0 = now();
    const module = await WebAssembly.compile(b2);
    rows.compileOnly.push(now() - t0);
    const glue2 = await import(`/pkg/magisterium_a2a.js?fresh=m${i}-${Math.random()}`);
    t0 = now();
    await glue2.default({ module_or_path: module });
    rows.initFromModule.push(now() - t0);
  }
  const summary = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, { medianMs: median(v), minMs: Math.min(...v), maxMs: Math.max(...v) }]));
  return { n, wasmBytes: bytes.length, ...summary };
};

await init();
document.body.textContent = "ready";
document.body.dataset.ready = "1";

// Profiling hooks for bench/profile.mjs: one method of one case, called in a loop.
let profiled;
window.prepareProfile = async (which, id) => {
  const c = CASES.find((x) => x.name === which);
  const m = methods(c, { ours: c.make(MESSAGE_ID), a2a: c.make(1) }).find((x) => x.id === id);
  for (let i = 0; i < 50; i++) consume(m.sync ? m.run() : await m.run());
  profiled = m;
};
window.runProfile = async (n) => {
  const t0 = now();
  for (let i = 0; i < n; i++) consume(profiled.sync ? profiled.run() : await profiled.run());
  return now() - t0;
};
