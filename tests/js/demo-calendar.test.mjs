// The demo page's calendar panel (www/calendar.js) in headless Chromium: a month of the chosen
// calendar as the package's Node entry computes it, the Epiphany on 2027-01-03 in the United
// States, a day's readings on selection, the locale's names, today marked, the keyboard, 360 px,
// the feed link (fetched and read back by ical.js), a locale's file that fails to load, and its
// "Use this in your app" snippets run (Node, the Worker's fetch handler in Node and in workerd, and
// the browser code in a page).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { symlinkSync } from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import * as cal from "../../pkg/liturgy/node.js";
import { AGENT_URL, consumerDir, port, root, writeFile } from "./helpers.mjs";
import { horizontalOverflow, launchBrowser, openPage, problems, screenshots } from "./page-helpers.mjs";
import { runInPage } from "./snippet-browser.mjs";
import { runSnippet, serveWorkerSnippets } from "./snippet-run.mjs";

const US = "united-states";
const WORKERD_PORT = port(18816);

/** The events of an iCalendar text, read by ical.js. */
const eventsOf = (text) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));

/** The panel's cells of the month shown: date, label, rank, colour, pressed, current. */
const cells = (page) =>
  page.$$eval("#cal-grid button[data-date]", (buttons) =>
    buttons.map((b) => ({ date: b.dataset.date, label: b.getAttribute("aria-label"), name: b.querySelector(".cal-name").textContent, rank: b.dataset.rank, colour: b.dataset.colour, pressed: b.getAttribute("aria-pressed"), current: b.getAttribute("aria-current"), tabindex: b.tabIndex })));

/** The focused element's date (a day button), or its id. */
const focused = (page) => page.evaluate(() => document.activeElement.dataset.date ?? document.activeElement.id);

/** What the chosen day shows: its title, celebration, facts and each Mass's references by part. */
const shownDay = (page) =>
  page.$eval("#cal-day", (day) => ({
    title: day.querySelector(".cal-day-title")?.textContent,
    celebration: day.querySelector(".cal-celebration")?.textContent,
    facts: day.querySelector(".cal-facts")?.textContent,
    masses: [...day.querySelectorAll(".cal-mass")].map((m) => Object.fromEntries([...m.querySelectorAll("dd")].map((dd) => [dd.dataset.part, dd.textContent]))),
  }));

async function choose(page, { calendar, locale, month }) {
  if (calendar) await page.selectOption("#cal-calendar", calendar);
  if (locale) {
    await page.selectOption("#cal-locale", locale);
    await page.waitForFunction((l) => document.querySelector("#cal-grid .cal-name")?.lang === l, locale);
  }
  if (month) await page.fill("#cal-month", month);
  await page.waitForFunction((m) => document.querySelector("#cal-month").value === m && document.querySelector("#cal-grid button[data-date]")?.dataset.date.startsWith(m), month ?? (await page.inputValue("#cal-month")));
}

/** The readings shown once the lectionary is in (the page loads it after start). */
const readingsShown = (page) => page.waitForFunction(() => document.querySelector("#cal-day .cal-readings-title") && !document.querySelector("#cal-day").textContent.includes("Loading the readings"));

