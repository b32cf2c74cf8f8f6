// A small SVG line chart, built with createElementNS: no innerHTML, every label a text node.

const SVG_NS = "http://www.w3.org/2000/svg";
const MARGIN = { top: 24, right: 24, bottom: 36, left: 60 };

let chartCount = 0;

function svg(name, attrs = {}, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

/** Round ticks covering [min, max]: about `count` steps of 1, 2, 2.5 or 5 × 10^n. */
export function niceTicks(min, max, count = 4) {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    min -= pad;
    max += pad;
  }
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const first = Math.floor(min / step) * step;
  const ticks = [];
  for (let v = first; v <= max + step * 0.5 && ticks.length < 12; v += step) {
    ticks.push(Number(v.toPrecision(12)));
  }
  if (ticks[ticks.length - 1] < max) ticks.push(Number((first + step * ticks.length).toPrecision(12)));
  return ticks;
}

/**
 * A line chart of `points` ({ x: label, y: number|null }[]) as an <svg role="img">.
 * `title` names the series; `format` formats a value for tooltips and the last value's label;
 * `compact(value, digits)` formats axis labels; `width` is the drawn width in CSS pixels.
 */
export function lineChart({ points, title, format = String, compact = (v) => format(v), width = 640 }) {
  // The viewBox is the drawn size in CSS pixels, so labels keep their size on a phone.
  const WIDTH = Math.round(Math.max(280, Math.min(900, width)));
  const HEIGHT = WIDTH < 500 ? 220 : 280;
  const id = `chart-${++chartCount}`;
  const values = points.map((p) => p.y).filter((y) => typeof y === "number" && Number.isFinite(y));
  const root = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-labelledby": `${id}-title ${id}-desc`,
    class: "chart",
    preserveAspectRatio: "xMidYMid meet",
  });
  const titleNode = svg("title", { id: `${id}-title` }, root);
  titleNode.textContent = title;
  const desc = svg("desc", { id: `${id}-desc` }, root);
  const described = points.map((p) => `${p.x}: ${typeof p.y === "number" ? format(p.y) : "no data"}`);
  desc.textContent = `Line chart. ${described.join("; ")}.`;

  if (values.length === 0) {
    const empty = svg("text", { x: WIDTH / 2, y: HEIGHT / 2, "text-anchor": "middle", class: "chart-empty" }, root);
    empty.textContent = "No data for this metric";
    return root;
  }

  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const lo = ticks[0];
  const hi = ticks[ticks.length - 1];
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (i) => MARGIN.left + (points.length === 1 ? plotW / 2 : (i * plotW) / (points.length - 1));
  const y = (v) => MARGIN.top + plotH - ((v - lo) / (hi - lo || 1)) * plotH;

  const defs = svg("defs", {}, root);
  const gradient = svg("linearGradient", { id: `${id}-fill`, x1: 0, y1: 0, x2: 0, y2: 1 }, defs);
  svg("stop", { offset: "0%", class: "chart-fill-top" }, gradient);
  svg("stop", { offset: "100%", class: "chart-fill-bottom" }, gradient);

  // Axis labels with as few digits as keep them distinct (2.08M, 2.1M, 2.12M …).
  let labels = ticks.map((t) => compact(t, 1));
  for (let digits = 2; digits <= 4 && new Set(labels).size < labels.length; digits++) labels = ticks.map((t) => compact(t, digits));
  const grid = svg("g", { class: "chart-grid", "aria-hidden": "true" }, root);
  ticks.forEach((t, i) => {
    svg("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(t), y2: y(t) }, grid);
    const label = svg("text", { x: MARGIN.left - 10, y: y(t), dy: "0.32em", "text-anchor": "end", class: "chart-label" }, grid);
    label.textContent = labels[i];
  });
  const axis = svg("g", { class: "chart-axis", "aria-hidden": "true" }, root);
  points.forEach((p, i) => {
    const label = svg("text", { x: x(i), y: HEIGHT - MARGIN.bottom + 22, "text-anchor": "middle", class: "chart-label" }, axis);
    label.textContent = String(p.x);
  });

  // The line breaks where a value is missing.
  const segments = [];
  let current = [];
  points.forEach((p, i) => {
    if (typeof p.y === "number" && Number.isFinite(p.y)) current.push([x(i), y(p.y)]);
    else if (current.length) {
      segments.push(current);
      current = [];
    }
  });
  if (current.length) segments.push(current);
  const bottom = MARGIN.top + plotH;
  for (const seg of segments) {
    const line = seg.map(([px, py], i) => `${i ? "L" : "M"}${px.toFixed(1)},${py.toFixed(1)}`).join(" ");
    if (seg.length > 1) {
      const first = seg[0];
      const last = seg[seg.length - 1];
      svg("path", { d: `${line} L${last[0].toFixed(1)},${bottom} L${first[0].toFixed(1)},${bottom} Z`, fill: `url(#${id}-fill)`, class: "chart-area" }, root);
    }
    svg("path", { d: line, class: "chart-line" }, root);
  }
  const dots = svg("g", { class: "chart-points" }, root);
  points.forEach((p, i) => {
    if (typeof p.y !== "number" || !Number.isFinite(p.y)) return;
    const dot = svg("circle", { cx: x(i), cy: y(p.y), r: 5, class: "chart-point" }, dots);
    const tip = svg("title", {}, dot);
    tip.textContent = `${p.x}: ${format(p.y)}`;
  });
  const lastIndex = points.findLastIndex((p) => typeof p.y === "number" && Number.isFinite(p.y));
  if (lastIndex >= 0) {
    const last = points[lastIndex];
    // Above the last point, or below it when the line comes down into it (so it does not cross it).
    const before = points.slice(0, lastIndex).findLast((p) => typeof p.y === "number" && Number.isFinite(p.y));
    const py = y(last.y);
    const below = before !== undefined && before.y > last.y && py + 26 < MARGIN.top + plotH;
    const tag = svg("text", {
      x: x(lastIndex),
      y: below ? py + 24 : py - 12,
      "text-anchor": lastIndex === points.length - 1 ? "end" : "middle",
      class: "chart-value",
      "aria-hidden": "true",
    }, root);
    tag.textContent = format(last.y);
  }
  return root;
}
