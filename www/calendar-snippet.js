// The code of the calendar panel's "Use this in your app": the day the panel shows, in the calendar
// and locale chosen there, with the package's calendar entry (`magisterium-a2a/liturgy`), for a page,
// a Cloudflare Worker (the year as a feed to subscribe to) and Node. Pure: `node --test` runs it
// (tests/js/www-snippet.test.mjs), and tests/js/demo-calendar.test.mjs runs what it writes.
import { jsLiteral } from "./snippet.js";

export const CALENDAR_TARGETS = [
  { id: "browser", label: "Browser" },
  { id: "worker", label: "Worker" },
  { id: "node", label: "Node" },
];

export const CALENDAR_NOTES = {
  browser: "In a page: computed in the browser, no request but the entry's own files (the locale's names and the readings, fetched once when asked).",
  worker: "In a Cloudflare Worker: the year as an iCalendar feed, as this site serves it at /calendar/<calendar>.ics.",
  node: "In Node 20 or later: every locale and the readings are loaded on import.",
};

/** The feed of `calendar` on `origin`: `https://…/calendar/united-states.ics`. */
export function feedUrl(origin, calendar) {
  return `${origin}/calendar/${calendar}.ics`;
}

/** The lines that print the day: its celebration, rank and colour, then each Mass's references. */
const PRINT = [
  "const { name, rank, colour } = day.celebration;",
  "console.log(`${day.date}: ${name} (${rank}, ${colour})`);",
  "for (const r of day.readings) {",
  '  const refs = [r.first, r.psalm, r.second, r.gospel].filter(Boolean);',
  '  console.log(`${r.mass ?? "Readings"}: ${refs.join("; ")}`);',
  "}",
];

/**
 * The snippet for `target` (`browser`, `worker`, `node`) of the day `date` (`YYYY-MM-DD`) in
 * `calendar` with names in `locale`; `origin` is the site whose feed the browser code names.
 */
export function calendarSnippet(target, { date, calendar, locale, origin }) {
  const english = locale === "en";
  const options = jsLiteral(english ? { calendar } : { calendar, locale });
  const call = `const day = liturgicalDay(${jsLiteral(date)}, ${options});`;
  switch (target) {
    case "browser":
      return [
        'import init, { liturgicalDay, liturgicalLocale, loadLectionary } from "magisterium-a2a/liturgy";',
        "",
        "await init();",
        "// The readings (and a locale's names) are files of their own, fetched once.",
        english ? "await loadLectionary();" : `await Promise.all([liturgicalLocale(${jsLiteral(locale)}), loadLectionary()]);`,
        call,
        ...PRINT,
        "// The feed to subscribe to (Google Calendar, Apple Calendar, Outlook):",
        `// ${feedUrl(origin, calendar)}`,
        "",
      ].join("\n");
    case "worker":
      return [
        'import { liturgicalYearIcs } from "magisterium-a2a/liturgy";',
        "",
        "export default {",
        "  async fetch() {",
        `    const ics = liturgicalYearIcs(${Number(date.slice(0, 4))}, ${options});`,
        "    return new Response(ics, {",
        '      headers: { "content-type": "text/calendar; charset=utf-8" },',
        "    });",
        "  },",
        "};",
        "",
      ].join("\n");
    case "node":
      return [
        'import { liturgicalDay } from "magisterium-a2a/liturgy";',
        "",
        call,
        ...PRINT,
        "",
      ].join("\n");
    default:
      throw new Error(`unknown target ${target}`);
  }
}
