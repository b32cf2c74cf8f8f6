// Diocese statistics by year: an SVG line chart (chart.js) with a metric picker, and the table
// with years as columns and metrics as rows (fits a phone better than 19 columns).
import { h } from "../dom.js";
import { formatMetric, humanize, metricsOf, nf } from "../format.js";
import { lineChart } from "./chart.js";

const compactFormats = new Map();
function compactNumber(value, digits) {
  if (!compactFormats.has(digits)) compactFormats.set(digits, new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: digits }));
  return compactFormats.get(digits).format(value);
}

export function statisticsBlock(name, rows) {
  const metrics = metricsOf(rows);
  const select = h("select", { id: "metric", name: "metric" }, metrics.map((m) => h("option", { value: m }, humanize(m))));
  const chartSlot = h("figure", { class: "chart-figure" });
  let drawnWidth = 0;
  const draw = () => {
    drawnWidth = chartSlot.clientWidth || 640;
    const metric = select.value;
    const percent = metric.startsWith("percent");
    const format = (v) => (percent ? `${v.toFixed(1)}%` : nf.format(Math.round(v * 100) / 100));
    const compact = (v, digits = 1) => (percent ? `${Number(v.toFixed(digits))}%` : compactNumber(v, digits));
    const points = rows.map((row) => ({ x: row?.year ?? "?", y: typeof row?.[metric] === "number" ? row[metric] : null }));
    const span = `${points[0].x}–${points[points.length - 1].x}`;
    chartSlot.replaceChildren(
      lineChart({ points, title: `${humanize(metric)} in ${name}, ${span}`, format, compact, width: drawnWidth }),
      h("figcaption", {}, `${humanize(metric)}, ${span}`),
    );
  };
  select.addEventListener("change", draw);
  draw();
  // Redrawn when its width changes (rotation, window resize), once it is in the page.
  new ResizeObserver(() => {
    if (chartSlot.isConnected && Math.abs(chartSlot.clientWidth - drawnWidth) > 24) draw();
  }).observe(chartSlot);
  const head = h("tr", {}, h("th", { scope: "col" }, "Metric"), rows.map((row) => h("th", { scope: "col", class: "num" }, String(row?.year ?? "?"))));
  const body = h("tbody", {}, metrics.map((m) =>
    h("tr", { dataset: { metric: m } }, h("th", { scope: "row" }, humanize(m)), rows.map((row) => h("td", { class: "num" }, formatMetric(m, row?.[m]))))));
  const table = h("div", { class: "table-wrap", role: "region", tabindex: "0", "aria-label": "The statistics as a table" },
    h("table", { class: "stats" }, h("caption", {}, `${name}: statistics by year`), h("thead", {}, head), body));
  return h("section", { class: "stats-block", "aria-labelledby": "stats-heading" },
    h("h3", { id: "stats-heading" }, "Statistics by year"),
    h("div", { class: "field metric-field" }, h("label", { for: "metric" }, "Metric"), select),
    chartSlot,
    table);
}
