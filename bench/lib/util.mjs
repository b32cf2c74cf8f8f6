// Shared helpers: child processes (started in their own process group, stopped by PID), readiness
// probes, process CPU from /proc, statistics, formatting.
import { spawn, execFileSync } from "node:child_process";
import { readFileSync, readdirSync, openSync, writeSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const OUT = path.join(ROOT, "bench/out");
/** The size budgets the test command holds (bench/budgets.json). */
export const BUDGETS = JSON.parse(readFileSync(path.join(ROOT, "bench", "budgets.json"), "utf8"));
mkdirSync(OUT, { recursive: true });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (...a) => console.error("[bench]", ...a);

const children = new Set();

/** Spawns `cmd args` detached (own process group) with output to bench/out/<name>.log, and to
 *  `onOutput(text)` as it comes when given. */
export function start(name, cmd, args, { env = {}, cwd = ROOT, onOutput } = {}) {
  const logFile = path.join(OUT, `${name}.log`);
  const fd = openSync(logFile, "w");
  const stdio = onOutput ? ["ignore", "pipe", "pipe"] : ["ignore", fd, fd];
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio, detached: true });
  if (onOutput) {
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        writeSync(fd, chunk);
        onOutput(chunk.toString());
      });
    }
  }
  child.logFile = logFile;
  child.name = name;
  child.exited = new Promise((resolve) => child.once("exit", resolve));
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Stops a child we started: SIGTERM to its process group, SIGKILL after 3 s. */
export async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    try { child.kill("SIGTERM"); } catch {}
  }
  const t = setTimeout(() => { try { process.kill(-child.pid, "SIGKILL"); } catch {} }, 3000);
  await child.exited;
  clearTimeout(t);
}

export async function stopAll() {
  await Promise.all([...children].map(stop));
}

/** True once something accepts TCP connections on 127.0.0.1:port. */
export function portOpen(port) {
  return new Promise((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port }, () => { s.destroy(); resolve(true); });
    s.on("error", () => resolve(false));
  });
}

/** Fails when a port of ours is already taken (a server left over from another run). */
export async function assertFree(port) {
  if (await portOpen(port)) throw new Error(`port ${port} is in use; stop what runs there first`);
}

/** Polls `probe()` until it resolves truthy; throws with the child's log after `timeoutMs`. */
export async function waitFor(child, probe, timeoutMs = 60_000, everyMs = 25) {
  const t0 = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${child.name} exited:\n${readFileSync(child.logFile, "utf8").slice(-3000)}`);
    try {
      const v = await probe();
      if (v) return v;
    } catch {}
    if (Date.now() - t0 > timeoutMs) throw new Error(`${child?.name ?? "probe"} not ready after ${timeoutMs} ms:\n${child ? readFileSync(child.logFile, "utf8").slice(-3000) : ""}`);
    await sleep(everyMs);
  }
}

const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** PIDs of `pid` and all its descendants (from /proc/<pid>/stat). */
export function processTree(pid) {
  const parent = new Map();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parent.set(Number(d), Number(rest[1]));
    } catch {}
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [p, pp] of parent) if (pp === out[i]) out.push(p);
  return out;
}

/** utime + stime in ms of these processes, and of each by command name. */
export function cpuMs(pids) {
  let total = 0;
  const byName = {};
  for (const p of pids) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ms = ((Number(rest[11]) + Number(rest[12])) * 1000) / CLK_TCK;
      total += ms;
      byName[name] = (byName[name] ?? 0) + ms;
    } catch {}
  }
  return { total, byName };
}

export function median(xs) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function percentile(xs, q) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[i];
}

export const round = (x, d = 2) => (Number.isFinite(x) ? Number(x.toFixed(d)) : null);
