// Shared helpers of the JavaScript tests: loopback URLs, a package consumer folder, JSON-RPC calls.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const AGENT_URL = process.env.MAGISTERIUM_AGENT_URL ?? "http://127.0.0.1:18787";
export const FAULT_URL = process.env.MAGISTERIUM_FAULT_URL ?? "http://127.0.0.1:18900";

const scratchDirs = [];
process.once("exit", () => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

/** A fresh folder in the OS's temporary folder, removed when this test process exits. */
export function scratchDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratchDirs.push(dir);
  return dir;
}

/** A folder under test-output/ whose node_modules/magisterium-a2a is pkg/, as after `npm install`. */
export function consumerDir(name) {
  const dir = path.join(root, "test-output", name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  symlinkSync(path.join(root, "pkg"), path.join(dir, "node_modules", "magisterium-a2a"), "dir");
  return dir;
}

export function writeFile(dir, name, text) {
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
}

/** `res` as `{ status, headers, body }`, its body parsed when it is JSON (else its text). */
export async function answerOf(res) {
  const text = await res.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body };
}

let nextId = 1;
/** One raw JSON-RPC call; returns { status, headers, body } with the body parsed when JSON. */
export async function rpc(method, params, { url = `${AGENT_URL}/api/v1/a2a`, headers = {}, raw } = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: raw ?? JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
  });
  return answerOf(res);
}

/** `message/send` to a skill with one text part (or the given parts). */
export function send(skillId, input, options) {
  const parts = typeof input === "string" ? [{ kind: "text", text: input }] : input;
  const message = { role: "user", kind: "message", messageId: crypto.randomUUID(), parts };
  if (skillId !== undefined) message.metadata = { skillId };
  return rpc("message/send", { message }, options);
}

/** The error a promise rejects with (fails when it resolves). */
export async function rejection(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  assert.fail("expected a rejection");
}

export const PROXY_URL = process.env.MAGISTERIUM_PROXY_URL ?? "http://127.0.0.1:18789";
export const PROXY_TOKEN = process.env.MAGISTERIUM_PROXY_TOKEN ?? "proxy-secret-token";

/**
 * Starts `cmd args` in its own process group (stdout and stderr kept whole, or their last `keep`
 * characters: a test may read a line the service printed long ago) and resolves once `ready()` holds (tried every 500 ms, up to `tries` times, while the process
 * lives). `node_modules/.bin` comes first on its PATH: wrangler needs the Node 22 installed there.
 * Resolves to { pid, log(), stop(), exited } (`stop` kills the group; `exited` settles on exit).
 */
export async function spawnService(cmd, args, { cwd = root, env = {}, ready, tries = 120, what = cmd, keep = Infinity } = {}) {
  const { spawn } = await import("node:child_process");
  const PATH = `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`;
  const child = spawn(cmd, args, {
    cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PATH, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", ...env },
  });
  let log = "";
  const append = (d) => {
    log += d;
    if (log.length > keep) log = log.slice(-keep);
  };
  child.stdout.on("data", append);
  child.stderr.on("data", append);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = () => {
    try {
      process.kill(-child.pid);
    } catch {}
  };
  for (let i = 0; i < tries && child.exitCode === null && child.signalCode === null; i++) {
    if (await ready().catch(() => false)) return { pid: child.pid, log: () => log, stop, exited };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`${what} did not start:\n${log}`);
}

/** `probe` answers over HTTP at all (any status), within 2 s. */
export const answers = (url) => () => fetch(url, { signal: AbortSignal.timeout(2000) }).then(() => true);

/** Starts the fault server (tests/servers/fault-server.mjs) on `port`, as `spawnService` does
 *  (`options` are its), resolving once it answers. */
export const startFaultServer = (port, options = {}) =>
  spawnService(process.execPath, [path.join(root, "tests", "servers", "fault-server.mjs"), String(port)], {
    ready: answers(`http://127.0.0.1:${port}/__count/x`),
    what: `the fault server on ${port}`,
    ...options,
  });

/** Starts `wrangler dev` in `cwd` on `port` (own process group) and resolves once it answers `probe`.
 *  Its state (Durable Objects, cache) is fresh (a scratch folder), or `state`'s folder (a restart
 *  on the same state). */
export async function startWrangler(cwd, port, args = [], probe = "/", { state: kept } = {}) {
  const state = kept ?? scratchDir("wrangler-state-");
  const service = await spawnService(path.join(root, "node_modules", ".bin", "wrangler"),
    // Its inspector on a port of its own (port + 10000, below the OS's ephemeral ports, where a
    // client's socket may sit): left to wrangler, two starts at once could pick the same free port
    // ("Address already in use (socket direct:1:default)").
    ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(port + 10000), "--show-interactive-dev-session=false", "--persist-to", state, ...args],
    { cwd, ready: answers(`http://127.0.0.1:${port}${probe}`), what: `wrangler dev on ${port}` });
  return { ...service, state };
}

/** A headless Chromium (Debian's) with a fresh profile, loopback only. */
export async function launchChromium() {
  const { chromium } = await import("playwright-core");
  return chromium.launchPersistentContext(scratchDir("chromium-"), {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
}

/** A test's fixed port, moved by MAGISTERIUM_TEST_PORT_OFFSET (a second test run on the same
 *  machine picks another range). */
export const port = (p) => p + Number(process.env.MAGISTERIUM_TEST_PORT_OFFSET ?? 0);

/** The cookies a browser holds for one site: `take(response)` applies its `Set-Cookie` headers
 *  (Max-Age=0 removes), `header()` is the `Cookie` header it then sends, `get(name)` one value. */
export class CookieJar {
  constructor(header = null) {
    this.cookies = new Map();
    for (const part of (header ?? "").split(";")) {
      const [name, ...value] = part.trim().split("=");
      if (name) this.cookies.set(name, value.join("="));
    }
  }

  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair.trim().split("=");
      const removed = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (removed) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
    return response;
  }

  get(name) {
    return this.cookies.get(name);
  }

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
