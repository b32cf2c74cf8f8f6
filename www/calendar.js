// The calendar panel (#calendar-body): a month of the chosen calendar, each day's celebration,
// rank and colour (today marked), a day's readings on selection, the names' locale, the feed to
// subscribe to, and its "Use this in your app". Every fact comes from the package's calendar entry
// (`magisterium-a2a/liturgy`, initialised by main.js): the page only asks it and renders.
import { liturgicalCalendars, liturgicalDay, liturgicalLocale, loadLectionary } from "/pkg/liturgy/index.js";
import { h } from "./dom.js";
import { codeTabs } from "./code-panel.js";
import { CALENDAR_NOTES, CALENDAR_TARGETS, calendarSnippet, feedUrl } from "./calendar-snippet.js";
import { addDays, formatIsoDate, isoDay, monthWeeks, shiftMonth } from "./format.js";
import { RANK, SEASON, swatch } from "./render/liturgy.js";

/** The eight languages of the entry's names (docs/liturgy.md), each named in itself. */
const LOCALES = [
  ["en", "English"], ["la", "Latina"], ["es", "Español"], ["it", "Italiano"],
  ["fr", "Français"], ["de", "Deutsch"], ["pt", "Português"], ["pl", "Polski"],
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** The entry's years: `liturgicalDay` answers null outside them. */
const FIRST_MONTH = "1900-01";
const LAST_MONTH = "2199-12";
const PARTS = [["first", "First reading"], ["psalm", "Psalm"], ["second", "Second reading"], ["gospel", "Gospel"]];
/** The Easter Vigil's set holds its seven readings, their psalms and canticles, and the Epistle. */
const VIGIL_PARTS = [["first", "Old Testament readings"], ["psalm", "Psalms and canticles"], ["second", "Epistle"], ["gospel", "Gospel"]];

const monthTitle = (month) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en", { month: "long", year: "numeric", timeZone: "UTC" });
const rankWord = (rank) => RANK[rank] ?? rank;

/** Renders the panel into `root` (once the calendar entry is initialised). */
export function renderCalendarPanel(root) {
  const today = isoDay();
  const state = { calendar: "general-roman", locale: "en", month: today.slice(0, 7), selected: today, readings: "loading", asked: false };
  const calendars = liturgicalCalendars();

  const calendarSelect = h("select", { id: "cal-calendar" }, calendars.map((c) => h("option", { value: c.id }, c.name)));
  const localeSelect = h("select", { id: "cal-locale" }, LOCALES.map(([code, name]) => h("option", { value: code, lang: code }, name)));
  const monthInput = h("input", { type: "month", id: "cal-month", min: FIRST_MONTH, max: LAST_MONTH, value: state.month });
  const status = h("p", { class: "cal-status", role: "status" });
  const prev = h("button", { type: "button", class: "button subtle", id: "cal-prev" }, "‹ Previous month");
  const next = h("button", { type: "button", class: "button subtle", id: "cal-next" }, "Next month ›");
  const title = h("h3", { id: "cal-title", class: "cal-title", "aria-live": "polite" });
  const body = h("tbody");
  const grid = h("table", { class: "cal-grid", id: "cal-grid", "aria-labelledby": "cal-title", "aria-describedby": "cal-keys" },
    h("thead", {}, h("tr", {}, WEEKDAYS.map((d) => h("th", { scope: "col" }, h("abbr", { title: d }, d.slice(0, 3)))))),
    body);
  const day = h("div", { class: "cal-day", id: "cal-day", "aria-live": "polite" });
  const feed = h("p", { class: "cal-feed", id: "cal-feed" });
  const code = codeTabs({ targets: CALENDAR_TARGETS, codes: codes(), notes: CALENDAR_NOTES, prefs: { open: false, target: "browser" }, prefix: "cal-code" });

  root.replaceChildren(
    h("div", { class: "cal-controls" },
      h("div", { class: "field" }, h("label", { for: "cal-calendar" }, "Calendar"), calendarSelect),
      h("div", { class: "field" }, h("label", { for: "cal-locale" }, "Names in"), localeSelect),
      h("div", { class: "field" }, h("label", { for: "cal-month" }, "Month"), monthInput)),
    status,
    h("div", { class: "cal-nav" }, prev, title, next),
    h("p", { class: "hint", id: "cal-keys" }, "Arrow keys move between days; Enter or a click shows the day's readings."),
    grid,
    day, feed, code.panel,
  );

  function codes() {
    const call = { date: state.selected, calendar: state.calendar, locale: state.locale, origin: location.origin };
    return Object.fromEntries(CALENDAR_TARGETS.map((t) => [t.id, calendarSnippet(t.id, call)]));
  }

  /** The day in the panel's calendar and locale (null outside the entry's years). */
  const dayOf = (iso) => liturgicalDay(iso, { calendar: state.calendar, locale: state.locale });

  function cell(iso) {
    if (!iso) return h("td", { class: "cal-empty" });
    const d = dayOf(iso);
    if (!d) return h("td", { class: "cal-empty" });
    const c = d.celebration;
    const isToday = iso === today;
    // The label starts with the visible text (the number, then the name: WCAG 2.5.3), then the date.
    const label = `${Number(iso.slice(8))} ${c.name}: ${formatIsoDate(iso)}, ${rankWord(c.rank)}, ${c.colour}${isToday ? ", today" : ""}`;
    return h("td", {},
      h("button", {
        type: "button", class: `cal-cell rank-${c.rank}`, dataset: { date: iso, rank: c.rank, colour: c.colour },
        "aria-label": label, "aria-pressed": String(iso === state.selected), "aria-current": isToday ? "date" : null, tabindex: "-1",
      },
      h("span", { class: "cal-num" }, String(Number(iso.slice(8)))),
      " ",
      swatch(c.colour),
      h("span", { class: "cal-name", lang: state.locale }, c.name)));
  }

  /** The day's celebration, rank, colour, season and its readings' references. */
  function renderDay() {
    const d = dayOf(state.selected);
    if (!d) {
      day.replaceChildren(h("p", {}, `${formatIsoDate(state.selected)} is outside the calendar's years (1900–2199).`));
      return;
    }
    const c = d.celebration;
    const season = d.week ? `${SEASON[d.season]}, week ${d.week}` : SEASON[d.season];
    const facts = [rankWord(c.rank), c.colour, season, d.holyDayOfObligation && c.rank !== "sunday" ? "holy day of obligation" : null,
      d.transferredFrom ? `transferred from ${formatIsoDate(d.transferredFrom)}` : null].filter(Boolean);
    // replaceChildren writes null as "null": the optional line is left out by filter.
    day.replaceChildren(...[
      h("h3", { class: "cal-day-title", id: "cal-day-title" }, formatIsoDate(d.date)),
      h("p", { class: "cal-celebration" }, swatch(c.colour), h("strong", { lang: state.locale }, c.name)),
      h("p", { class: "cal-facts" }, facts.join(" · ")),
      d.optional.length ? h("p", { class: "cal-facts" }, "Or: ", h("span", { lang: state.locale }, d.optional.map((o) => `${o.name} (${rankWord(o.rank)})`).join("; "))) : null,
      h("h4", { class: "cal-readings-title" }, "Readings"),
      readings(d),
    ].filter(Boolean));
  }

  function readings(d) {
    if (state.readings === "loading") return h("p", { class: "hint" }, "Loading the readings…");
    if (state.readings === "failed") return h("p", { class: "field-error" }, "The readings could not be loaded.");
    if (d.readings.length === 0) return h("p", { class: "hint" }, "The data has no readings for this celebration yet.");
    return h("div", { class: "cal-readings" }, d.readings.map((r) =>
      h("div", { class: "cal-mass" },
        h("h5", {}, r.mass ?? (r.vigil ? "The Easter Vigil" : "Mass of the day"), r.number ? h("span", { class: "cal-number" }, ` · Lectionary ${r.number}`) : null),
        h("dl", {}, (r.vigil ? VIGIL_PARTS : PARTS).filter(([key]) => r[key]).map(([key, name]) => [h("dt", {}, name), h("dd", { dataset: { part: key } }, r[key])])))));
  }

  function renderFeed() {
    const url = feedUrl(location.origin, state.calendar);
    const name = calendars.find((c) => c.id === state.calendar)?.name ?? state.calendar;
    feed.replaceChildren(
      `Subscribe to this calendar (${name}) in Google Calendar, Apple Calendar or Outlook by its address: `,
      h("a", { href: url, id: "cal-feed-link" }, url),
      ". One all-day event a day from last year to next year, names in English, the readings in each event.",
    );
  }

  /** Redraws the month, the day and the code; focuses the day `focus` when given. */
  function render(focus) {
    title.textContent = monthTitle(state.month);
    monthInput.value = state.month;
    prev.disabled = state.month <= FIRST_MONTH;
    next.disabled = state.month >= LAST_MONTH;
    body.replaceChildren(...monthWeeks(state.month).map((week) => h("tr", {}, week.map(cell))));
    const buttons = [...body.querySelectorAll("button")];
    const stop = buttons.find((b) => b.dataset.date === (focus ?? state.selected)) ?? buttons.find((b) => b.dataset.date === today) ?? buttons[0];
    if (stop) stop.tabIndex = 0;
    if (focus) stop?.focus();
    renderDay();
    renderFeed();
    code.setCodes(codes());
  }

  /** Shows `month` (`YYYY-MM`) when it is within the entry's years. */
  function showMonth(month, focus) {
    if (!/^\d{4}-\d{2}$/.test(month) || month < FIRST_MONTH || month > LAST_MONTH) return;
    state.month = month;
    render(focus);
  }

  calendarSelect.addEventListener("change", () => {
    state.calendar = calendarSelect.value;
    render();
  });
  localeSelect.addEventListener("change", async () => {
    const locale = localeSelect.value;
    status.textContent = "";
    try {
      await liturgicalLocale(locale);
    } catch (error) {
      status.textContent = `The names in ${locale} could not be loaded: ${error?.message ?? error}`;
      localeSelect.value = state.locale;
      return;
    }
    state.locale = locale;
    render();
  });
  monthInput.addEventListener("change", () => showMonth(monthInput.value));
  prev.addEventListener("click", () => showMonth(shiftMonth(state.month, -1)));
  next.addEventListener("click", () => showMonth(shiftMonth(state.month, 1)));
  body.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-date]");
    if (!button) return;
    state.selected = button.dataset.date;
    render(state.selected);
    loadReadings();
  });
  // Arrow keys move the focus a day or a week, into the next or previous month at its edges.
  body.addEventListener("keydown", (event) => {
    const from = event.target.closest("button[data-date]")?.dataset.date;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (!from || step === undefined) return;
    event.preventDefault();
    const to = addDays(from, step);
    const target = body.querySelector(`button[data-date="${to}"]`);
    if (!target) return showMonth(to.slice(0, 7), to);
    for (const b of body.querySelectorAll("button")) b.tabIndex = b === target ? 0 : -1;
    target.focus();
  });

  render();
  const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadReadings());
  seen.observe(day);

  /** The readings are a file of their own (about 31 KB brotli): fetched once the day's part of the
   *  panel is on screen or a day is chosen, so a visit that never gets there downloads nothing more. */
  function loadReadings() {
    if (state.readings !== "loading" || state.asked) return;
    state.asked = true;
    seen.disconnect();
    loadLectionary().then(
      () => (state.readings = "ready"),
      () => (state.readings = "failed"),
    ).then(renderDay);
  }
}