describe("demo page: the calendar panel", () => {
  let browser;
  let page;
  before(async () => {
    browser = await launchBrowser();
    page = await openPage(browser.context, AGENT_URL);
  });
  after(async () => {
    if (page) assert.deepEqual(await problems(page), [], "console errors, page errors or CSP violations");
    await browser?.close();
  });

  test("the readings' file is fetched once the panel's day is on screen, not before", async () => {
    // Every file the page fetched since it opened, as the browser's resource timing lists them.
    const asked = () => page.evaluate(() => performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname === "/pkg/liturgy/lectionary.js").length);
    await page.waitForTimeout(300);
    assert.ok(await page.$eval("#cal-day", (d) => d.getBoundingClientRect().top > innerHeight), "the panel's day is below the fold at 1280 × 900");
    assert.equal(await asked(), 0, "not at start");
    assert.match(await page.textContent("#cal-day"), /Loading the readings…/);
    await page.locator("#cal-day").scrollIntoViewIfNeeded();
    await readingsShown(page);
    assert.equal(await asked(), 1, "fetched once, when seen");
  });

  test("at start: this month of the General Roman Calendar, today marked, selected and the one tab stop", async () => {
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    });
    assert.equal(await page.inputValue("#cal-calendar"), "general-roman");
    assert.equal(await page.inputValue("#cal-locale"), "en");
    assert.deepEqual(await page.$$eval("#cal-locale option", (o) => o.map((x) => x.value)), ["en", "la", "es", "it", "fr", "de", "pt", "pl"]);
    assert.deepEqual(await page.$$eval("#cal-calendar option", (o) => o.map((x) => x.value)), cal.liturgicalCalendars().map((c) => c.id));
    const shown = await cells(page);
    const marked = shown.filter((c) => c.current === "date");
    assert.deepEqual(marked.map((c) => c.date), [today], "today, and only today, is marked");
    assert.equal(marked[0].pressed, "true", "today is the selected day at first");
    assert.deepEqual(shown.filter((c) => c.tabindex === 0).map((c) => c.date), [today], "one tab stop in the month");
    assert.match(marked[0].label, /, today$/);
    await readingsShown(page);
    const day = cal.liturgicalDay(today);
    assert.equal((await shownDay(page)).celebration, day.celebration.name);
    assert.doesNotMatch(await page.textContent("#calendar"), /null|undefined|NaN/);
  });

  test("united-states, January 2027: every day as the entry says; 2027-01-03 is the Epiphany, with its readings on selection", async () => {
    await choose(page, { calendar: US, month: "2027-01" });
    assert.equal(await page.textContent("#cal-title"), "January 2027");
    const shown = await cells(page);
    assert.equal(shown.length, 31);
    for (const c of shown) {
      const day = cal.liturgicalDay(c.date, { calendar: US });
      assert.equal(c.name, day.celebration.name, c.date);
      assert.equal(c.rank, day.celebration.rank, c.date);
      assert.equal(c.colour, day.celebration.colour, c.date);
      assert.ok(c.label.includes(day.celebration.name) && c.label.includes(day.celebration.colour), `${c.date}: ${c.label}`);
    }
    const epiphany = shown.find((c) => c.date === "2027-01-03");
    assert.equal(epiphany.label, "3 The Epiphany of the Lord: Sunday, January 3, 2027, solemnity, white");
    assert.equal((await cells(page)).find((c) => c.date === "2027-01-06").name, cal.liturgicalDay("2027-01-06", { calendar: US }).celebration.name);

    await page.click('#cal-grid button[data-date="2027-01-03"]');
    assert.equal(await page.getAttribute('#cal-grid button[data-date="2027-01-03"]', "aria-pressed"), "true");
    await readingsShown(page);
    const day = await shownDay(page);
    assert.equal(day.title, "Sunday, January 3, 2027");
    assert.equal(day.celebration, "The Epiphany of the Lord");
    assert.match(day.facts, /^solemnity · white · Christmas Time · holy day of obligation · transferred from Wednesday, January 6, 2027$/);
    const expected = cal.liturgicalDay("2027-01-03", { calendar: US }).readings;
    assert.deepEqual(day.masses, expected.map((r) => Object.fromEntries(["first", "psalm", "second", "gospel"].filter((k) => r[k]).map((k) => [k, r[k]]))));
    assert.equal(day.masses[0].gospel, "Mt 2:1-12");
    assert.doesNotMatch(await page.textContent("#calendar"), /null|undefined|NaN/);

    // The same day in the General Roman Calendar is the Second Sunday after Christmas.
    await choose(page, { calendar: "general-roman" });
    assert.equal((await shownDay(page)).celebration, cal.liturgicalDay("2027-01-03").celebration.name);
    assert.notEqual((await shownDay(page)).celebration, "The Epiphany of the Lord");
    await choose(page, { calendar: US });
  });

  test("a locale: the names in French (fetched when chosen), then back to English", async () => {
    await choose(page, { locale: "fr" });
    const shown = await cells(page);
    for (const c of shown) assert.equal(c.name, cal.liturgicalDay(c.date, { calendar: US, locale: "fr" }).celebration.name, c.date);
    assert.equal((await shownDay(page)).celebration, cal.liturgicalDay("2027-01-03", { calendar: US, locale: "fr" }).celebration.name);
    assert.notEqual((await shownDay(page)).celebration, "The Epiphany of the Lord");
    for (const locale of ["la", "pl", "en"]) {
      await choose(page, { locale });
      assert.equal((await shownDay(page)).celebration, cal.liturgicalDay("2027-01-03", { calendar: US, locale }).celebration.name, locale);
    }
  });

  test("the keyboard: arrows move a day or a week, across months; Enter selects and shows the readings", async () => {
    await page.focus('#cal-grid button[data-date="2027-01-03"]');
    await page.keyboard.press("ArrowRight");
    assert.equal(await focused(page), "2027-01-04");
    await page.keyboard.press("ArrowDown");
    assert.equal(await focused(page), "2027-01-11");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    assert.equal(await focused(page), "2026-12-28", "into December");
    assert.equal(await page.textContent("#cal-title"), "December 2026");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    assert.equal(await page.getAttribute('#cal-grid button[data-date="2026-12-30"]', "aria-pressed"), "true");
    assert.equal(await focused(page), "2026-12-30", "focus stays on the chosen day");
    assert.equal((await shownDay(page)).title, "Wednesday, December 30, 2026");
    const gospels = cal.liturgicalDay("2026-12-30", { calendar: US }).readings.map((r) => r.gospel);
    assert.deepEqual((await shownDay(page)).masses.map((m) => m.gospel), gospels);
    // Focus is visible: the browser's :focus-visible outline of the page.
    assert.notEqual(await page.$eval(":focus", (el) => getComputedStyle(el).outlineStyle), "none");
    // The Easter Vigil's set is named as such, its parts too.
    await choose(page, { month: "2027-03" });
    await page.click('#cal-grid button[data-date="2027-03-27"]');
    const vigil = cal.liturgicalDay("2027-03-27", { calendar: US }).readings.find((r) => r.vigil);
    assert.equal(await page.textContent("#cal-day .cal-mass h5"), `${vigil.mass} · Lectionary ${vigil.number}`);
    assert.deepEqual(await page.$$eval("#cal-day .cal-mass dt", (dt) => dt.map((x) => x.textContent)), ["Old Testament readings", "Psalms and canticles", "Epistle", "Gospel"]);
    await choose(page, { month: "2026-12" });
    await page.click("#cal-next");
    assert.equal(await page.textContent("#cal-title"), "January 2027");
    await page.click("#cal-prev");
    assert.equal(await page.textContent("#cal-title"), "December 2026");
    // The entry's years are the panel's: no month before January 1900 or after December 2199.
    await choose(page, { month: "1900-01" });
    assert.equal(await page.isDisabled("#cal-prev"), true);
    assert.equal(await page.isDisabled("#cal-next"), false);
    await page.focus('#cal-grid button[data-date="1900-01-01"]');
    await page.keyboard.press("ArrowLeft");
    assert.equal(await focused(page), "1900-01-01", "no day before 1900");
    await choose(page, { month: "2199-12" });
    assert.equal(await page.isDisabled("#cal-next"), true);
    assert.equal((await cells(page)).length, 31);
    await choose(page, { month: "2027-01" });
  });

  test("the feed link: the chosen calendar's /calendar/<id>.ics, served as iCalendar that ical.js reads", async () => {
    await choose(page, { calendar: "england-and-wales" });
    assert.equal(await page.getAttribute("#cal-feed-link", "href"), `${AGENT_URL}/calendar/england-and-wales.ics`);
    assert.match(await page.textContent("#cal-feed"), /\(England and Wales\)/);
    await choose(page, { calendar: US });
    const href = await page.getAttribute("#cal-feed-link", "href");
    assert.equal(href, `${AGENT_URL}/calendar/${US}.ics`);
    const res = await fetch(href);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type"), /^text\/calendar/);
    const events = eventsOf(await res.text());
    const today = new Date().toISOString().slice(0, 10);
    const event = events.find((e) => e.startDate.toString() === today);
    assert.ok(event, `the feed has today (${today})`);
    assert.equal(event.summary, cal.liturgicalDay(today, { calendar: US }).celebration.name);
  });

  test("at 360 px: nothing scrolls sideways; screenshots", async () => {
    await choose(page, { month: "2027-01" });
    await page.click('#cal-grid button[data-date="2027-01-03"]');
    await page.setViewportSize({ width: 360, height: 780 });
    assert.ok((await horizontalOverflow(page)) <= 0, "no horizontal scrolling at 360 px");
    assert.ok(await page.$eval("#cal-grid", (t) => t.getBoundingClientRect().right <= document.documentElement.clientWidth), "the month fits");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshots(page, "30-calendar", { fullPage: false, at: "#calendar" });
    await screenshots(page, "31-calendar-day", { fullPage: false, at: "#cal-day" });
  });
});

