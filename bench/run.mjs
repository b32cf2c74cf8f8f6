// The benchmark run: size, decode, start-up, proxy, embedded agent, in one process on this
// machine; writes bench/results.json and bench/results.md. Start it with bench/run.sh.
//
//   node bench/run.mjs [--quick] [--only size,decode,startup,workerd,proxy,agent,liturgy]
//   (`workerd`: the start-up in workerd alone, without the browser's)
import { writeFileSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { ROOT, log, stopAll, round } from "./lib/util.mjs";
import { runSize } from "./lib/size.mjs";
import { runBrowser, decodePlans } from "./lib/browser.mjs";
import { runNodeDecode } from "./lib/node-decode.mjs";
import { runProxy, runAgent } from "./lib/http.mjs";
import { runStartup } from "./lib/startup.mjs";
import { runLiturgy } from "./lib/liturgy.mjs";
import { runWorkerdAlone } from "./lib/workerd-alone.mjs";
import { report } from "./lib/report.mjs";

const quick = process.argv.includes("--quick");
const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1].split(",")) : null;
const want = (k) => !only || only.has(k);

// Every port in 19000–19099; wrangler's inspector takes port + 50.
const PORTS = { page: 19001, fault: 19010, proxy: 19020, naive: 19021, isolate: 19022, allLogs: 19023, demo: 19024, noBudget: 19025, agent: 19030, startup: 19040, workerdAlone: 19048 };

const sh = (cmd, args) => {
  try {
    return execFileSync(cmd, args, { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
  } catch {
    return null;
  }
};

// On Ctrl-C / SIGTERM: stop every server, then end by the same signal (its default action).
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.once(sig, async () => {
    await stopAll();
    process.kill(process.pid, sig);
  });
}

const started = Date.now();
const meta = {
  date: new Date().toISOString(),
  commit: sh("git", ["rev-parse", "--short", "HEAD"]),
  dirty: (sh("git", ["status", "--porcelain", "--", "src", "Cargo.toml", "Cargo.lock"]) ?? "") !== "",
  quick,
  machine: {
    cpu: (readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/) ?? [])[1] ?? os.cpus()[0]?.model,
    cores: os.cpus().length,
    memGiB: round(os.totalmem() / 2 ** 30, 1),
    os: (readFileSync("/etc/os-release", "utf8").match(/PRETTY_NAME="(.*)"/) ?? [])[1],
    loadAvgStart: os.loadavg().map((x) => round(x, 2)),
  },
  node: process.version,
  wrangler: sh(path.join(ROOT, "node_modules/.bin/wrangler"), ["--version"])?.split("\n").pop(),
  rustc: sh("rustc", ["--version"]),
};

const results = { meta };
try {
  if (want("size")) results.size = await runSize();
  if (want("decode") || want("startup")) {
    const b = await runBrowser(PORTS.page, { quick });
    meta.chromium = b.chromium;
    meta.crossOriginIsolated = b.crossOriginIsolated;
    results.decode = b.decode;
    results.startupBrowser = b.startup;
  }
  if (want("decode")) {
    log("decode in Node");
    const n = runNodeDecode(decodePlans(quick));
    results.decodeNode = n.cases;
  }
  if (want("startup") || want("workerd")) {
    results.startupWorkerd = await runStartup(PORTS, { quick });
    results.workerdAlone = await runWorkerdAlone(PORTS, { quick });
  }
  if (want("proxy")) results.proxy = await runProxy(PORTS, { quick });
  if (want("agent")) results.agent = await runAgent(PORTS, { quick });
  if (want("liturgy")) results.liturgy = await runLiturgy({ quick });
} finally {
  await stopAll();
}
meta.loadAvgEnd = os.loadavg().map((x) => round(x, 2));
meta.seconds = round((Date.now() - started) / 1000, 1);

const { markdown, targets } = report(results);
results.targets = targets;
const out = only ? "bench/out/partial" : "bench/results";
writeFileSync(path.join(ROOT, `${out}.json`), JSON.stringify(results, null, 2) + "\n");
writeFileSync(path.join(ROOT, `${out}.md`), markdown);
log(`wrote ${out}.json and ${out}.md in ${meta.seconds} s`);
for (const t of targets) log(`${t.met === true ? "MET   " : t.met === false ? "MISSED" : "n/a   "} ${t.target}: ${t.measured}`);
