// The in-browser half of the decode and start-up benchmarks. bench/lib/browser.mjs opens this page
// in headless Chromium and calls window.runDecode / window.runStartup.
import init from "/pkg/index.js";
import { CASES } from "./bodies.mjs";
import { MESSAGE_ID } from "./clients.mjs";
import { consume, methods, runDecode } from "./decode.mjs";
import { median } from "./sampling.mjs";

const now = () => performance.now();
window.runDecode = runDecode;

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
