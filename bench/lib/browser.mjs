// Decode and start-up in headless Chromium: a static server on 127.0.0.1 (COOP/COEP on, so
// performance.now() has 5 µs resolution) serves pkg/ and bench/page/; Playwright drives the page.
import http from "node:http";
import { readFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ROOT, log } from "./util.mjs";

const TYPES = { ".js": "text/javascript", ".mjs": "text/javascript", ".html": "text/html", ".wasm": "application/wasm", ".json": "application/json" };
const ALLOWED = ["/pkg/", "/bench/page/", "/bench/out/a2a-sdk.mjs"];

/** Serves pkg/ (or `pkgDir` in its place, e.g. a build with function names for profiling). */
export function staticServer(port, { pkgDir = path.join(ROOT, "pkg") } = {}) {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    const p = decodeURIComponent(url.pathname);
    if (p.includes("..") || !ALLOWED.some((a) => p.startsWith(a))) {
      res.writeHead(404).end();
      return;
    }
    try {
      const file = p.startsWith("/pkg/") ? path.join(pkgDir, p.slice(5)) : path.join(ROOT, p);
      const body = await readFile(file);
      res.writeHead(200, {
        "content-type": TYPES[path.extname(p)] ?? "application/octet-stream",
        "cache-control": "no-store",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-embedder-policy": "require-corp",
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

export const CHROMIUM_ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
];

/** Runs `fn(page)` in a fresh persistent context with the system Chromium, on our page. */
export async function withPage(port, fn) {
  const { chromium } = await import(path.join(ROOT, "node_modules/playwright-core/index.mjs"));
  const profile = await mkdtemp(path.join(os.tmpdir(), "bench-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(`http://127.0.0.1:${port}/bench/page/index.html`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 }).catch((e) => {
      throw new Error(`bench page did not get ready: ${errors.join("; ") || e.message}`);
    });
    const isolated = await page.evaluate(() => globalThis.crossOriginIsolated);
    const version = context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
    return await fn(page, { isolated, version });
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** Iterations per case: batches so a sample lasts well above the timer resolution. */
export function decodePlans(quick) {
  const k = quick ? 0.25 : 1;
  const r = (x) => Math.max(3, Math.round(x * k));
  return {
    "search 2 KB": { batch: 100, rounds: r(40), warmup: 300 },
    "qa 50 KB (40 citations)": { batch: 10, rounds: r(40), warmup: 50 },
    // The budgets' cases: more rounds, so the bytes bodies' ratios (a few ms a call) hold still.
    "document 1 MB": { batch: 1, rounds: r(121), warmup: 5 },
    "document 5 MB": { batch: 1, rounds: r(61), warmup: 3 },
  };
}

export async function runBrowser(port, { quick = false } = {}) {
  const server = await staticServer(port);
  try {
    log("decode + start-up in Chromium");
    return await withPage(port, async (page, info) => {
      page.setDefaultTimeout(600_000);
      const startup = await page.evaluate((n) => window.runStartup(n), quick ? 5 : 15);
      const decode = await page.evaluate((plans) => window.runDecode(plans), decodePlans(quick));
      return { chromium: info.version, crossOriginIsolated: info.isolated, startup, decode: decode.cases };
    });
  } finally {
    server.close();
  }
}
