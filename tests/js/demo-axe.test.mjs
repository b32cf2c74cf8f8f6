// axe-core (the accessibility engine, npm axe-core) over the demo page at 1280 and 360 px, light and
// dark: the start, a Q&A answer with its code panel open, a document, the statistics, an error, the
// calendar panel with a day's readings and its code open.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { AGENT_URL } from "./helpers.mjs";
import { fulfilRpc, launchBrowser, openPage, pickSkill, problems, routeSession, submit, waitForAnswer } from "./page-helpers.mjs";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let light;
let dark;
before(async () => {
  light = await launchBrowser();
  dark = await launchBrowser({ colorScheme: "dark" });
});
after(async () => {
  await light?.close();
  await dark?.close();
});

/** axe's violations on the page as it is now, at this width: `rule: targets` lines. */
async function violations(page, width) {
  await page.setViewportSize({ width, height: width < 500 ? 780 : 900 });
  await page.waitForTimeout(50);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Runs `setup(page)` on a fresh page, then axe at 1280 and 360 px. */
async function check(browser, name, setup, { allow = [], routes } = {}) {
  const page = await openPage(browser.context, AGENT_URL, { setup: routes });
  try {
    await setup(page);
    for (const width of [1280, 360]) assert.deepEqual(await violations(page, width), [], `${name} at ${width} px`);
    assert.deepEqual(await problems(page, allow), []);
  } finally {
    await page.close();
  }
}

async function qaWithPanel(page) {
  await pickSkill(page, "catholic_qa");
  await page.fill("#f-question", "What is grace?");
  await submit(page);
  await page.click("#answer-body .use-code summary");
  await page.click("#code-tab-worker");
  await page.click("#exchange summary");
}

test("axe: the start page", () => check(light, "start", async () => {}));

test("axe: a Q&A answer with the code panel and the exchange open, light and dark", async () => {
  await check(light, "Q&A", qaWithPanel);
  await check(dark, "Q&A (dark)", qaWithPanel);
});

async function calendarPanel(page) {
  await page.selectOption("#cal-calendar", "united-states");
  await page.selectOption("#cal-locale", "fr");
  await page.waitForFunction(() => document.querySelector("#cal-grid .cal-name")?.lang === "fr");
  await page.fill("#cal-month", "2027-01");
  await page.click('#cal-grid button[data-date="2027-01-03"]');
  await page.waitForSelector("#cal-day .cal-mass");
  await page.click("#calendar .use-code summary");
  await page.click("#cal-code-tab-worker");
}

test("axe: the calendar panel (a month in French, a day's readings, its code open), light and dark", async () => {
  await check(light, "calendar", calendarPanel);
  await check(dark, "calendar (dark)", calendarPanel);
});

test("axe: a search and a document", () =>
  check(light, "document", async (page) => {
    await pickSkill(page, "document_search");
    await page.click('#examples .chip:has-text("just wage")');
    await waitForAnswer(page);
    await page.click(".results .result-open >> nth=0");
    await waitForAnswer(page);
    await page.waitForSelector('.doc-text[data-complete="1"]');
  }));

test("axe: the diocese statistics (chart, metric picker, tables), dark", () =>
  check(dark, "statistics", async (page) => {
    await pickSkill(page, "diocese_statistics_lookup");
    await page.fill("#f-lookup", "Chicago");
    await submit(page);
    await page.click("#answer-body .use-code summary");
  }));

test("axe: an error with its countdown and a sign-in button, and a field error", () =>
  check(
    light,
    "error",
    async (page) => {
      await page.route("**/api/v1/a2a", (route) => fulfilRpc(route, { status: 429, headers: { "retry-after": "30" }, error: { code: -32603, message: "Rate limit exceeded" } }));
      await pickSkill(page, "pope_lookup");
      await page.fill("#f-lookup", "Leo XIV");
      await submit(page);
      await page.locator('.error-box[data-kind="rate_limited"] .countdown-seconds').waitFor();
      await page.click(".error-facts summary");
      await pickSkill(page, "document_search");
      await page.click("#submit");
      await page.locator("#f-search-error:not([hidden])").waitFor();
    },
    { allow: [/status of 429/], routes: (page) => routeSession(page, { enabled: true, signedIn: false }) },
  ));
