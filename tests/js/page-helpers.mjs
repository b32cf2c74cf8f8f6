// Helpers of the demo-page tests: Debian's Chromium through playwright-core, loopback only.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import assert from "node:assert/strict";
import { after, before } from "node:test";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { AGENT_URL, root, startWrangler } from "./helpers.mjs";

export const SCREENSHOTS = path.join(root, "test-output", "screenshots");

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** A fresh headless Chromium profile; `close()` also removes the profile folder. */
export async function launchBrowser(options = {}) {
  const profile = mkdtempSync(path.join(os.tmpdir(), "page-test-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    reducedMotion: "reduce",
    ...options,
  });
  // Nothing may leave the loopback interface.
  await context.route(/^(?!https?:\/\/127\.0\.0\.1[:/]).*/, (route) => route.abort("blockedbyclient"));
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * One headless Chromium for the demo-page tests of a file (launched in `before`, closed in `after`),
 * and its `withPage(body, options)`.
 */
export function demoPages() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  /** Runs `body` with a fresh page of the demo; asserts no console error, page error or CSP violation. */
  return async function withPage(body, { base = AGENT_URL, allow = [], ...options } = {}) {
    const page = await openPage(browser.context, base, options);
    try {
      await body(page);
      assert.deepEqual(await problems(page, allow), [], "console errors, page errors or CSP violations");
    } finally {
      await page.close();
    }
  };
}

/**
 * Opens the demo page at `base` and waits for `body[data-ready="1"]`. Console errors, page errors and
 * CSP violations are collected in `page.problems` (tests assert it stays empty). `setup(page)` runs
 * before the page loads (e.g. to route requests).
 */
export async function openPage(context, base, { width = 1280, height = 900, setup } = {}) {
  const page = await context.newPage();
  if (setup) await setup(page);
  page.problems = [];
  page.on("pageerror", (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") page.problems.push(`console: ${m.text()} @ ${m.location()?.url ?? ""}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations = [...(window.__cspViolations ?? []), `${e.violatedDirective} ${e.blockedURI}`];
    });
  });
  await page.setViewportSize({ width, height });
  await page.goto(`${base}/`);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 20_000 });
  return page;
}

/** Console errors, page errors and CSP violations seen so far, ignoring `allowed` patterns. */
export async function problems(page, allowed = []) {
  const csp = await page.evaluate(() => window.__cspViolations ?? []);
  return [...page.problems, ...csp.map((v) => `csp: ${v}`)].filter((p) => !allowed.some((re) => re.test(p)));
}

/** Clicks a skill in the list. */
export async function pickSkill(page, skillId) {
  await page.click(`button.skill[data-skill="${skillId}"]`);
  await page.waitForFunction((id) => document.querySelector(`button.skill[data-skill="${id}"]`)?.getAttribute("aria-pressed") === "true", skillId);
}

/** Waits until the running call ended and focus went to the answer heading (or an error heading). */
export async function waitForAnswer(page, { timeout = 20_000 } = {}) {
  await page.waitForFunction(
    () => {
      const answer = document.getElementById("answer");
      const active = document.activeElement;
      return answer.getAttribute("aria-busy") === "false" && active && (active.id === "answer-heading" || active.classList.contains("error-title"));
    },
    undefined,
    { timeout },
  );
}

/** Submits the form with the submit button and waits for the answer. */
export async function submit(page) {
  await page.click("#submit");
  await waitForAnswer(page);
}

/** The answer's title and body text. */
export async function answer(page) {
  return page.evaluate(() => ({
    title: document.getElementById("answer-heading").textContent,
    text: document.getElementById("answer-body").innerText,
  }));
}

/**
 * Screenshots of the page at 1280 and 360 px wide: test-output/screenshots/<name>-1280.png and -360.png.
 * Full page from the top, or (`fullPage: false`) the viewport with `at` scrolled to its top; the
 * viewport size is put back afterwards.
 */
export async function screenshots(page, name, { fullPage = true, at = null } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  const files = [];
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.evaluate((sel) => {
      if (sel) document.querySelector(sel).scrollIntoView({ block: "start" });
      else window.scrollTo(0, 0);
    }, at);
    await page.waitForTimeout(50);
    const file = path.join(SCREENSHOTS, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage });
    files.push(file);
  }
  await page.setViewportSize(size);
  return files;
}

/** The page is no wider than the viewport (no horizontal scrolling at 360 px). */
export function horizontalOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Starts `wrangler dev` for this repository on 127.0.0.1:`port` with extra `--var`s (fresh state);
 * resolves once the agent card answers. `stop()` kills the process group.
 */
export async function startWorker(port, vars = []) {
  const args = [...vars, `ALLOWED_ORIGINS:http://127.0.0.1:${port}`].flatMap((v) => ["--var", v]);
  const worker = await startWrangler(root, port, args, "/.well-known/agent.json");
  return { ...worker, url: `http://127.0.0.1:${port}` };
}

/** Routes `/auth/session` to this answer (the Worker's sign-in state as the page sees it). */
export function routeSession(page, session) {
  return page.route("**/auth/session", (route) =>
    route.fulfill({ contentType: "application/json", headers: { "cache-control": "no-store" }, body: JSON.stringify({ expiresAt: null, anonymousAllowed: true, ...session }) }),
  );
}

/** A JSON-RPC answer to the `message/send` in `route`'s request: `result` or `error`, same id. */
export async function fulfilRpc(route, { result, error, status = 200, headers = {} }) {
  let id = null;
  try {
    id = JSON.parse(route.request().postData() ?? "{}").id ?? null;
  } catch {}
  const body = error ? { jsonrpc: "2.0", id, error } : { jsonrpc: "2.0", id, result };
  await route.fulfill({ status, contentType: "application/json", headers, body: JSON.stringify(body) });
}

/** A completed A2A task with one artifact of these parts. */
export function completedTask(artifactName, parts) {
  return {
    kind: "task",
    id: "task-fixture-0001",
    contextId: "ctx-fixture-0001",
    status: { state: "completed", timestamp: new Date().toISOString() },
    artifacts: [{ artifactId: "art-fixture-0001", name: artifactName, parts }],
  };
}

const CONTENT_TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json", ".css": "text/css" };

/**
 * Serves the files of `dir` to `page` on `base` (the Worker's origin), as a static host would: a
 * missing file is a 404. Only `/api/…` still goes to the Worker, so a page served this way reaches its
 * /api/v1/a2a. Resolves to the list of paths asked for, each with its status.
 */
export async function routeFolder(page, dir, { base = AGENT_URL } = {}) {
  const { existsSync, readFileSync, statSync } = await import("node:fs");
  const origin = new URL(base).origin;
  const served = [];
  await page.route((url) => url.origin === origin && !url.pathname.startsWith("/api/"), (route) => {
    const rel = decodeURIComponent(new URL(route.request().url()).pathname.slice(1)) || "index.html";
    const file = path.resolve(dir, rel);
    const found = file.startsWith(path.resolve(dir)) && existsSync(file) && statSync(file).isFile();
    served.push({ path: rel, status: found ? 200 : 404 });
    if (!found) return route.fulfill({ status: 404, contentType: "text/plain", body: "not found" });
    return route.fulfill({ status: 200, contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream", body: readFileSync(file) });
  });
  return served;
}
