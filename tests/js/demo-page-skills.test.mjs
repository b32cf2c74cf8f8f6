// The demo page (www/) in headless Chromium against the Worker of scripts/test.sh (the embedded
// stand-in agent at MAGISTERIUM_AGENT_URL): every skill through the UI (the card's skills and
// examples, footnotes, search to document, the longest document, readings, saints, the lookups, the
// statistics chart), with screenshots at 1280 px in test-output/screenshots/.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { AGENT_URL } from "./helpers.mjs";
import {
  answer,
  demoPages,
  pickSkill,
  screenshots,
  submit,
  waitForAnswer,
} from "./page-helpers.mjs";

const SKILL_IDS = [
  "catholic_qa",
  "document_search",
  "document_fetch",
  "liturgical_readings",
  "saints_of_the_day",
  "saint_lookup",
  "person_lookup",
  "pope_lookup",
  "diocese_lookup",
  "diocese_statistics_lookup",
];

/** Every link in the page is http(s), mailto, or an in-page / same-origin path. */
async function assertSafeLinks(page) {
  const bad = await page.evaluate(() =>
    [...document.querySelectorAll("a[href], [src], [action], [formaction]")]
      .map((el) => el.getAttribute("href") ?? el.getAttribute("src") ?? el.getAttribute("action") ?? el.getAttribute("formaction"))
      .filter((v) => {
        const url = new URL(v, location.href);
        return !["http:", "https:", "mailto:"].includes(url.protocol);
      }),
  );
  assert.deepEqual(bad, [], "links with another scheme");
}

const withPage = demoPages();

