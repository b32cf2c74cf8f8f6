// The demo page's pure helpers under `node --test`: www/format.js, the exchange's text helpers,
// the chart's ticks.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  addDays,
  chunkMarkdown,
  dayLabel,
  formatBytes,
  formatIsoDate,
  formatMetric,
  formatMs,
  humanize,
  isoDay,
  metricsOf,
  monthWeeks,
  orderedEntries,
  plural,
  safeHttpUrl,
  shiftMonth,
  utf8Bytes,
  valueView,
} from "../../www/format.js";
import { jsonRpcId, pretty } from "../../www/exchange.js";

test("chunkMarkdown: cuts at blank lines near the size, never inside a code fence, loses nothing", () => {
  const para = (i) => `Paragraph ${i} ${"word ".repeat(30)}`.trim();
  const text = Array.from({ length: 200 }, (_, i) => para(i)).join("\n\n");
  const chunks = chunkMarkdown(text, 1000);
  assert.equal(chunks.join(""), text, "the chunks put together are the text");
  assert.ok(chunks.length > 10);
  for (const chunk of chunks.slice(0, -1)) {
    assert.ok(chunk.endsWith("\n\n"), "each chunk but the last ends at a blank line");
    assert.ok(chunk.length >= 1000 && chunk.length < 1000 + 200, `about the size (${chunk.length})`);
  }
  // A fence with blank lines inside that straddles the cut stays whole.
  const fence = "```\ncode line\n\nmore code\n\nstill code\n```";
  const fenced = `${"a".repeat(990)}\n\n${fence}\n\nafter`;
  const parts = chunkMarkdown(fenced, 995);
  assert.equal(parts.join(""), fenced);
  for (const part of parts) assert.equal((part.match(/^```/gm) ?? []).length % 2, 0, `no chunk opens a fence it does not close: ${JSON.stringify(part.slice(0, 40))}`);
  // Also with ~~~ fences, and a text without any blank line is one chunk.
  const tilde = `${"b".repeat(50)}\n\n~~~\nx\n\ny\n~~~\n\nend`;
  for (const part of chunkMarkdown(tilde, 55)) assert.equal((part.match(/^~~~/gm) ?? []).length % 2, 0);
  assert.deepEqual(chunkMarkdown("x".repeat(5000), 100), ["x".repeat(5000)]);
  assert.deepEqual(chunkMarkdown(""), []);
});

test("formatting: times, sizes, names, counts, dates, metrics", () => {
  assert.equal(formatMs(0.4), "0 ms");
  assert.equal(formatMs(842.6), "843 ms");
  assert.equal(formatMs(1250), "1.25 s");
  assert.equal(formatMs(12_345), "12.3 s");
  assert.equal(formatBytes(512), "512 B");
  assert.equal(formatBytes(1536), "1.5 KB");
  assert.equal(formatBytes(2.25 * 1024 * 1024), "2.25 MB");
  assert.equal(utf8Bytes("Thérèse ✝"), 13);
  assert.equal(humanize("total_priests"), "Total priests");
  assert.equal(humanize("id"), "Id");
  assert.equal(plural(1, "result"), "1 result");
  assert.equal(plural(0, "result"), "0 results");
  assert.equal(isoDay(new Date(2026, 2, 9, 23, 30)), "2026-03-09");
  assert.equal(formatIsoDate("2026-04-05"), "Sunday, April 5, 2026");
  assert.equal(formatIsoDate("next Sunday"), "next Sunday");
  assert.equal(dayLabel("2026-03-19"), "Thursday, March 19, 2026");
  assert.equal(dayLabel("next Sunday"), "“next Sunday”");
  assert.equal(formatMetric("percent_catholic", 34.56), "34.6%");
  assert.equal(formatMetric("catholics", 2081000), "2,081,000");
  assert.equal(formatMetric("catholics", null), "—");
});

test("metricsOf: the contract's order first, then new numeric metrics, never the year", () => {
  const rows = [
    { year: 2019, seminarians: 40, catholics: 2_000_000, new_metric: 3, note: "text" },
    { year: 2020, percent_catholic: 34.1 },
  ];
  assert.deepEqual(metricsOf(rows), ["catholics", "percent_catholic", "seminarians", "new_metric"]);
  assert.deepEqual(metricsOf([]), []);
});

test("safeHttpUrl: only absolute http(s) URLs pass", () => {
  assert.equal(safeHttpUrl("https://www.vatican.va/content/x.html"), "https://www.vatican.va/content/x.html");
  assert.equal(safeHttpUrl("http://example.org"), "http://example.org/");
  for (const bad of ["javascript:alert(1)", "  JaVaScRiPt:alert(1)", "data:text/html,x", "vbscript:x", "mailto:a@b.c", "/relative", "//host/x", "", "   ", null, undefined, 42, {}]) {
    assert.equal(safeHttpUrl(bad), null, String(bad));
  }
});

test("valueView: how each kind of record value is shown", () => {
  assert.deepEqual(valueView("x", null), { type: "empty" });
  assert.deepEqual(valueView("x", ""), { type: "empty" });
  assert.deepEqual(valueView("alive", true), { type: "text", text: "yes" });
  assert.deepEqual(valueView("n", 9999), { type: "text", text: "9999" });
  assert.deepEqual(valueView("n", 123456), { type: "text", text: "123,456" });
  assert.deepEqual(valueView("url", "https://a.example/b"), { type: "link", text: "https://a.example/b", href: "https://a.example/b" });
  assert.deepEqual(valueView("url", "javascript:alert(1)"), { type: "text", text: "javascript:alert(1)" });
  assert.deepEqual(valueView("url", "https://"), { type: "text", text: "https://" }, "http(s) that does not parse stays text");
  assert.deepEqual(valueView("id", "leo-xiv"), { type: "code", text: "leo-xiv" });
  assert.deepEqual(valueView("diocese_id", "chicago"), { type: "code", text: "chicago" });
  assert.deepEqual(valueView("names", ["a", null, 3]), { type: "list", text: "a, —, 3" });
  assert.deepEqual(valueView("names", []), { type: "list", text: "none", empty: true });
  assert.deepEqual(valueView("items", [{ a: 1 }]), { type: "records", items: [{ a: 1 }] });
  assert.deepEqual(valueView("inner", { a: 1 }), { type: "record", record: { a: 1 } });
  assert.deepEqual(orderedEntries({ born: 1955, id: "leo-xiv", name: "Leo XIV" }).map(([k]) => k), ["name", "id", "born"]);
});

test("exchange text: pretty JSON, text as received, a cut for huge bodies, the JSON-RPC id", () => {
  assert.equal(pretty('{"a":[1,2]}'), '{\n  "a": [\n    1,\n    2\n  ]\n}');
  assert.equal(pretty("<html>502</html>"), "<html>502</html>");
  assert.equal(pretty(null), "—");
  const huge = pretty(JSON.stringify({ text: "x".repeat(300_000) }));
  assert.ok(huge.length < 200_100);
  assert.match(huge, /… \(100,0\d\d more characters not shown\)$/);
  assert.equal(jsonRpcId('{"jsonrpc":"2.0","id":"abc-1"}'), "abc-1");
  assert.equal(jsonRpcId('{"id":7}'), "7");
  assert.equal(jsonRpcId('{"id":null}'), null);
  assert.equal(jsonRpcId("not json"), null);
});

test("niceTicks (the chart's axis): round steps that cover the values", async () => {
  const { niceTicks } = await import("../../www/render/chart.js");
  assert.deepEqual(niceTicks(0, 10), [0, 2.5, 5, 7.5, 10]);
  assert.deepEqual(niceTicks(2_081_000, 2_150_000), [2_080_000, 2_100_000, 2_120_000, 2_140_000, 2_160_000]);
  assert.deepEqual(niceTicks(34.1, 36.8), [34, 35, 36, 37]);
  assert.deepEqual(niceTicks(5, 5), [4.5, 4.75, 5, 5.25, 5.5], "one value gets room around it");
  assert.deepEqual(niceTicks(0, 0), [-1, -0.5, 0, 0.5, 1]);
  assert.deepEqual(niceTicks(Number.NaN, 1), [0, 1]);
  for (const [lo, hi] of [[-3, 7], [0.001, 0.0042], [17, 1e9]]) {
    const ticks = niceTicks(lo, hi);
    assert.ok(ticks[0] <= lo && ticks.at(-1) >= hi && ticks.length <= 13, `${lo}..${hi}: ${ticks}`);
  }
});

test("the calendar panel's civil days: a day or a month on, across months, years and leap days", () => {
  assert.equal(addDays("2027-01-01", -1), "2026-12-31");
  assert.equal(addDays("2024-02-28", 1), "2024-02-29");
  assert.equal(addDays("2023-02-28", 1), "2023-03-01");
  assert.equal(addDays("2027-01-03", 7), "2027-01-10");
  assert.equal(shiftMonth("2027-01", -1), "2026-12");
  assert.equal(shiftMonth("2026-12", 1), "2027-01");
  assert.equal(shiftMonth("1900-01", 2399), "2099-12");
});

test("monthWeeks: weeks from Sunday, every day of the month once, in order, blanks around", () => {
  for (const [month, lead, days] of [["2027-01", 5, 31], ["2026-02", 0, 28], ["2024-02", 4, 29], ["2026-08", 6, 31]]) {
    const weeks = monthWeeks(month);
    assert.ok(weeks.every((w) => w.length === 7), month);
    const cells = weeks.flat();
    assert.equal(cells.findIndex(Boolean), lead, `${month}: the first day's weekday`);
    assert.equal(new Date(`${month}-01T00:00:00Z`).getUTCDay(), lead, month);
    const dates = cells.filter(Boolean);
    assert.equal(dates.length, days, month);
    assert.deepEqual(dates, Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`));
    assert.ok(cells.length - cells.lastIndexOf(dates.at(-1)) <= 7, `${month}: no empty week`);
  }
});
