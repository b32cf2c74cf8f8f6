// The browser entry of `magisterium-a2a/liturgy` fetches a locale's names only when asked: after
// init() no locale file has been requested; `liturgicalLocale("fr-CA")` fetches locales/fr.js once
// (and no other), after which `{ locale: "fr" }` answers in French; asking before it is an
// invalid_input that says what to do. pkg/ is served to headless Chromium by page.route (no server).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { port, root } from "./helpers.mjs";
import { launchBrowser, routeFolder } from "./page-helpers.mjs";

const BASE = `http://127.0.0.1:${port(18961)}`;
let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test("a locale's file is fetched when asked for, once, and not before", async () => {
  const page = await browser.context.newPage();
  try {
    const served = await routeFolder(page, path.join(root, "pkg"), { base: BASE });
    await page.goto(`${BASE}/package.json`);
    const result = await page.evaluate(async (base) => {
      const cal = await import(`${base}/liturgy/index.js`);
      await cal.default();
      const english = cal.liturgicalDay("2027-03-28").celebration.name;
      let before;
      try {
        cal.liturgicalDay("2027-03-28", { locale: "fr" });
      } catch (e) {
        before = `${e.kind}: ${e.message}`;
      }
      const loaded = performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname);
      await cal.liturgicalLocale("fr-CA");
      await cal.liturgicalLocale("fr");
      await cal.liturgicalLocale("en");
      let unknown;
      await cal.liturgicalLocale("xx").catch((e) => { unknown = e.kind; });
      return { english, before, loaded, french: cal.liturgicalDay("2027-03-28", { locale: "fr" }).celebration.name, unknown };
    }, BASE);
    assert.ok(!result.loaded.some((p) => p.includes("/locales/")), JSON.stringify(result.loaded));
    assert.match(result.before, /^invalid_input: .*liturgicalLocale\("fr"\)/);
    assert.notEqual(result.french, result.english);
    assert.match(result.french, /Pâques/);
    assert.equal(result.unknown, "invalid_input");
    const locales = served.filter((s) => s.path.includes("locales/"));
    assert.deepEqual(locales, [{ path: "liturgy/locales/fr.js", status: 200 }]);
  } finally {
    await page.close();
  }
});
