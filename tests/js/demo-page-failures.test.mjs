// The demo page (www/) in headless Chromium against the Worker of scripts/test.sh (the embedded
// stand-in agent at MAGISTERIUM_AGENT_URL), plus a rate-limited Worker of its own: when a call does
// not simply succeed (Cancel, the rate-limit countdown, a hostile answer, errors in plain words,
// sign-in), with screenshots in test-output/screenshots/.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { port } from "./helpers.mjs";
import {
  answer,
  completedTask,
  demoPages,
  fulfilRpc,
  pickSkill,
  routeSession,
  screenshots,
  startWorker,
  submit,
  waitForAnswer,
} from "./page-helpers.mjs";

const RATE_LIMITED_PORT = port(18811);
const withPage = demoPages();

describe("demo page", () => {
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
});
