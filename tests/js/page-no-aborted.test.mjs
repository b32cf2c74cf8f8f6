// A successful call leaves no request failed or aborted in the browser's network panel (issue 26):
// the demo page in headless Chromium (the SDK in the page, the Worker's embedded stand-in at
// MAGISTERIUM_AGENT_URL) searches, opens a result (documentFetch), goes back, and again; every
// JSON-RPC request must finish (Playwright's `requestfinished`), none may fail (`requestfailed`,
// where an abort after the body was read shows as net::ERR_ABORTED). That abort races the
// browser's own "load finished", so it only shows sometimes; the signal of every request the SDK
// made is checked too: none may be aborted after the call resolved.
import "./record.mjs";
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { demoPages, pickSkill, waitForAnswer } from "./page-helpers.mjs";

describe("the network panel after successful calls", () => {
  const withPage = demoPages();

  test("search then fetch, five times: every request finished, none failed or aborted", async () => {
    const setup = (page) =>
      page.addInitScript(() => {
        const fetch = globalThis.fetch;
        window.__rpcSignals = [];
        globalThis.fetch = function (input, init) {
          // The SDK hands fetch a built Request (JSON-RPC calls and the agent card alike).
          if (input instanceof Request) window.__rpcSignals.push(input.signal);
          return fetch.call(this, input, init);
        };
      });
    await withPage(async (page) => {
      const failed = [];
      const finished = [];
      const started = [];
      const rpc = (r) => new URL(r.url()).pathname === "/api/v1/a2a";
      page.on("request", (r) => rpc(r) && started.push(r.url()));
      page.on("requestfailed", (r) => rpc(r) && failed.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
      page.on("requestfinished", (r) => rpc(r) && finished.push(r.url()));
      await pickSkill(page, "document_search");
      for (let round = 0; round < 5; round++) {
        await page.click('#examples .chip >> nth=0');
        await waitForAnswer(page);
        await page.click(`.results .result-open >> nth=${round % 2}`);
        await waitForAnswer(page);
        await page.waitForSelector('.doc-text[data-complete="1"]');
        await page.click(".back button");
        await page.waitForSelector(".results .result-open");
      }
      // Let late network events arrive (an abort after the read would come after the answer).
      await page.waitForTimeout(500);
      assert.deepEqual(failed, [], "requests marked failed or aborted");
      assert.ok(started.length >= 10, `${started.length} JSON-RPC requests`);
      assert.equal(finished.length, started.length, "every JSON-RPC request finished");
      const signals = await page.evaluate(() => window.__rpcSignals.map((s) => s.aborted));
      assert.ok(signals.length >= started.length, "the SDK's requests were seen");
      assert.deepEqual(signals.filter(Boolean), [], "no request of a successful call was aborted");
    }, { setup });
  });
});
