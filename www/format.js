// Pure helpers of the demo page: numbers, sizes, dates, URL checks, Markdown chunking, and how a
// record's value is shown. No DOM here, so `node --test` runs them (tests/js/www-format.test.mjs).

export const nf = new Intl.NumberFormat("en");

/** `842 ms`, `1.25 s`, `12.3 s`. */
export function formatMs(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
}

/** `512 B`, `1.5 KB`, `2.25 MB`. */
export function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

/** The size of a string in UTF-8 bytes. */
export function utf8Bytes(text) {
  return new TextEncoder().encode(text).length;
}

/** `total_priests` → `Total priests`. */
export function humanize(key) {
  const words = String(key).replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `1 result`, `3 results`. */
export function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** The local calendar day of `date` as `YYYY-MM-DD`. */
export function isoDay(date = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `2026-04-05` → `Sunday, April 5, 2026`; anything else is returned as it is. */
export function formatIsoDate(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date.toLocaleDateString("en", { weekday: "long", year: "numeric", month: "long", day: "numeric" });
}

/** How a day is named in the page's text: an ISO date spelled out, or the words typed, quoted. */
export function dayLabel(when) {
  return /^\d{4}-\d{2}-\d{2}$/.test(when) ? formatIsoDate(when) : `“${when}”`;
}

/** The URL when it parses as absolute http(s), else null. */
export function safeHttpUrl(value) {
  if (typeof value !== "string" || value.trim() === "") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits Markdown into chunks of about `size` characters at blank lines (not inside code fences). */
export function chunkMarkdown(text, size = 12_000) {
  const chunks = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      let cut = text.indexOf("\n\n", end);
      while (cut !== -1 && (text.slice(start, cut).match(/^(```|~~~)/gm) ?? []).length % 2 === 1) {
        cut = text.indexOf("\n\n", cut + 2);
      }
      end = cut === -1 ? text.length : cut + 2;
    }
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

/**
 * How a value of a lookup record is shown, as data: `{ type: "empty" | "text" | "link" | "code" |
 * "list" | "records" | "record", … }`. render/lookup.js turns it into elements.
 */
export function valueView(key, value) {
  if (value === null || value === undefined || value === "") return { type: "empty" };
  if (typeof value === "boolean") return { type: "text", text: value ? "yes" : "no" };
  if (typeof value === "number") return { type: "text", text: Math.abs(value) >= 10000 ? nf.format(value) : String(value) };
  if (typeof value === "string") {
    const href = /^https?:\/\//i.test(value) ? safeHttpUrl(value) : null;
    if (href) return { type: "link", text: value, href };
    if (key === "id" || String(key).endsWith("_id")) return { type: "code", text: value };
    return { type: "text", text: value };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { type: "list", text: "none", empty: true };
    if (value.every((v) => v === null || typeof v !== "object")) return { type: "list", text: value.map((v) => String(v ?? "—")).join(", ") };
    return { type: "records", items: value };
  }
  if (typeof value === "object") return { type: "record", record: value };
  return { type: "text", text: String(value) };
}

/** Record entries with `name` first, then `id`, then the rest in their order. */
export function orderedEntries(record) {
  const rank = (k) => (k === "name" ? 0 : k === "id" ? 1 : 2);
  return Object.entries(record ?? {}).sort(([a], [b]) => rank(a) - rank(b));
}

/** The statistics metrics in the contract's order; others the agent adds come after. */
const METRIC_ORDER = [
  "catholics", "total_population", "percent_catholic", "parishes", "diocesan_priests", "religious_priests",
  "total_priests", "permanent_deacons", "male_religious", "female_religious", "seminarians", "infant_baptisms",
  "adult_baptisms", "first_communions", "confirmations", "marriages", "schools", "students", "catholics_per_priest",
];

/** The numeric metrics present in statistics rows (`{ year, catholics, … }[]`), in the contract's order. */
export function metricsOf(rows) {
  const metrics = METRIC_ORDER.filter((m) => rows.some((row) => typeof row?.[m] === "number"));
  for (const row of rows) {
    for (const [key, value] of Object.entries(row ?? {})) {
      if (key !== "year" && typeof value === "number" && !metrics.includes(key)) metrics.push(key);
    }
  }
  return metrics;
}

/** A statistics value: percentages with one decimal and a `%`, counts grouped (`2,081,000`). */
export function formatMetric(metric, value) {
  if (typeof value !== "number") return "—";
  return metric.startsWith("percent") ? `${value.toFixed(1)}%` : nf.format(value);
}

/** `YYYY-MM-DD` of the UTC day of `date` (a Date made by Date.UTC). */
const utcIso = (date) => date.toISOString().slice(0, 10);

/** The civil day `n` days after `iso` (`YYYY-MM-DD`; `n` may be negative). */
export function addDays(iso, n) {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return utcIso(date);
}

/** The month `n` months after `month` (`YYYY-MM`). */
export function shiftMonth(month, n) {
  const [y, m] = month.split("-").map(Number);
  return utcIso(new Date(Date.UTC(y, m - 1 + n, 1))).slice(0, 7);
}

/**
 * The days of `month` (`YYYY-MM`) as a month's page shows them, weeks from Sunday: rows of seven,
 * each a `YYYY-MM-DD` or null before the first and after the last day.
 */
export function monthWeeks(month) {
  const [y, m] = month.split("-").map(Number);
  const lead = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells = [...Array(lead).fill(null), ...Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`)];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}