describe("demo page", () => {
  test("loads the skills of the agent card, with examples, a CSP and the ready marker", async () => {
    const card = await (await fetch(`${AGENT_URL}/.well-known/agent.json`)).json();
    await withPage(async (page) => {
      const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content");
      assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
      assert.doesNotMatch(csp, /unsafe-inline/);
      assert.equal(await page.locator("script:not([src])").count(), 0, "no inline script");
      const skills = await page.$$eval("button.skill", (buttons) =>
        buttons.map((b) => ({ id: b.dataset.skill, name: b.querySelector(".skill-name").textContent, desc: b.querySelector(".skill-desc").textContent })),
      );
      assert.deepEqual(skills.map((s) => s.id), card.skills.map((s) => s.id));
      assert.deepEqual(skills.map((s) => s.id).sort(), [...SKILL_IDS].sort());
      for (const [i, s] of skills.entries()) {
        assert.equal(s.name, card.skills[i].name);
        assert.equal(s.desc, card.skills[i].description);
      }
      // The first skill is selected and its examples are chips.
      assert.equal(await page.getAttribute(`button.skill[data-skill="${card.skills[0].id}"]`, "aria-pressed"), "true");
      const chips = await page.$$eval("#examples .chip", (c) => c.map((x) => x.textContent));
      assert.deepEqual(chips, card.skills[0].examples);
      // The answer region exists before any answer and is polite.
      assert.equal(await page.getAttribute("#answer", "aria-live"), "polite");
      assert.equal(await page.locator('[role="alert"]').count(), 0);
      // Every control is labelled.
      const unlabelled = await page.$$eval("input, textarea, select", (els) => els.filter((el) => !el.labels?.length && !el.getAttribute("aria-label")).map((el) => el.outerHTML));
      assert.deepEqual(unlabelled, []);
      await screenshots(page, "00-start");
    });
  });

  test("Q&A: Markdown answer, footnotes jump to citations, related questions ask again, the A2A exchange", async () => {
    await withPage(async (page) => {
      await pickSkill(page, "catholic_qa");
      const question = "What does the Church teach about the dignity of work?";
      await page.fill("#f-question", question);
      await page.press("#f-question", "Enter");
      await waitForAnswer(page);
      const { title, text } = await answer(page);
      assert.equal(title, "Answer");
      assert.match(text, /dignity of work/);
      // Markdown was rendered (not shown as source) and has footnotes linked to the citations.
      const facts = await page.evaluate(() => {
        const body = document.querySelector(".answer-text");
        return {
          html: body.innerHTML,
          refs: [...body.querySelectorAll("sup.fn a")].map((a) => ({ href: a.getAttribute("href"), id: a.id, text: a.textContent })),
          citations: [...document.querySelectorAll("ol.citations > li")].map((li) => ({
            id: li.id,
            title: li.querySelector(".cite-title strong")?.textContent,
            links: [...li.querySelectorAll("a.source-link")].map((a) => ({ href: a.href, rel: a.rel })),
          })),
          related: [...document.querySelectorAll(".related .chip")].map((c) => c.textContent),
        };
      });
      assert.doesNotMatch(facts.html, /\[\^\d+\]/, "footnote markers were turned into links");
      assert.ok(facts.citations.length > 0, "citations listed");
      assert.ok(facts.refs.length > 0, "footnote links in the answer");
      for (const ref of facts.refs) {
        assert.match(ref.href, /^#cite-\d+$/);
        assert.ok(facts.citations.some((c) => `#${c.id}` === ref.href), `${ref.href} points at a citation`);
      }
      for (const c of facts.citations) {
        assert.ok(c.title && c.title.length > 0, "citation title");
        for (const link of c.links) {
          assert.match(link.href, /^https?:\/\//);
          assert.equal(link.rel, "noopener noreferrer");
        }
      }
      // Following a footnote moves focus to its citation, which is on screen.
      const first = facts.refs[0];
      await page.click(`.answer-text sup.fn a[href="${first.href}"] >> nth=0`);
      await page.waitForFunction((id) => document.activeElement?.id === id, first.href.slice(1));
      const inView = await page.evaluate((id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight;
      }, first.href.slice(1));
      assert.ok(inView, "the citation is scrolled into view");
      // And back.
      await page.click(`#${first.href.slice(1)} a.backref`);
      await page.waitForFunction((id) => document.activeElement?.id === id, first.id);

      // Latency and request id are shown.
      assert.match(await page.textContent("#run-text"), /Answered in \d+(\.\d+)? (ms|s) .*request [0-9a-f-]{4,}/);

      // The A2A exchange: the JSON-RPC request and the response.
      await page.click("#exchange summary");
      const request = JSON.parse(await page.textContent("#exchange-request"));
      assert.equal(request.jsonrpc, "2.0");
      assert.equal(request.method, "message/send");
      assert.equal(request.params.message.parts[0].text, question);
      assert.equal(request.params.message.metadata.skillId, "catholic_qa");
      const response = JSON.parse(await page.textContent("#exchange-response"));
      assert.equal(response.id, request.id);
      assert.equal(response.result.status.state, "completed");
      assert.match(await page.textContent("#exchange-meta"), /HTTP 200 · \d+/);
      await screenshots(page, "01-qa");

      // A related question asks again.
      assert.ok(facts.related.length > 0, "related questions");
      await page.click(".related .chip >> nth=0");
      await waitForAnswer(page);
      assert.equal(await page.textContent(".asked q"), facts.related[0]);
      assert.equal(await page.inputValue("#f-question"), facts.related[0]);
      const again = JSON.parse(await page.textContent("#exchange-request"));
      assert.equal(again.params.message.parts[0].text, facts.related[0]);
      await assertSafeLinks(page);
    });
  });

  test("search, open a result: the document with its metadata, and back to the results", async () => {
    await withPage(async (page) => {
      await pickSkill(page, "document_search");
      await page.click('#examples .chip:has-text("just wage")');
      await waitForAnswer(page);
      const titles = await page.$$eval(".results .result-open", (b) => b.map((x) => ({ title: x.textContent, id: x.dataset.id })));
      assert.ok(titles.length > 0, "search results");
      assert.match((await answer(page)).title, /^\d+ results? for “just wage”$/);
      await screenshots(page, "02-search");

      await page.click(".results .result-open >> nth=0");
      await waitForAnswer(page);
      const request = JSON.parse(await page.textContent("#exchange-request"));
      assert.equal(request.params.message.metadata.skillId, "document_fetch");
      assert.deepEqual(request.params.message.parts, [{ kind: "data", data: { id: titles[0].id } }]);
      assert.equal((await answer(page)).title, titles[0].title);
      await page.waitForSelector('.doc-text[data-complete="1"]');
      const meta = await page.$$eval(".doc-meta dt", (dts) => dts.map((d) => d.textContent));
      for (const k of ["Author", "Reference", "Id", "Length"]) assert.ok(meta.includes(k), `metadata ${k}`);
      assert.equal(await page.textContent(".doc-meta code"), titles[0].id);
      assert.ok((await page.textContent(".doc-text")).trim().length > 20, "the document's text");
      await screenshots(page, "03-document", { fullPage: false, at: "#answer" });

      await page.click(".back button");
      await page.waitForSelector(".results .result-open");
      assert.equal(await page.locator(".results .result-open").count(), titles.length);
      await assertSafeLinks(page);
    });
  });

  test("the longest document renders in chunks without freezing the page", async () => {
    // Find the longest document among a few searches, through the SDK in Node.
    const { MagisteriumClient } = await import("../../pkg/node.js");
    const client = new MagisteriumClient({ endpoint: `${AGENT_URL}/api/v1/a2a` });
    const ids = new Set();
    for (const q of ["canon law", "catechism", "work", "church", "creation", "faith"]) {
      for (const r of (await client.documentSearch(q)).results) ids.add(r.id);
    }
    let longest = { id: null, length: 0 };
    for (const id of ids) {
      const doc = await client.documentFetch(id);
      if (doc && doc.text.length > longest.length) longest = { id, length: doc.text.length };
    }
    assert.ok(longest.length > 300_000, `a 300 KB+ document exists (longest: ${longest.id}, ${longest.length} chars)`);

    await withPage(async (page) => {
      await page.evaluate(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push(e.duration);
        }).observe({ type: "longtask" });
      });
      await pickSkill(page, "document_fetch");
      await page.fill("#f-id", longest.id);
      const started = Date.now();
      await page.press("#f-id", "Enter");
      await waitForAnswer(page);
      // While it renders, the page answers promptly.
      const ping = Date.now();
      await page.evaluate(() => 1);
      const pingMs = Date.now() - ping;
      await page.waitForSelector('.doc-text[data-complete="1"]', { timeout: 30_000 });
      const total = Date.now() - started;
      const { chunks, textLength, longest: worst } = await page.evaluate(() => ({
        chunks: document.querySelectorAll(".doc-text .doc-chunk").length,
        textLength: document.querySelector(".doc-text").textContent.length,
        longest: Math.max(0, ...window.__longTasks),
      }));
      assert.ok(chunks > 10, `rendered in chunks (${chunks})`);
      assert.ok(textLength > 0.7 * longest.length, `the whole text is there (${textLength} of ${longest.length} characters)`);
      assert.ok(pingMs < 500, `the page answered in ${pingMs} ms while rendering`);
      assert.ok(worst < 400, `no task blocked the page for long (longest ${Math.round(worst)} ms, total ${total} ms)`);
      await screenshots(page, "04-long-document", { fullPage: false, at: "#answer" });
    });
  });

  test("document fetch by id, and an unknown id is shown as not found", async () => {
    await withPage(async (page) => {
      await pickSkill(page, "document_fetch");
      await page.fill("#f-id", "no-such-document-xyz");
      await submit(page);
      assert.equal((await answer(page)).title, "Document not found");
      assert.equal(await page.getAttribute(".notice", "data-state"), "not-found");
      assert.equal(await page.locator('[role="alert"]').count(), 0, "not found is an answer, not an error");
      // An id from a search result opens that document.
      await pickSkill(page, "document_search");
      await page.fill("#f-search", "Rerum Novarum capital and labour");
      await submit(page);
      const hit = await page.$eval(".results .result-open", (b) => ({ id: b.dataset.id, title: b.textContent }));
      await pickSkill(page, "document_fetch");
      await page.fill("#f-id", hit.id);
      await submit(page);
      assert.equal((await answer(page)).title, hit.title);
      await page.waitForSelector('.doc-text[data-complete="1"]');
      assert.equal(await page.locator(".back").count(), 0, "no way back to results when opened by id");
    });
  });

  test("liturgical readings by date picker and by words, and a day without readings", async () => {
    await withPage(async (page) => {
      await pickSkill(page, "liturgical_readings");
      assert.equal(await page.getAttribute("#f-date", "type"), "date");
      await page.fill("#f-date", "2026-04-05");
      await submit(page);
      let request = JSON.parse(await page.textContent("#exchange-request"));
      assert.equal(request.params.message.parts[0].text, "2026-04-05");
      let shown = await answer(page);
      assert.match(shown.title + shown.text, /Easter/i);
      assert.equal(await page.locator(".day-text h2, .day-text h1").count(), 0, "headings sit under the answer's h2");
      await screenshots(page, "05-readings");

      await page.click('#examples .chip:has-text("next Sunday")');
      await waitForAnswer(page);
      request = JSON.parse(await page.textContent("#exchange-request"));
      assert.equal(request.params.message.parts[0].text, "next Sunday");
      shown = await answer(page);
      assert.match(shown.title + shown.text, /Sunday/);

      await page.fill("#f-when", "");
      await page.fill("#f-date", "1850-06-01");
      await submit(page);
      assert.equal((await answer(page)).title, "No readings found");
      assert.equal(await page.getAttribute(".notice", "data-state"), "not-found");
    });
  });

  test("saints of the day by date (a data part) and by words, and text that is no date", async () => {
    await withPage(async (page) => {
      await pickSkill(page, "saints_of_the_day");
      await page.fill("#f-date", "2026-03-19");
      await submit(page);
      const request = JSON.parse(await page.textContent("#exchange-request"));
      assert.deepEqual(request.params.message.parts, [{ kind: "data", data: { date: "2026-03-19" } }]);
      assert.match((await answer(page)).text, /Joseph/);
      await screenshots(page, "06-saints");

      await page.fill("#f-when", "not a day at all");
      await submit(page);
      assert.equal((await answer(page)).title, "No saints found");
      assert.equal(await page.getAttribute(".notice", "data-state"), "not-found");
    });
  });

  test("the lookups: summary and the record as a table, and not found", async () => {
    const cases = [
      ["saint_lookup", "Thérèse of Lisieux", /Thérèse/, "07-saint-lookup"],
      ["person_lookup", "Joseph Bernardin", /Bernardin/, "08-person-lookup"],
      ["pope_lookup", "Leo XIV", /Leo XIV/, "09-pope-lookup"],
      ["diocese_lookup", "Chicago", /Chicago/, "10-diocese-lookup"],
    ];
    await withPage(async (page) => {
      for (const [skill, query, expect, shot] of cases) {
        await pickSkill(page, skill);
        await page.fill("#f-lookup", query);
        await page.press("#f-lookup", "Enter");
        await waitForAnswer(page);
        const shown = await answer(page);
        assert.match(shown.title, expect, skill);
        assert.ok((await page.locator(".summary").count()) === 1, `${skill}: summary`);
        const rows = await page.$$eval("table.record:not(.nested) > tbody > tr > th", (th) => th.map((x) => x.textContent));
        assert.ok(rows.includes("Id") && rows.includes("Name"), `${skill}: record table (${rows})`);
        const request = JSON.parse(await page.textContent("#exchange-request"));
        assert.equal(request.params.message.metadata.skillId, skill);
        await screenshots(page, shot);
      }
      await page.fill("#f-lookup", "Zzyzx Qwerty");
      await submit(page);
      assert.equal((await answer(page)).title, "Nothing found");
      assert.equal(await page.getAttribute(".notice", "data-state"), "not-found");
      await assertSafeLinks(page);
    });
  });

  test("diocese statistics: an SVG line chart with a metric picker, and the table by year", async () => {
    await withPage(async (page) => {
      await pickSkill(page, "diocese_statistics_lookup");
      await page.fill("#f-lookup", "Chicago");
      await submit(page);
      assert.match((await answer(page)).title, /Chicago/);
      const chart = () =>
        page.evaluate(() => {
          const svg = document.querySelector(".chart-figure svg");
          return {
            ns: svg.namespaceURI,
            role: svg.getAttribute("role"),
            title: svg.querySelector("title").textContent,
            line: svg.querySelector("path.chart-line").getAttribute("d"),
            points: svg.querySelectorAll("circle.chart-point").length,
            tips: [...svg.querySelectorAll("circle.chart-point > title")].map((t) => t.textContent),
          };
        });
      const first = await chart();
      assert.equal(first.ns, "http://www.w3.org/2000/svg");
      assert.equal(first.role, "img");
      assert.match(first.title, /^Catholics in .*Chicago/);
      assert.equal(first.points, 5);
      assert.match(first.line, /^M[\d.]+,[\d.]+( L[\d.]+,[\d.]+){4}$/);
      const options = await page.$$eval("#metric option", (o) => o.map((x) => x.value));
      assert.equal(options.length, 19);
      assert.equal(await page.inputValue("#metric"), "catholics");
      await page.selectOption("#metric", "seminarians");
      const second = await chart();
      assert.match(second.title, /^Seminarians in/);
      assert.notEqual(second.line, first.line);
      assert.match(second.tips[0], /^2019: \d/);
      const years = await page.$$eval("table.stats thead th[scope=col]", (th) => th.map((x) => x.textContent));
      assert.deepEqual(years, ["Metric", "2019", "2020", "2021", "2022", "2023"]);
      assert.equal(await page.locator("table.stats tbody tr").count(), 19);
      await page.selectOption("#metric", "percent_catholic");
      assert.match((await chart()).tips[0], /%$/);
      await page.selectOption("#metric", "catholics");
      await screenshots(page, "11-diocese-statistics");
    });
  });

  test("every example chip of every skill gives an answer (nothing to read first)", async () => {
    const card = await (await fetch(`${AGENT_URL}/.well-known/agent.json`)).json();
    await withPage(async (page) => {
      const failures = [];
      for (const skill of card.skills) {
        await pickSkill(page, skill.id);
        const chips = await page.$$eval("#examples .chip", (c) => c.map((x) => x.textContent));
        assert.deepEqual(chips, skill.examples ?? [], `${skill.id}: the card's examples are the chips`);
        for (let i = 0; i < chips.length; i++) {
          await page.click(`#examples .chip >> nth=${i}`);
          await waitForAnswer(page);
          const states = await page.$$eval("#answer-body .notice, .error-box", (els) => els.map((e) => e.dataset.state ?? e.dataset.kind));
          if (states.length) failures.push(`${skill.id} “${chips[i]}”: ${states.join(", ")} (${(await answer(page)).title})`);
        }
      }
      assert.deepEqual(failures, [], "example inputs that find nothing or fail");
    });
  });
});
