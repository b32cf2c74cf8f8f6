// The code of the demo page's "Use this in your app" panel (www/snippet.js) and the skill registry
// it is written from (www/skills.js), under `node --test`. Running the snippets against the stand-in
// is tests/js/demo-code-panel.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MCP_TAB, TARGETS, callExpression, jsLiteral, mcpConfig, mcpNote, recordCall, shownOptions, snippet } from "../../www/snippet.js";
import { SKILLS, entryFor, genericEntry } from "../../www/skills.js";
import { CALENDAR_NOTES, CALENDAR_TARGETS, calendarSnippet, feedUrl } from "../../www/calendar-snippet.js";

const TRICKY = [
  'He said "grace" and \'nature\'',
  "A `backtick` and ${process.exit(1)} and `${x}`",
  "line one\nline two\r\nthree\ttabbed",
  "back\\slash \\n not a newline, \\u0041",
  "</script><script>alert(1)</script>",
  "Thérèse ✝ 🙏, \u2028 line and \u2029 paragraph separators, a NUL \u0000 and \u001b escape",
  "a lone surrogate \ud800 here",
  "",
];

/** Evaluates a JavaScript expression in a fresh function (the snippet's literal, as a JS engine reads it). */
const evaluate = (source) => new Function(`"use strict"; return (${source});`)();

test("jsLiteral: every tricky string reads back as the same string", () => {
  for (const value of TRICKY) {
    const literal = jsLiteral(value);
    assert.equal(evaluate(literal), value, literal);
    assert.ok(!/[\n\r\u2028\u2029]/.test(literal), `one line: ${literal}`);
    assert.ok(literal.startsWith('"') && literal.endsWith('"'), "a double-quoted string, so ` and ${ are plain characters");
  }
});

test("jsLiteral: numbers, booleans, null, arrays and objects (keys quoted when not identifiers)", () => {
  const value = { contextId: "ctx-1", timeoutMs: 5000, "x-key": true, nested: [1, null, { a: "b" }], gone: undefined };
  const literal = jsLiteral(value);
  assert.equal(literal, '{ contextId: "ctx-1", timeoutMs: 5000, "x-key": true, nested: [1, null, { a: "b" }] }');
  assert.deepEqual(evaluate(literal), { contextId: "ctx-1", timeoutMs: 5000, "x-key": true, nested: [1, null, { a: "b" }] });
  assert.equal(jsLiteral({}), "{}");
  assert.equal(jsLiteral(Number.NaN), "null");
  assert.throws(() => jsLiteral(() => 1), TypeError);
});

test("recordCall: runs the registry entry on a recording client", () => {
  const qa = entryFor({ id: "catholic_qa" });
  assert.deepEqual(recordCall(qa, "What is grace?"), { method: "catholicQa", args: ["What is grace?", {}] });
  assert.deepEqual(recordCall(qa, "Why?", { contextId: "c1" }), { method: "catholicQa", args: ["Why?", { contextId: "c1" }] });
  const other = genericEntry("future_skill");
  assert.deepEqual(recordCall(other, "hello"), { method: "send", args: ["future_skill", "hello", {}] });
  assert.equal(entryFor({ id: "future_skill" }).shape, "task");
  assert.throws(() => recordCall({ id: "broken", call: () => null }, "x"), /made no client call/);
  // The page's Cancel signal is not part of the code shown.
  assert.deepEqual(shownOptions({ signal: new AbortController().signal, contextId: "c1" }), { contextId: "c1" });
});

test("callExpression: arguments as literals, an empty options object left out", () => {
  assert.equal(callExpression({ method: "popeLookup", args: ["Leo XIV", {}] }), 'client.popeLookup("Leo XIV")');
  assert.equal(callExpression({ method: "popeLookup", args: ["Leo XIV", { contextId: undefined }] }), 'client.popeLookup("Leo XIV")');
  assert.equal(callExpression({ method: "catholicQa", args: ["Q", { contextId: "c" }] }), 'client.catholicQa("Q", { contextId: "c" })');
  assert.equal(callExpression({ method: "send", args: ["s", "t", {}] }), 'client.send("s", "t")');
});

