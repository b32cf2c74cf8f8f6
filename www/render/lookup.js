// A lookup (SkillResult): the summary as Markdown and each record (data part) as a table; a record
// with statistics rows gets the chart and the table by year (render/statistics.js).
import { externalLink, h, takeLeadingHeading } from "../dom.js";
import { humanize, orderedEntries, valueView } from "../format.js";
import { notFound, setAnswer, taskLine } from "./common.js";
import { statisticsBlock } from "./statistics.js";

export function renderLookup(result, { app, value: query, info }) {
  const records = (Array.isArray(result.data) ? result.data : []).filter((d) => d && typeof d === "object");
  const summaryText = typeof result.text === "string" ? result.text.trim() : "";
  if (!records.length) {
    setAnswer(
      "Nothing found",
      notFound(`No match for “${query}”. Check the spelling, or try another name or the id.`),
      summaryText && summaryText !== "No results found." ? app.markdown(summaryText) : null,
      taskLine(result.task, info),
    );
    return;
  }
  const content = [];
  let title = records.length === 1 && typeof records[0].name === "string" ? records[0].name : `Results for “${query}”`;
  if (summaryText) {
    const summary = app.markdown(result.text, "prose summary");
    title = takeLeadingHeading(summary) ?? title;
    content.push(summary);
  }
  for (const record of records) {
    const name = typeof record.name === "string" ? record.name : query;
    let rest = record;
    if (Array.isArray(record.rows) && record.rows.length) {
      content.push(statisticsBlock(name, record.rows));
      rest = Object.fromEntries(Object.entries(record).filter(([k]) => k !== "rows"));
    }
    content.push(h("h3", {}, "The record"), recordTable(rest, `${name}: the record (data part)`));
  }
  content.push(taskLine(result.task, info));
  setAnswer(title, ...content);
}

/** One value of a record, as valueView (format.js) describes it. */
function valueNode(key, value) {
  const view = valueView(key, value);
  switch (view.type) {
    case "empty":
      return h("span", { class: "muted" }, "—");
    case "link":
      return externalLink(view.href, view.text);
    case "code":
      return h("code", {}, view.text);
    case "list":
      return view.empty ? h("span", { class: "muted" }, view.text) : view.text;
    case "records":
      return h("div", {}, view.items.map((item, i) => recordTable(item, `Item ${i + 1}`, true)));
    case "record":
      return recordTable(view.record, null, true);
    default:
      return view.text;
  }
}

function recordTable(record, caption, nested = false) {
  const body = h("tbody", {}, orderedEntries(record).map(([key, value]) =>
    h("tr", {}, h("th", { scope: "row" }, humanize(key)), h("td", {}, valueNode(key, value)))));
  const table = h("table", { class: nested ? "record nested" : "record" }, caption ? h("caption", {}, caption) : null, body);
  return nested ? table : h("div", { class: "table-wrap", role: "region", tabindex: "0", "aria-label": caption ?? "Record" }, table);
}
