// Runs code written for users as a module script of a page in headless Chromium, on the Worker's
// origin, the package mapped by an import map (as a user serving it without a bundler would load
// it). Shared by tests/js/docs-snippets.test.mjs (pkg/) and tests/js/registry.test.mjs (the
// package installed by name).
import { AGENT_URL, writeFile } from "./helpers.mjs";
import { routeFolder } from "./page-helpers.mjs";

/**
 * Serves `site` (a folder) on the Worker's origin with `code` as /block.js and `imports` as the
 * page's import map, and waits until the code has run. Resolves to { errors, logs, exchanges }
 * (console errors and page errors; other console lines; the statuses of the agent's answers).
 */
export async function runInPage(browser, site, code, imports) {
  writeFile(site, "block.js", `${code}\nwindow.__done = true;\n`);
  writeFile(site, "index.html", `<!doctype html><meta charset="utf-8"><script type="importmap">${JSON.stringify({ imports })}</script><script type="module" src="/block.js"></script>`);
  const page = await browser.context.newPage();
  try {
    const errors = [];
    const logs = [];
    const exchanges = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => (m.type() === "error" ? errors : logs).push(m.text()));
    page.on("response", (r) => r.url().startsWith(`${AGENT_URL}/api/`) && exchanges.push(r.status()));
    await routeFolder(page, site);
    await page.goto(`${AGENT_URL}/index.html`);
    await Promise.race([
      page.waitForFunction(() => window.__done === true, null, { timeout: 30_000 }),
      new Promise((_, reject) => page.on("pageerror", (e) => reject(new Error(e.message)))),
    ]);
    return { errors, logs, exchanges };
  } finally {
    await page.close();
  }
}