test("a short call stays on one line; a long one puts one argument a line", () => {
  const short = snippet("node", { method: "popeLookup", args: ["Leo XIV", {}] }, "lookup");
  assert.match(short, /^const \{ text, data \} = await client\.popeLookup\("Leo XIV"\);$/m);
  const question = "What does the Church teach about the dignity of work and a just wage?";
  const long = snippet("worker", { method: "catholicQa", args: [question, { contextId: "ctx-1" }] }, "qa");
  assert.ok(long.includes(`    const result = await client.catholicQa(\n      ${jsLiteral(question)},\n      { contextId: "ctx-1" },\n    );\n`), long);
});

test("the registry: ten skills, each calling an SDK method of MagisteriumClient once, with a renderer", async () => {
  const { MagisteriumClient } = await import("../../pkg/node.js");
  assert.equal(SKILLS.length, 10);
  assert.equal(new Set(SKILLS.map((e) => e.id)).size, 10);
  for (const entry of SKILLS) {
    const { method, args } = recordCall(entry, "x", { contextId: "c" });
    assert.equal(typeof MagisteriumClient.prototype[method], "function", `${entry.id} → ${method}`);
    assert.deepEqual(args, ["x", { contextId: "c" }], entry.id);
    assert.equal(typeof entry.render, "function", entry.id);
    assert.match(entry.icon, /^M[\d .,a-zA-Z-]+$/, entry.id);
    assert.ok(["question", "search", "id", "date", "lookup"].includes(entry.input), entry.id);
    assert.ok(entry.verb && entry.running("x"), entry.id);
  }
  // The one skill → method map: no two skills call the same method.
  assert.equal(new Set(SKILLS.map((e) => recordCall(e, "x").method)).size, 10);
});

