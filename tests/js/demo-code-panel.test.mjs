// The demo page's "Use this in your app" panel. Its snippets, run: for one skill per result shape,
// the page makes the call, then each snippet the panel shows (browser, Cloudflare Worker, Node) runs
// unchanged in Node with the built package (pkg/ as node_modules/magisterium-a2a), its network
// pointed at the stand-in (tests/js/snippet-fetch.mjs): it must send the page's request and get the
// page's result. The Worker snippets then run once more in workerd (wrangler dev, the package's
// workerd entry). And the panel itself: closed at first, tabs by keyboard, copy, kept open.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { AGENT_URL, consumerDir, port, writeFile } from "./helpers.mjs";
import { runSnippet, serveWorkerSnippets } from "./snippet-run.mjs";
import { answer, completedTask, fulfilRpc, horizontalOverflow, launchBrowser, openPage, pickSkill, problems, screenshots, submit, waitForAnswer } from "./page-helpers.mjs";
import { decodeResponse } from "../../pkg/node.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const TARGETS = ["browser", "worker", "node"];
const dir = consumerDir("snippets");

/** The Worker snippets met so far with the page's result, for the run in workerd (last test). */
const workerSnippets = [];
const WORKERD_PORT = port(18812);

/** The page's next JSON-RPC exchange (request and response bodies), caught at the network. */
function nextExchange(page) {
  return page
    .waitForResponse((r) => r.url().endsWith("/api/v1/a2a") && r.request().method() === "POST", { timeout: 20_000 })
    .then(async (r) => ({ request: r.request().postData(), response: await r.text() }));
}

/** A decoded result without what differs from call to call: its task, and the artifacts' ids. */
function withoutTask(result) {
  if (result === null || typeof result !== "object") return result;
  const { task: _task, ...rest } = result;
  if (Array.isArray(rest.artifacts)) rest.artifacts = rest.artifacts.map(({ artifactId: _id, ...artifact }) => artifact);
  return rest;
}

/** The message the request sends, less its random messageId. */
function sentMessage(requestText) {
  const request = JSON.parse(requestText);
  const { messageId: _id, ...message } = request.params.message;
  return { method: request.method, message };
}

/**
 * Opens the answer's code panel, reads its three snippets, runs each, and checks it sent the page's
 * request and got the page's result. Returns the page's decoded result.
 */
async function checkSnippets(page, name, skillId, exchange) {
  const pageResult = decodeResponse(skillId, exchange.response);
  const panel = page.locator("#answer-body details.use-code");
  if (!(await panel.evaluate((d) => d.open))) await panel.locator("summary").click();
  for (const target of TARGETS) {
    await page.click(`#code-tab-${target}`);
    assert.equal(await page.getAttribute(`#code-tab-${target}`, "aria-selected"), "true");
    const code = await panel.locator('pre[data-part="code"]').textContent();
    const file = writeFile(dir, `${name}-${target}.mjs`, code);
    const live = await runSnippet(file, target);
    const what = `${name} (${target} snippet):\n${code}\n${live.stderr}`;
    assert.equal(live.code, 0, what);
    assert.equal(live.stderr, "", what);
    assert.equal(live.exchanges.length, 1, `${what}: one JSON-RPC call`);
    const [sent] = live.exchanges;
    assert.equal(sent.url, `${AGENT_URL}/api/v1/a2a`, what);
    assert.deepEqual(sentMessage(sent.request), sentMessage(exchange.request), `${what}: the page's request`);
    assert.deepEqual(withoutTask(decodeResponse(skillId, sent.response)), withoutTask(pageResult), `${what}: the page's result`);
    if (target === "worker") {
      workerSnippets.push({ name, code, pageResult });
      assert.deepEqual(withoutTask(JSON.parse(live.stdout)), withoutTask(pageResult), `${what}: the Worker's answer`);
    } else {
      // What the snippet prints from the stand-in's answer is what it prints from the page's.
      assert.ok(live.stdout.trim().length > 0, `${what}: prints the result`);
      const replay = await runSnippet(file, target, { replay: exchange.response });
      assert.equal(replay.code, 0, replay.stderr);
      assert.equal(live.stdout, replay.stdout, `${what}: prints the same as on the page's answer`);
    }
  }
  return pageResult;
}