describe("demo page: the calendar panel when a locale's file does not load", () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(() => browser?.close());

  test("the panel says so, keeps the names it had, and the locale can be chosen again once it loads", async () => {
    const page = await openPage(browser.context, AGENT_URL);
    try {
      await page.route("**/pkg/liturgy/locales/de.js", (route) => route.abort("failed"));
      await page.selectOption("#cal-locale", "de");
      await page.waitForFunction(() => document.querySelector('#calendar [role="status"]').textContent !== "");
      assert.match(await page.textContent('#calendar [role="status"]'), /^The names in de could not be loaded/);
      assert.equal(await page.inputValue("#cal-locale"), "en", "the locale shown is the one in use");
      assert.equal(await page.getAttribute("#cal-grid .cal-name", "lang"), "en");
      await page.unroute("**/pkg/liturgy/locales/de.js");
      await page.selectOption("#cal-locale", "de");
      await page.waitForFunction(() => document.querySelector("#cal-grid .cal-name")?.lang === "de");
      assert.equal(await page.textContent('#calendar [role="status"]'), "");
      assert.deepEqual(await problems(page, [/de\.js|Failed to load|ERR_FAILED/]), []);
    } finally {
      await page.close();
    }
  });
});

describe("demo page: the calendar panel's “Use this in your app” runs", () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(() => browser?.close());

  test("Node, the Worker and the browser code of a day in a calendar and locale print (or serve) what the panel shows", async () => {
    const page = await openPage(browser.context, AGENT_URL);
    const dir = consumerDir("calendar-snippets");
    try {
      await choose(page, { calendar: US, locale: "es", month: "2027-01" });
      await page.click('#cal-grid button[data-date="2027-01-03"]');
      await readingsShown(page);
      const day = await shownDay(page);
      const panel = page.locator("#calendar details.use-code");
      await panel.locator("summary").click();
      const code = async (target) => {
        await page.click(`#cal-code-tab-${target}`);
        assert.equal(await page.getAttribute(`#cal-code-tab-${target}`, "aria-selected"), "true");
        return panel.locator('pre[data-part="code"]').textContent();
      };
      const printed = (stdout, what) => {
        assert.ok(stdout.startsWith(`2027-01-03: ${day.celebration} (solemnity, white)\n`), `${what}: ${stdout}`);
        for (const m of day.masses) assert.ok(stdout.includes(Object.values(m).join("; ")), `${what}: ${Object.values(m).join("; ")} in\n${stdout}`);
      };

      const node = await code("node");
      const nodeRun = await runSnippet(writeFile(dir, "node.mjs", node), "node");
      assert.equal(nodeRun.code, 0, `${node}\n${nodeRun.stderr}`);
      printed(nodeRun.stdout, "node");

      const worker = await code("worker");
      const workerRun = await runSnippet(writeFile(dir, "worker.mjs", worker), "worker");
      assert.equal(workerRun.code, 0, `${worker}\n${workerRun.stderr}`);
      const feedShows = (text, what) => {
        const events = eventsOf(text);
        assert.equal(events.length, 365, what);
        const epiphany = events.find((e) => e.startDate.toString() === "2027-01-03");
        assert.equal(epiphany.summary, day.celebration, `${what}: the feed names the day as the panel does`);
        assert.ok(epiphany.description.includes(day.masses[0].gospel), what);
      };
      feedShows(workerRun.stdout, "the Worker code in Node");
      // In workerd, bundled by wrangler with the package's workerd entry (the readings loaded on import).
      const server = await serveWorkerSnippets(consumerDir("calendar-snippets-workerd"), [{ name: "feed", code: worker }], WORKERD_PORT);
      try {
        const res = await fetch(`http://127.0.0.1:${WORKERD_PORT}/feed`);
        const text = await res.text();
        assert.equal(res.status, 200, `${text}\n${server.log().slice(-2000)}`);
        assert.match(res.headers.get("content-type"), /^text\/calendar/);
        feedShows(text, "the Worker code in workerd");
      } finally {
        server.stop();
      }

      const browserCode = await code("browser");
      assert.ok(browserCode.includes(`// ${AGENT_URL}/calendar/${US}.ics`), "the feed's URL");
      const browserNode = await runSnippet(writeFile(dir, "browser.mjs", browserCode), "browser");
      assert.equal(browserNode.code, 0, browserNode.stderr);
      printed(browserNode.stdout, "browser code in Node");
      const site = consumerDir("calendar-snippet-page");
      symlinkSync(path.join(root, "pkg"), path.join(site, "pkg"), "dir");
      const inPage = await runInPage(browser, site, browserCode, { "magisterium-a2a/liturgy": "/pkg/liturgy/index.js" });
      assert.deepEqual(inPage.errors, [], browserCode);
      printed(`${inPage.logs.join("\n")}\n`, "browser code in a page");
      assert.deepEqual(await problems(page), []);
    } finally {
      await page.close();
    }
  });
});
