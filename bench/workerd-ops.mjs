// Times single platform operations of the proxy's entry inside workerd (bench/workers/isolate/ops.js):
// a Response's headers as an object or as pairs, a Request, a time budget, a URL, a header lookup,
// a wasm call and a string decode. Same method as the isolate bench:
// one request runs an operation 20 × n times, timed from outside as (T(n) − T(1)) / (n − 1) / 20,
// median of the repetitions, minus the empty loop's own cost. Not part of bench/run.sh.
//
//   node bench/workerd-ops.mjs [--n 201] [--reps 11]      (after scripts/build.sh; port 19026)
import path from "node:path";
import { ROOT, log, stop, waitFor, median } from "./lib/util.mjs";
import { wranglerDev, post } from "./lib/http.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const n = arg("--n", 201);
const reps = arg("--reps", 11);
const PORT = 19026; // inspector on 19076
const OPS = ["noop", "responseHeadersObject", "responseHeadersPairs", "request4Headers", "abortSignalTimeout", "abortControllerAndTimer", "newUrl", "headersGet", "wasmCall", "textDecode40Bytes"];

const worker = wranglerDev("workerd-ops", PORT, {
  config: path.join(ROOT, "bench/workers/isolate/wrangler.toml"),
  vars: { UPSTREAM_URL: "http://127.0.0.1:9/unused", MAGISTERIUM_TOKEN: "x", PROXY_RATE_LIMITS: "off" },
});
const time = async (op, k) => {
  const r = await post(`http://127.0.0.1:${PORT}/?target=op:${op}&n=${k}`, "");
  if (r.status !== 200) throw new Error(`${op}: HTTP ${r.status}: ${r.text.slice(0, 300)}`);
  return r.ms;
};
try {
  await waitFor(worker, async () => (await post(`http://127.0.0.1:${PORT}/?target=op:noop&n=1`, "")).status === 200, 90_000, 200);
  for (const op of OPS) await time(op, n); // warm-up
  const per = Object.fromEntries(OPS.map((op) => [op, []]));
  for (let r = 0; r < reps; r++) {
    for (const op of OPS) {
      const one = await time(op, 1);
      const many = await time(op, n);
      per[op].push(((many - one) / (n - 1) / 20) * 1000);
    }
  }
  const loop = median(per.noop);
  log(`workerd: ${n} calls × 20 per request, median of ${reps}; the empty loop (${loop.toFixed(2)} µs a call) taken off`);
  console.log("| operation | µs per call |\n| --- | ---: |");
  for (const op of OPS.slice(1)) console.log(`| ${op} | ${(median(per[op]) - loop).toFixed(2)} |`);
} finally {
  await stop(worker);
}
