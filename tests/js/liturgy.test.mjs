// The offline calendar entry `magisterium-a2a/liturgy`: through its `node` export condition, bundled
// by wrangler for workerd, and in headless Chromium from the Worker's static assets. No call reaches
// any agent: the answers are computed in the entry's own wasm.
import "./record.mjs";
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { AGENT_URL, consumerDir, port, startWrangler, writeFile } from "./helpers.mjs";
import { launchBrowser, openPage, problems } from "./page-helpers.mjs";

const dir = consumerDir("liturgy-consumer");
const entry = writeFile(dir, "use.mjs", 'export * from "magisterium-a2a/liturgy";\nexport { default } from "magisterium-a2a/liturgy";\nexport { isMagisteriumError as sdkIsMagisteriumError } from "magisterium-a2a";\n');
const cal = await import(pathToFileURL(entry).href);

/** Checks shared by the three runtimes: `run(fn, arg)` calls an export there and returns JSON. */
async function knownDays(run) {
  const joseph = await run("liturgicalDay", "2026-03-19");
  assert.deepEqual(joseph.celebration, { id: "joseph_spouse_of_mary", name: "Saint Joseph, Spouse of the Blessed Virgin Mary", rank: "solemnity", colour: "white" });
  assert.deepEqual(joseph.weekday, { id: "lent_4_thursday", name: "Thursday of the 4th Week of Lent" });
  assert.equal(joseph.season, "lent");
  assert.equal(joseph.week, 4);
  assert.equal(joseph.sundayCycle, "A");
  assert.equal(joseph.weekdayCycle, "II");
  assert.equal(joseph.psalterWeek, 4);
  // St Joseph 2008 in Holy Week, kept on Saturday March 15.
  const moved = await run("liturgicalDay", "2008-03-15");
  assert.equal(moved.celebration.id, "joseph_spouse_of_mary");
  assert.match(moved.notes[0], /^Transferred from Wednesday, March 19, 2008/);
  const heart = await run("liturgicalDay", "2026-06-13");
  assert.equal(heart.celebration.rank, "weekday");
  assert.deepEqual(heart.optional.map((c) => c.id), ["anthony_of_padua_priest", "immaculate_heart_of_mary"]);
  const gaudete = await run("liturgicalDay", "2025-12-14");
  assert.equal(gaudete.celebration.colour, "rose");
  assert.equal(gaudete.sundayCycle, "A"); // Advent 2025 opened Year A
  assert.equal(await run("liturgicalDay", "1899-12-31"), null);
  assert.equal(await run("liturgicalDay", "2200-01-01"), null);
  const year = await run("liturgicalYear", 2026);
  assert.equal(year.easter, "2026-04-05");
  assert.equal(year.ashWednesday, "2026-02-18");
  assert.equal(year.pentecost, "2026-05-24");
  assert.equal(year.firstSundayOfAdvent, "2026-11-29");
  assert.equal(await run("liturgicalYear", 1899), null);
}

describe("Node (the `node` export condition)", () => {
  test("known days, the movable dates, and null outside 1900–2199", async () => {
    await cal.default(); // a harmless no-op in Node
    await knownDays((fn, arg) => cal[fn](arg));
  });

  test("a Date is read as its local calendar day", () => {
    assert.equal(cal.liturgicalDay(new Date(2026, 11, 25, 23, 59)).celebration.id, "nativity_of_the_lord");
    assert.equal(cal.liturgicalDay(new Date(2026, 11, 25, 0, 0)).date, "2026-12-25");
  });

  test("bad input throws a MagisteriumError of kind invalid_input, recognised by the SDK", () => {
    for (const bad of ["2026-02-30", "March 19", "", 20260319, null, undefined, {}, new Date(Number.NaN)]) {
      assert.throws(() => cal.liturgicalDay(bad), (e) => {
        assert.ok(e instanceof Error && e instanceof cal.MagisteriumError);
        assert.ok(cal.isMagisteriumError(e) && cal.sdkIsMagisteriumError(e));
        assert.equal(e.kind, "invalid_input");
        assert.equal(e.name, "MagisteriumError");
        return true;
      }, String(bad));
    }
    for (const bad of [2026.5, "2026", Number.NaN, null]) {
      assert.throws(() => cal.liturgicalYear(bad), (e) => e.kind === "invalid_input", String(bad));
    }
  });
});

