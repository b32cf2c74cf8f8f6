// The demo page (www/) in headless Chromium against the Worker of scripts/test.sh (the embedded
// stand-in agent at MAGISTERIUM_AGENT_URL): keyboard-only use, and the dark colour scheme at 360 px
// (no horizontal scrolling, readable contrast), with screenshots in test-output/screenshots/.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { AGENT_URL } from "./helpers.mjs";
import {
  answer,
  demoPages,
  horizontalOverflow,
  launchBrowser,
  openPage,
  pickSkill,
  problems,
  screenshots,
  waitForAnswer,
} from "./page-helpers.mjs";

const withPage = demoPages();

describe("demo page", () => {
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
