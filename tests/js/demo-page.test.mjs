// The demo page (www/) in headless Chromium against the Worker of scripts/test.sh (the embedded
// stand-in agent at MAGISTERIUM_AGENT_URL), plus a rate-limited Worker of its own. Every skill through
// the UI, footnotes, Cancel, the rate-limit countdown, a hostile answer, keyboard-only use, and
// screenshots at 1280 and 360 px in test-output/screenshots/.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { AGENT_URL } from "./helpers.mjs";
import {
  answer,
  completedTask,
  fulfilRpc,
  horizontalOverflow,
  launchBrowser,
  openPage,
  pickSkill,
  problems,
  routeSession,
  screenshots,
  startWorker,
  submit,
  waitForAnswer,
} from "./page-helpers.mjs";

const RATE_LIMITED_PORT = 18811;
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

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Runs `body` with a fresh page of the demo; asserts no console error, page error or CSP violation. */
async function withPage(body, { base = AGENT_URL, allow = [], ...options } = {}) {
  const page = await openPage(browser.context, base, options);
  try {
    await body(page);
    assert.deepEqual(await problems(page, allow), [], "console errors, page errors or CSP violations");
  } finally {
    await page.close();
  }
}

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

  test("Cancel stops a slow call: busy state, elapsed time, then the aborted state", async () => {
    await withPage(async (page) => {
      let release;
      const released = new Promise((r) => (release = r));
      await page.route("**/api/v1/a2a", async (route) => {
        await Promise.race([released, new Promise((r) => setTimeout(r, 15_000))]);
        await route.continue().catch(() => {});
      });
      await pickSkill(page, "pope_lookup");
      await page.fill("#f-lookup", "Leo XIV");
      await page.click("#submit");
      await page.waitForSelector("#cancel:not([hidden])");
      assert.equal(await page.getAttribute("#answer", "aria-busy"), "true");
      await page.waitForFunction(() => /… [1-9]\d*\.\d s$/.test(document.getElementById("run-text").textContent));
      const elapsed = await page.textContent("#run-text");
      await page.click("#cancel");
      await waitForAnswer(page);
      release();
      assert.equal(await page.getAttribute("#answer", "aria-busy"), "false");
      assert.equal((await answer(page)).title, "Cancelled");
      assert.equal(await page.getAttribute(".notice", "data-state"), "aborted");
      assert.ok(await page.isHidden("#cancel"));
      assert.match(await page.textContent("#run-text"), /^Cancelled after/);
      assert.equal(await page.locator('[role="alert"]').count(), 0, "a cancel is not an error");
      assert.match(elapsed, /Looking up “Leo XIV”… \d+\.\d s/);
      await page.unroute("**/api/v1/a2a");
      // The page works again after a cancel.
      await submit(page);
      assert.match((await answer(page)).title, /Leo XIV/);
    });
  });

  describe("against a rate-limited Worker", () => {
    let worker;
    before(async () => {
      worker = await startWorker(RATE_LIMITED_PORT, ["AGENT_RATE_LIMITS:on"]);
    });
    after(() => worker?.stop());

    test("the third question in a minute is refused with a countdown, announced once", async () => {
      await withPage(
        async (page) => {
          await pickSkill(page, "catholic_qa");
          for (let i = 1; i <= 2; i++) {
            await page.fill("#f-question", `Question ${i}: what is grace?`);
            await submit(page);
            assert.equal((await answer(page)).title, "Answer", `question ${i} answered`);
          }
          await page.fill("#f-question", "Question 3: what is grace?");
          await submit(page);
          const box = page.locator('.error-box[data-kind="rate_limited"]');
          await box.waitFor();
          assert.equal(await box.locator('[role="alert"]').count(), 1);
          assert.match(await box.locator('[role="alert"]').textContent(), /2 questions a minute/);
          // Focus went to the error's title.
          assert.equal(await page.evaluate(() => document.activeElement.classList.contains("error-title")), true);
          // The countdown ticks, outside the alert and outside any polite/assertive live region.
          const seconds = async () => Number((await box.locator(".countdown-seconds").textContent()).replace(/\D/g, ""));
          const start = await seconds();
          assert.ok(start > 0 && start <= 60, `countdown starts at ${start} s`);
          const inLive = await page.evaluate(() => {
            const el = document.querySelector(".countdown");
            const live = el.closest('[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"]');
            return live ? live.outerHTML.slice(0, 80) : null;
          });
          assert.equal(inLive, null, "the countdown is not announced on every tick");
          await page.waitForTimeout(2100);
          const later = await seconds();
          assert.ok(later < start && later >= start - 3, `countdown went from ${start} to ${later}`);
          assert.ok(await box.locator("button:has-text('Try again')").isDisabled(), "Try again waits for the countdown");
          const response = JSON.parse(await page.textContent("#exchange-response"));
          assert.ok(response.error, "the exchange shows the refusal");
          assert.match(await page.textContent("#exchange-meta"), /HTTP 429/);
          await screenshots(page, "12-rate-limited");
        },
        { base: worker.url, allow: [/status of 429/] },
      );
    });
  });

  test("a hostile answer (script, img onerror, javascript: links) is rendered inert", async () => {
    const hostile = [
      "Hello <script>window.__pwned=1</script> world.[^1]",
      "",
      '<img src=x onerror="window.__pwned=1">',
      "",
      "[x](javascript:window.__pwned=1) and [y](JaVaScRiPt:window.__pwned=1) and [z](javascript&#58;window.__pwned=1)",
      "",
      "<a href=\"javascript:window.__pwned=1\" onclick=\"window.__pwned=1\">raw link</a> [^2]",
      "",
      '<svg onload="window.__pwned=1"></svg> <iframe src="javascript:window.__pwned=1"></iframe>',
      "",
      "[data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+) [vb](vbscript:msgbox(1))",
    ].join("\n");
    const citations = [
      { cited_text: "<img src=x onerror=window.__pwned=1>", document_title: "<script>window.__pwned=1</script>", document_index: 0, document_author: "<b>bold?</b>", document_year: "1891", document_reference: "§1", source_url: "javascript:window.__pwned=1" },
      { cited_text: "fine", document_title: "Second", document_index: 1, source_url: "  JaVaScRiPt:window.__pwned=1" },
    ];
    await withPage(async (page) => {
      await page.route("**/api/v1/a2a", (route) =>
        fulfilRpc(route, {
          result: completedTask("catholic_qa_response", [
            { kind: "text", text: hostile },
            { kind: "data", data: { citations } },
            { kind: "data", data: { related_questions: ['<img src=x onerror="window.__pwned=1">'] } },
          ]),
        }),
      );
      await pickSkill(page, "catholic_qa");
      await page.fill("#f-question", "Is this page safe?");
      await submit(page);
      await page.waitForTimeout(300);
      const dom = await page.evaluate(() => {
        const answer = document.getElementById("answer");
        const attrs = [...document.querySelectorAll("*")].flatMap((el) => [...el.attributes].map((a) => `${el.tagName}.${a.name}`)).filter((a) => /\.on/i.test(a));
        return {
          pwned: window.__pwned,
          scripts: answer.querySelectorAll("script").length,
          iframes: answer.querySelectorAll("iframe, svg:not(.chart), img, object, embed").length,
          onAttrs: attrs,
          html: answer.innerHTML,
          hrefs: [...document.querySelectorAll("[href], [src]")].map((el) => el.getAttribute("href") ?? el.getAttribute("src")),
          text: answer.innerText,
        };
      });
      assert.equal(dom.pwned, undefined, "nothing ran");
      assert.equal(dom.scripts, 0, "no script element in the answer");
      assert.equal(dom.iframes, 0, "no img/iframe/svg/object from the answer");
      assert.deepEqual(dom.onAttrs, [], "no inline event handler anywhere");
      // In innerHTML a text "<" is "&lt;": a literal "<" starts a real tag.
      assert.doesNotMatch(dom.html, /<[^>]*\son[a-z]+=/i, "no handler attribute in the answer's tags");
      for (const href of dom.hrefs) assert.doesNotMatch(href.replace(/[\s\u0000-\u001f]/g, ""), /^(javascript|data|vbscript):/i, `href ${href}`);
      // Escaped, not dropped: the reader sees the text.
      assert.match(dom.text, /<script>window.__pwned=1<\/script>/);
      assert.match(dom.text, /<img src=x onerror="window.__pwned=1">/);
      assert.match(dom.text, /\bx and y and z\b/);
      // The citation with a javascript: source has no link; its title is text.
      assert.equal(await page.locator("#cite-1 a.source-link").count(), 0);
      assert.equal(await page.locator("#cite-2 a.source-link").count(), 0);
      assert.equal(await page.textContent("#cite-1 .cite-title strong"), "<script>window.__pwned=1</script>");
      assert.equal(await page.textContent(".related .chip"), '<img src=x onerror="window.__pwned=1">');
      // Footnotes still work.
      assert.equal(await page.locator('.answer-text sup.fn a[href="#cite-1"]').count(), 1);
      await screenshots(page, "13-hostile-answer");
      assert.equal(await page.evaluate(() => window.__pwned), undefined);
    });
  });

  test("errors in plain words: plan required, unauthorized, network", async () => {
    const cases = [
      [{ error: { code: -32005, message: "Plan required" } }, "plan_required", /paid plan/i, /upgrade|paid account/i],
      [{ status: 401, error: { code: -32004, message: "Unauthorized" } }, "unauthorized", /Not signed in/i, /MAGISTERIUM_TOKEN/],
      ["abort", "network", /Could not reach/i, /connection/i],
    ];
    await withPage(
      async (page) => {
        await pickSkill(page, "pope_lookup");
        for (const [reply, kind, title, advice] of cases) {
          await page.route("**/api/v1/a2a", (route) => (reply === "abort" ? route.abort("connectionrefused") : fulfilRpc(route, reply)));
          await page.fill("#f-lookup", "Leo XIV");
          await submit(page);
          const box = page.locator(`.error-box[data-kind="${kind}"]`);
          await box.waitFor();
          const alertText = await box.locator('[role="alert"]').textContent();
          assert.match(alertText, title, kind);
          assert.match(alertText, advice, kind);
          assert.equal(await page.locator('[role="alert"]').count(), 1);
          if (kind === "plan_required") await screenshots(page, "14-error-plan-required");
          await page.unroute("**/api/v1/a2a");
        }
        // A successful call clears the error.
        await submit(page);
        assert.equal(await page.locator(".error-box").count(), 0);
      },
      {
        allow: [/status of 401/, /ERR_CONNECTION_REFUSED/, /Failed to load resource/],
        // A Worker without sign-in: the advice is for whoever runs it.
        setup: (page) => routeSession(page, { enabled: false, signedIn: false }),
      },
    );
  });

  test("sign-in: the header offers it when the Worker has it, and unauthorized says to sign in", async () => {
    await withPage(
      async (page) => {
        // Nothing is stored by the page.
        assert.deepEqual(await page.evaluate(() => [localStorage.length, sessionStorage.length]), [0, 0]);
        assert.equal(await page.isHidden("#account"), true, "no sign-in control when the Worker has no sign-in");
        await page.unroute("**/auth/session");
        await routeSession(page, { enabled: true, signedIn: false, anonymousAllowed: false });
        await page.reload();
        await page.waitForSelector('body[data-ready="1"]');
        assert.equal(await page.getAttribute("#account a", "href"), "/auth/login");
        await page.route("**/api/v1/a2a", (route) => fulfilRpc(route, { status: 401, error: { code: -32004, message: "Sign in first" } }));
        await pickSkill(page, "saint_lookup");
        await page.fill("#f-lookup", "Carlo Acutis");
        await submit(page);
        const box = page.locator('.error-box[data-kind="unauthorized"]');
        assert.match(await box.locator('[role="alert"]').textContent(), /Sign in with your Magisterium account/);
        assert.equal(await box.locator('a[href="/auth/login"]').count(), 1);
        await screenshots(page, "15-signed-out");

        await page.unroute("**/auth/session");
        await routeSession(page, { enabled: true, signedIn: true, expiresAt: Date.now() + 3_600_000, anonymousAllowed: false });
        await page.reload();
        await page.waitForSelector('body[data-ready="1"]');
        assert.match(await page.textContent("#account"), /Signed in\s*Sign out/);
        const text = await page.evaluate(() => document.body.innerText);
        assert.doesNotMatch(text, /Bearer|access_token|refresh_token/i, "no token on the page");
      },
      { allow: [/status of 401/], setup: (page) => routeSession(page, { enabled: false, signedIn: false }) },
    );
  });

  test("keyboard only: Tab, Enter and Space through a lookup, a question, a footnote and a related question", async () => {
    await withPage(async (page) => {
      const active = () => page.evaluate(() => {
        const el = document.activeElement;
        return { id: el?.id ?? "", skill: el?.dataset?.skill ?? "", cls: el?.className ?? "", tag: el?.tagName ?? "", text: el?.textContent ?? "", href: el?.getAttribute?.("href") ?? "" };
      });
      async function tabTo(predicate, { back = false, max = 60 } = {}) {
        for (let i = 0; i < max; i++) {
          await page.keyboard.press(back ? "Shift+Tab" : "Tab");
          const a = await active();
          if (predicate(a)) return a;
        }
        throw new Error(`focus never reached the target; last ${JSON.stringify(await active())}`);
      }
      // A visible focus ring on the first stop (the skip link) and on a skill button.
      await tabTo((a) => a.cls.includes("skip-link"));
      const pope = await tabTo((a) => a.skill === "pope_lookup");
      assert.equal(pope.tag, "BUTTON");
      const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
      assert.notEqual(ring, "none", "focus is visible");
      await page.keyboard.press("Enter");
      assert.equal((await active()).id, "f-lookup", "picking a skill moves focus to its input");
      await page.keyboard.type("Leo XIV");
      await page.keyboard.press("Enter");
      await waitForAnswer(page);
      assert.equal((await active()).id, "answer-heading");
      assert.match((await answer(page)).title, /Leo XIV/);

      // Back up to the Q&A skill with Shift+Tab, pick it with Space.
      await tabTo((a) => a.skill === "catholic_qa", { back: true });
      await page.keyboard.press("Space");
      assert.equal((await active()).id, "f-question");
      await page.keyboard.type("What is grace?");
      await page.keyboard.press("Shift+Enter");
      await page.keyboard.type("And why does it matter?");
      assert.equal(await page.inputValue("#f-question"), "What is grace?\nAnd why does it matter?", "Shift+Enter breaks the line");
      assert.equal(await page.getAttribute("#answer", "aria-busy"), "false", "Shift+Enter did not send");
      await page.keyboard.press("Enter");
      await waitForAnswer(page);
      assert.equal(await page.textContent(".asked q"), "What is grace?\nAnd why does it matter?");

      // From the answer heading, Tab to the first footnote and follow it with Enter.
      const footnote = await tabTo((a) => /^#cite-\d+$/.test(a.href));
      await page.keyboard.press("Enter");
      await page.waitForFunction((id) => document.activeElement?.id === id, footnote.href.slice(1));

      // Tab on to a related question and ask it with Space.
      const chip = await tabTo((a) => a.cls.includes("chip") && a.tag === "BUTTON");
      await page.keyboard.press("Space");
      await waitForAnswer(page);
      assert.equal(await page.textContent(".asked q"), chip.text);

      // Escape cancels a running call.
      await page.route("**/api/v1/a2a", () => new Promise(() => {}));
      await page.focus("#f-question");
      await page.keyboard.press("Enter");
      await page.waitForSelector("#cancel:not([hidden])");
      await page.keyboard.press("Escape");
      await waitForAnswer(page);
      assert.equal((await answer(page)).title, "Cancelled");
    });
  });

  test("dark colour scheme and 360 px: no horizontal scrolling, readable colours", async () => {
    const dark = await launchBrowser({ colorScheme: "dark" });
    try {
      const page = await openPage(dark.context, AGENT_URL, { width: 360, height: 780 });
      try {
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        assert.match(bg, /rgb\((\d|[1-4]\d), (\d|[1-4]\d), (\d|[1-4]\d)\)/, `dark background (${bg})`);
        assert.ok((await horizontalOverflow(page)) <= 0, "no horizontal scrolling at 360 px");
        await pickSkill(page, "diocese_statistics_lookup");
        await page.click("#examples .chip >> nth=0");
        await waitForAnswer(page);
        assert.ok((await horizontalOverflow(page)) <= 0, "statistics fit in 360 px (tables scroll inside)");
        await screenshots(page, "16-dark-statistics");
        await pickSkill(page, "catholic_qa");
        await page.click("#examples .chip >> nth=0");
        await waitForAnswer(page);
        assert.ok((await horizontalOverflow(page)) <= 0, "the answer fits in 360 px");
        // Text and background differ enough (WCAG AA 4.5:1) for the body text, muted text and links.
        const ratios = await page.evaluate(() => {
          const lum = (c) => {
            const [r, g, b] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
              v /= 255;
              return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const ratio = (a, b) => {
            const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
            return (x + 0.05) / (y + 0.05);
          };
          const surface = getComputedStyle(document.querySelector(".answer")).backgroundColor;
          const pick = (sel) => getComputedStyle(document.querySelector(sel)).color;
          return { text: ratio(pick(".answer-text"), surface), muted: ratio(pick(".task-line"), surface), link: ratio(pick("sup.fn a"), getComputedStyle(document.querySelector("sup.fn a")).backgroundColor) };
        });
        for (const [k, r] of Object.entries(ratios)) assert.ok(r >= 4.5, `${k} contrast ${r.toFixed(2)}`);
        await screenshots(page, "17-dark-qa");
        assert.deepEqual(await problems(page), []);
      } finally {
        await page.close();
      }
    } finally {
      await dark.close();
    }
  });
});