describe("workerd (the `workerd` export condition, bundled by wrangler)", () => {
  const PORT = port(18796);
  let server;
  before(async () => {
    const worker = consumerDir("liturgy-workerd-consumer");
    writeFile(worker, "worker.js", `import * as cal from "magisterium-a2a/liturgy";
export default {
  async fetch(request) {
    const { searchParams } = new URL(request.url);
    const fn = searchParams.get("fn") ?? "liturgicalDay";
    const arg = fn === "liturgicalYear" ? Number(searchParams.get("arg")) : searchParams.get("arg");
    return Response.json(cal[fn](arg));
  },
};
`);
    writeFile(worker, "wrangler.toml", `name = "liturgy-smoke"\nmain = "worker.js"\ncompatibility_date = "2026-11-01"\nsend_metrics = false\n`);
    server = await startWrangler(worker, PORT, [], "/?arg=2026-01-01");
  });
  after(() => server?.stop());

  test("the entry initialises synchronously and answers known days", async () => {
    await knownDays(async (fn, arg) => {
      const res = await fetch(`http://127.0.0.1:${PORT}/?fn=${fn}&arg=${arg}`);
      assert.equal(res.status, 200);
      return res.json();
    });
  });
});

describe("headless Chromium (the browser entry, from the Worker's static assets)", () => {
  let browser;
  let page;
  before(async () => {
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.goto(`${AGENT_URL}/pkg/liturgy/index.js`);
    await page.evaluate(async () => {
      const cal = await import("/pkg/liturgy/index.js");
      await cal.default();
      window.cal = cal;
    });
  });
  after(() => browser?.close());

  test("init() then known days, a local Date, and a typed error", async () => {
    await knownDays((fn, arg) => page.evaluate(([f, a]) => window.cal[f](a), [fn, arg]));
    const local = await page.evaluate(() => window.cal.liturgicalDay(new Date(2026, 2, 19, 23, 30)).celebration.id);
    assert.equal(local, "joseph_spouse_of_mary");
    const error = await page.evaluate(() => {
      try {
        window.cal.liturgicalDay("2026-13-01");
        return null;
      } catch (e) {
        return { name: e.name, kind: e.kind, branded: window.cal.isMagisteriumError(e), isError: e instanceof Error };
      }
    });
    assert.deepEqual(error, { name: "MagisteriumError", kind: "invalid_input", branded: true, isError: true });
  });
});

describe("the demo page (its header and the date skills' preview use the entry)", () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(() => browser?.close());

  test("the header shows today's celebration and colour, and a chosen date's celebration shows before any call", async () => {
    const calls = [];
    const page = await openPage(browser.context, AGENT_URL, {
      setup: (p) => p.on("request", (r) => r.url().includes("/api/v1/a2a") && calls.push(r.url())),
    });
    const today = cal.liturgicalDay(new Date());
    const slot = page.locator("#liturgy-slot");
    assert.equal(await slot.isVisible(), true);
    assert.equal(await slot.getAttribute("data-date"), today.date);
    assert.equal(await slot.getAttribute("data-colour"), today.celebration.colour);
    assert.equal(await page.textContent("#liturgy-slot .liturgy-name"), today.celebration.name);
    await page.click('button.skill[data-skill="liturgical_readings"]');
    await page.fill("#f-date", "2026-03-19");
    assert.match(await page.textContent("#date-preview"), /^Thursday, March 19, 2026: Saint Joseph, Spouse of the Blessed Virgin Mary \(Lent, week 4 · solemnity · white\)$/);
    await page.fill("#f-when", "2008-03-15");
    assert.match(await page.textContent("#date-preview"), /Saint Joseph, Spouse of the Blessed Virgin Mary/);
    await page.fill("#f-when", "next Sunday");
    assert.equal(await page.textContent("#date-preview"), "The agent reads “next Sunday” when you send it.");
    assert.deepEqual(calls, [], "nothing was sent to the agent");
    assert.deepEqual(await problems(page), []);
  });
});