test("snippets: every target, every entry, tricky input: valid modules that carry the input exactly", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "www-snippet-"));
  try {
    const files = [];
    for (const entry of [...SKILLS, genericEntry("future_skill")]) {
      const value = TRICKY[files.length % TRICKY.length] || "x";
      const call = recordCall(entry, value, shownOptions({ signal: AbortSignal.abort(), contextId: TRICKY[1] }));
      for (const { id: target } of TARGETS) {
        const code = snippet(target, call, entry.shape);
        // The call holds the literal of the input, which reads back as the input (jsLiteral's test).
        assert.ok(code.includes(`await client.${call.method}(`), `${entry.id}/${target}: ${code}`);
        assert.ok(code.includes(jsLiteral(value)), `${entry.id}/${target}: the input's literal`);
        assert.ok(code.includes(`{ contextId: ${jsLiteral(TRICKY[1])} }`), `${entry.id}/${target}: the options`);
        for (const line of code.split("\n")) assert.ok(line.length <= 80 || line.trim().startsWith('"'), `${entry.id}/${target}: a long line ${line}`);
        assert.doesNotMatch(code, /signal/, "no AbortSignal in the code");
        assert.match(code, /from "magisterium-a2a";/);
        if (target === "browser") assert.match(code, /await init\(\);[\s\S]*endpoint: "\/api\/v1\/a2a"/);
        if (target === "worker") assert.match(code, /token: env\.MAGISTERIUM_TOKEN[\s\S]*return Response\.json\(result\);/);
        if (target === "node") assert.match(code, /token: process\.env\.MAGISTERIUM_TOKEN/);
        const file = path.join(dir, `${entry.id}-${target}.mjs`);
        writeFileSync(file, code);
        files.push(file);
      }
    }
    // Each parses as an ES module (node --check: syntax only, nothing runs).
    for (const file of files) {
      const check = spawnSync(process.execPath, ["--check", file], { encoding: "utf8" });
      assert.equal(check.status, 0, `${path.basename(file)}: ${check.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.throws(() => snippet("deno", { method: "x", args: [] }, "qa"), /unknown target/);
});

test("the MCP tab: the JSON an MCP client takes, naming this site's /mcp", () => {
  assert.equal(MCP_TAB.id, "mcp");
  assert.ok(!TARGETS.some((t) => t.id === "mcp"), "the MCP tab is no code target");
  const config = JSON.parse(mcpConfig("https://app.example"));
  assert.deepEqual(config, { mcpServers: { magisterium: { url: "https://app.example/mcp" } } });
});

test("the MCP tab's note: this site's mode, read from its sign-in state; the signed-in mode beside the anonymous one", () => {
  const signedIn = mcpNote({ enabled: true, signedIn: false, anonymousAllowed: false });
  assert.match(signedIn, /Signed in \(this site requires sign-in\): the first time, the client opens the site's consent page, then the Magisterium sign-in/);
  assert.match(signedIn, /your own Magisterium account/);
  assert.doesNotMatch(signedIn, /Anonymous/, "a site that requires sign-in has no anonymous MCP calls");
  // No sign-in at all (null: /auth/session missing or failed), or sign-in beside anonymous calls:
  // MCP clients are anonymous there, and the note names the signed-in mode's same configuration.
  for (const auth of [null, { enabled: false, signedIn: false, anonymousAllowed: true }, { enabled: true, signedIn: true, anonymousAllowed: true }]) {
    const note = mcpNote(auth);
    assert.match(note, /Anonymous \(this site\): no sign-in/, JSON.stringify(auth));
    assert.match(note, /Signed in \(a site that requires sign-in\): the same configuration; the first time/, JSON.stringify(auth));
  }
  for (const note of [signedIn, mcpNote(null)]) assert.match(note, /"servers" with "type": "http"/, "VS Code's form named in both");
});

test("the calendar panel's snippets: every target, English or another locale, valid modules naming the panel's day", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "www-calendar-snippet-"));
  try {
    const files = [];
    for (const locale of ["en", "fr"]) {
      const call = { date: "2027-01-03", calendar: "united-states/boston", locale, origin: "https://app.example" };
      for (const { id: target } of CALENDAR_TARGETS) {
        const code = calendarSnippet(target, call);
        const what = `${target}/${locale}:\n${code}`;
        assert.ok(CALENDAR_NOTES[target], what);
        assert.match(code, /from "magisterium-a2a\/liturgy";/, what);
        const options = locale === "en" ? '{ calendar: "united-states/boston" }' : '{ calendar: "united-states/boston", locale: "fr" }';
        if (target === "worker") assert.ok(code.includes(`liturgicalYearIcs(2027, ${options})`), what);
        else assert.ok(code.includes(`liturgicalDay("2027-01-03", ${options})`), what);
        if (target === "browser") {
          assert.match(code, /await init\(\);/, what);
          assert.equal(code.includes('liturgicalLocale("fr")'), locale === "fr", `${what}: the locale's names loaded when not English`);
          assert.ok(code.includes(`// ${feedUrl("https://app.example", "united-states/boston")}`), `${what}: the feed`);
        }
        for (const line of code.split("\n")) assert.ok(line.length <= 100, `${what}: a long line ${line}`);
        files.push(writeFileSync(path.join(dir, `${target}-${locale}.mjs`), code) ?? path.join(dir, `${target}-${locale}.mjs`));
      }
    }
    for (const file of files) {
      const check = spawnSync(process.execPath, ["--check", file], { encoding: "utf8" });
      assert.equal(check.status, 0, `${path.basename(file)}: ${check.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(feedUrl("https://app.example", "united-states"), "https://app.example/calendar/united-states.ics");
  assert.throws(() => calendarSnippet("deno", { date: "2027-01-03", calendar: "general-roman", locale: "en", origin: "" }), /unknown target/);
});
