// A/B of two builds of the proxy's wasm package (dist/pkg-proxy) in one run: the real entry's own
// time per request inside the isolate (the isolate harness, bench/workers/isolate/), both builds
// served at once and timed in alternating order, median of the repetitions. For judging one
// change of the Worker's build (an opt-level, an allocator) without the noise of two bench runs
// on a shared machine:
//
//   node bench/worker-ab.mjs <pkgDirA> <pkgDirB> [--n 201] [--reps 15] [--request v0|v1]
//
// `--request v1` sends an A2A 1.0 `SendMessage` (through the front door) instead of the 0.2.6
// `message/send`. Ports 19033–19034 (inspectors + 50). Run after scripts/build.sh.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { OUT, ROOT, log, median, stop, waitFor } from "./lib/util.mjs";
import { wranglerDev, post } from "./lib/http.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const dirs = process.argv.slice(2, 4).map((d) => path.resolve(d));
if (dirs.length !== 2) throw new Error("usage: node bench/worker-ab.mjs <pkgDirA> <pkgDirB> [--n 201] [--reps 15] [--request v0|v1]");
const n = Number(arg("--n", "201"));
const reps = Number(arg("--reps", "15"));
const request = arg("--request", "v0");
const PORTS = [19033, 19034];
// As the proxy bench runs the isolate harness (bench/lib/http.mjs); the upstream is answered in memory.
const vars = { UPSTREAM_URL: "http://127.0.0.1:9/in-memory", MAGISTERIUM_TOKEN: "x", PROXY_RATE_LIMITS: "off" };

/** A copy of the isolate harness's config whose "magisterium-worker" is the package in `dir`. */
function config(label, dir) {
  const at = path.join(OUT, `worker-ab-${label}`);
  mkdirSync(at, { recursive: true });
  const file = path.join(at, "wrangler.toml");
  const main = path.join(ROOT, "bench/workers/isolate/worker.js");
  writeFileSync(file, `name = "bench-worker-ab-${label.toLowerCase()}"\nmain = ${JSON.stringify(main)}\ncompatibility_date = "2026-11-01"\nsend_metrics = false\n[alias]\n"magisterium-worker" = ${JSON.stringify(path.join(dir, "worker.js"))}\n`);
  return file;
}

const url = (port, k) => `http://127.0.0.1:${port}/?target=ours&n=${k}&request=${request}`;
async function time(port, k) {
  const r = await post(url(port, k), "");
  if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.text.slice(0, 300)}`);
  if (JSON.parse(r.text).agent !== "proxy") throw new Error(`answered as ${JSON.parse(r.text).agent}, not as the proxy`);
  return r.ms;
}

const workers = ["A", "B"].map((label, i) => wranglerDev(`worker-ab-${label}`, PORTS[i], { config: config(label, dirs[i]), vars }));
try {
  for (const [i, w] of workers.entries()) await waitFor(w, async () => (await post(url(PORTS[i], 1), "")).status === 200, 90_000, 200);
  for (const port of PORTS) for (let i = 0; i < 3; i++) await time(port, n); // warm-up (JIT, wasm tier-up)
  const per = [[], []];
  for (let r = 0; r < reps; r++) {
    for (const i of r % 2 ? [1, 0] : [0, 1]) {
      const one = await time(PORTS[i], 1);
      const many = await time(PORTS[i], n);
      per[i].push((many - one) / (n - 1));
    }
  }
  log(`isolate: the real entry, ${request} request, ${n} per request, median of ${reps} alternating`);
  console.log("| build | ms per request (median) | min | max |\n| --- | ---: | ---: | ---: |");
  for (const [i, label] of ["A", "B"].entries()) {
    const xs = per[i];
    console.log(`| ${label}: ${path.relative(ROOT, dirs[i]) || dirs[i]} | ${median(xs).toFixed(4)} | ${Math.min(...xs).toFixed(4)} | ${Math.max(...xs).toFixed(4)} |`);
  }
  console.log(`B ÷ A: ${(median(per[1]) / median(per[0])).toFixed(3)}`);
} finally {
  for (const w of workers) await stop(w);
}