describe("demo page: the snippets of “Use this in your app” run and reproduce the page's call", () => {
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

  /** Fills `selector` with `value` and submits; resolves to the page's exchange. */
  async function ask(skillId, fill) {
    await pickSkill(page, skillId);
    await fill();
    const exchange = nextExchange(page);
    await page.click("#submit");
    await waitForAnswer(page);
    return exchange;
  }

  test("Q&A (a question with quotes, backticks, ${…} and a newline), then a related question in its context", async () => {
    const question = 'What does "grace" mean — and `why`? ${not a template}\nAnd is it \\ free?';
    const exchange = await ask("catholic_qa", () => page.fill("#f-question", question));
    assert.equal(JSON.parse(exchange.request).params.message.parts[0].text, question);
    const result = await checkSnippets(page, "qa", "catholic_qa", exchange);
    assert.equal(await page.locator(".citations > li").count(), result.citations.length, "the page lists the result's citations");
    assert.deepEqual(await page.$$eval(".related .chip", (c) => c.map((x) => x.textContent)), result.relatedQuestions);
    await page.click("#code-tab-browser");
    await screenshots(page, "18-use-in-your-app", { fullPage: false, at: ".use-code" });

    // The MCP tab is a configuration, not code: it parses, names the page's own /mcp, and an MCP
    // client given that URL gets the tool the page just used. Its note says this Worker's mode
    // (anonymous calls allowed here), with the signed-in mode's same configuration beside it.
    await page.click("#code-tab-mcp");
    const note = await page.textContent('#answer-body [data-part="note"]');
    assert.match(note, /Anonymous \(this site\): no sign-in/);
    assert.match(note, /Signed in \(a site that requires sign-in\): the same configuration/);
    const config = JSON.parse(await page.textContent('#answer-body pre[data-part="code"]'));
    const url = config.mcpServers.magisterium.url;
    assert.equal(url, `${AGENT_URL}/mcp`);
    const client = new Client({ name: "code-panel-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    assert.ok((await client.listTools()).tools.some((t) => t.name === "catholic_qa"));
    await client.close();
    await page.click("#code-tab-browser");

    const followUp = nextExchange(page);
    await page.click(".related .chip >> nth=0");
    await waitForAnswer(page);
    const related = await followUp;
    assert.equal(JSON.parse(related.request).params.message.contextId, result.task.contextId, "asked in the same A2A context");
    assert.match(await page.textContent('#answer-body pre[data-part="code"]'), /\{ contextId: "[^"]+" \}/, "the option is in the code");
    await checkSnippets(page, "qa-related", "catholic_qa", related);
  });

  test("search, then a document opened from the results", async () => {
    const exchange = await ask("document_search", () => page.fill("#f-search", "just wage"));
    const result = await checkSnippets(page, "search", "document_search", exchange);
    assert.deepEqual(await page.$$eval(".results .result-open", (b) => b.map((x) => x.dataset.id)), result.results.map((r) => r.id));

    const opened = nextExchange(page);
    await page.click(".results .result-open >> nth=0");
    await waitForAnswer(page);
    const doc = await checkSnippets(page, "document", "document_fetch", await opened);
    assert.equal(doc.id, result.results[0].id);
    assert.equal(await page.textContent("#answer-heading"), doc.title);
    await page.click("#code-tab-worker");
    await screenshots(page, "19-use-in-your-app-worker", { fullPage: false, at: ".use-code" });
  });

  test("readings by date (a text part) and saints by date (a data part)", async () => {
    const readings = await ask("liturgical_readings", () => page.fill("#f-date", "2026-04-05"));
    const text = await checkSnippets(page, "readings", "liturgical_readings", readings);
    assert.match(text.text, /Easter/);
    const saints = await ask("saints_of_the_day", () => page.fill("#f-date", "2026-03-19"));
    assert.deepEqual(JSON.parse(saints.request).params.message.parts, [{ kind: "data", data: { date: "2026-03-19" } }]);
    assert.match((await checkSnippets(page, "saints", "saints_of_the_day", saints)).text, /Joseph/);
  });

  test("a lookup and the diocese statistics", async () => {
    const pope = await ask("pope_lookup", () => page.fill("#f-lookup", "Leo XIV"));
    const found = await checkSnippets(page, "lookup", "pope_lookup", pope);
    assert.match(found.text, new RegExp(`^## ${await page.textContent("#answer-heading")}\n`), "the title is the summary's heading");
    const name = await page.$$eval("table.record:not(.nested) > tbody > tr", (rows) => rows.find((r) => r.querySelector("th").textContent === "Name")?.querySelector("td").textContent);
    assert.equal(name, found.data[0].name, "the record's name in the table");
    const stats = await ask("diocese_statistics_lookup", () => page.fill("#f-lookup", "Chicago"));
    const shown = await checkSnippets(page, "statistics", "diocese_statistics_lookup", stats);
    const years = await page.$$eval("table.stats thead th[scope=col]", (th) => th.slice(1).map((x) => Number(x.textContent)));
    assert.deepEqual(years, shown.data[0].rows.map((r) => r.year));
  });
});

describe("demo page: the Worker snippets in workerd (wrangler dev)", () => {
  test("each Worker snippet, bundled by wrangler with the package's workerd entry, answers the page's result", async (t) => {
    assert.ok(workerSnippets.length >= 7, `the Worker snippets of the tests above (${workerSnippets.length})`);
    const server = await serveWorkerSnippets(consumerDir("snippets-workerd"), workerSnippets, WORKERD_PORT);
    t.after(() => server.stop());
    for (const { name, code, pageResult } of workerSnippets) {
      const res = await fetch(`http://127.0.0.1:${WORKERD_PORT}/${name}`);
      const text = await res.text();
      assert.equal(res.status, 200, `${name}:\n${code}\n${text}\n${server.log().slice(-2000)}`);
      assert.deepEqual(withoutTask(JSON.parse(text)), withoutTask(pageResult), `${name}: the page's result`);
    }
  });
});

describe("demo page: the code panel's tabs, copy button and keyboard use", () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: AGENT_URL });
  });
  after(() => browser?.close());

  test("closed at first; Enter opens it, arrows move between tabs, Copy puts the code on the clipboard; it stays open", async () => {
    const page = await openPage(browser.context, AGENT_URL);
    try {
      await pickSkill(page, "pope_lookup");
      await page.fill("#f-lookup", "Leo XIV");
      await page.press("#f-lookup", "Enter");
      await waitForAnswer(page);
      const panel = page.locator("#answer-body details.use-code");
      assert.equal(await panel.evaluate((d) => d.open), false, "closed until asked for");
      const active = () => page.evaluate(() => ({ id: document.activeElement.id, tag: document.activeElement.tagName, part: document.activeElement.dataset.part ?? "" }));
      const tabUntil = async (predicate) => {
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press("Tab");
          if (predicate(await active())) return;
        }
        throw new Error(`focus never got there: ${JSON.stringify(await active())}`);
      };
      await tabUntil((a) => a.tag === "SUMMARY");
      await page.keyboard.press("Enter");
      assert.equal(await panel.evaluate((d) => d.open), true);
      await page.keyboard.press("Tab");
      assert.equal((await active()).id, "code-tab-browser", "Tab reaches the selected tab");
      const code = () => panel.locator('pre[data-part="code"]').textContent();
      assert.match(await code(), /await init\(\);[\s\S]*endpoint: "\/api\/v1\/a2a"[\s\S]*client\.popeLookup\("Leo XIV"\)/);
      await page.keyboard.press("ArrowRight");
      assert.equal((await active()).id, "code-tab-worker");
      assert.equal(await page.getAttribute("#code-tab-worker", "aria-selected"), "true");
      assert.equal(await page.getAttribute("#code-tab-browser", "tabindex"), "-1", "one tab stop for the tab list");
      assert.equal(await page.getAttribute("#code-tabpanel", "aria-labelledby"), "code-tab-worker");
      assert.match(await code(), /token: env\.MAGISTERIUM_TOKEN[\s\S]*client\.popeLookup\("Leo XIV"\)[\s\S]*Response\.json\(result\)/);
      await page.keyboard.press("End");
      assert.equal((await active()).id, "code-tab-mcp");
      assert.equal(JSON.parse(await code()).mcpServers.magisterium.url, `${AGENT_URL}/mcp`, "the MCP tab: this site's /mcp");
      await page.keyboard.press("ArrowRight");
      assert.equal((await active()).id, "code-tab-browser", "the arrows wrap around");
      await page.keyboard.press("ArrowLeft");
      assert.equal((await active()).id, "code-tab-mcp");
      await page.keyboard.press("ArrowLeft");
      assert.equal((await active()).id, "code-tab-node");
      assert.match(await code(), /process\.env\.MAGISTERIUM_TOKEN/);
      await tabUntil((a) => a.part === "copy");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelector('[data-part="status"]').textContent === "Copied.");
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await code());

      // The next answer's panel is open on the same tab.
      await page.fill("#f-lookup", "Pius X");
      await submit(page);
      assert.equal(await panel.evaluate((d) => d.open), true);
      assert.equal(await page.getAttribute("#code-tab-node", "aria-selected"), "true");
      assert.match(await code(), /client\.popeLookup\("Pius X"\)/);
      await screenshots(page, "20-use-in-your-app-node", { fullPage: false, at: ".use-code" });
      // At 360 px the open panel fits: its code wraps, nothing scrolls sideways.
      await page.setViewportSize({ width: 360, height: 780 });
      assert.ok((await horizontalOverflow(page)) <= 0, "no horizontal scrolling at 360 px");
      assert.ok(await panel.locator('pre[data-part="code"]').evaluate((pre) => pre.scrollWidth <= pre.clientWidth), "the code wraps at 360 px");
      await page.setViewportSize({ width: 1280, height: 900 });
      assert.deepEqual(await problems(page), []);
    } finally {
      await page.close();
    }
  });

  test("on a site that requires sign-in (its /auth/session says so), the MCP tab's note says MCP clients sign in; the configuration is the same", async () => {
    const page = await openPage(browser.context, AGENT_URL, {
      setup: (p) =>
        p.route("**/auth/session", (route) =>
          route.fulfill({ contentType: "application/json", body: JSON.stringify({ enabled: true, signedIn: true, expiresAt: null, anonymousAllowed: false }) })),
    });
    try {
      await pickSkill(page, "pope_lookup");
      await page.fill("#f-lookup", "Leo XIV");
      await submit(page);
      await page.click("#answer-body .use-code summary");
      await page.click("#code-tab-mcp");
      const note = await page.textContent('#answer-body [data-part="note"]');
      assert.match(note, /Signed in \(this site requires sign-in\): the first time, the client opens the site's consent page, then the Magisterium sign-in/);
      assert.doesNotMatch(note, /Anonymous/);
      assert.deepEqual(JSON.parse(await page.textContent('#answer-body pre[data-part="code"]')), { mcpServers: { magisterium: { url: `${AGENT_URL}/mcp` } } });
      assert.deepEqual(await problems(page), []);
    } finally {
      await page.close();
    }
  });

  test("a skill the card lists without a registry entry: a text form, client.send, and its code", async () => {
    const page = await openPage(browser.context, AGENT_URL, {
      setup: (p) =>
        p.route("**/.well-known/agent.json", async (route) => {
          const card = await (await route.fetch()).json();
          card.skills.push({ id: "future_skill", name: "A future skill", description: "Not known to this page.", examples: [] });
          await route.fulfill({ contentType: "application/json", body: JSON.stringify(card) });
        }),
    });
    try {
      await page.route("**/api/v1/a2a", (route) =>
        fulfilRpc(route, { result: completedTask("future_skill_response", [{ kind: "text", text: "**Hello** from the future." }]) }));
      await pickSkill(page, "future_skill");
      assert.equal(await page.textContent("#submit"), "Send");
      await page.fill("#f-text", 'say "hi"');
      await submit(page);
      assert.equal((await answer(page)).title, "A future skill: “say \"hi\"”");
      assert.match((await answer(page)).text, /Hello from the future\./);
      await page.click("#answer-body .use-code summary");
      await page.click("#code-tab-node");
      assert.match(await page.textContent('#answer-body pre[data-part="code"]'), /const task = await client\.send\("future_skill", "say \\"hi\\""\);/);
      assert.deepEqual(await problems(page), []);
    } finally {
      await page.close();
    }
  });
});
