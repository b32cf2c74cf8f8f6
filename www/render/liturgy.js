// The day in the Roman calendar, offline: the header's #liturgy-slot (today's celebration and
// colour) and, under a date skill's inputs, the celebration of the chosen date before any call.
// Both come from the SDK's calendar entry (`magisterium-a2a/liturgy`), computed in the page.
import initLiturgy, { liturgicalDay } from "/pkg/liturgy/index.js";
import { $, h } from "../dom.js";
import { formatIsoDate } from "../format.js";

export const SEASON = { advent: "Advent", christmas: "Christmas Time", ordinary_time: "Ordinary Time", lent: "Lent", triduum: "Paschal Triduum", easter: "Easter Time" };
export const RANK = { triduum: "Paschal Triduum", solemnity: "solemnity", commemoration: "commemoration", sunday: "Sunday", feast: "feast", memorial: "memorial", optional_memorial: "optional memorial", weekday: "weekday" };

/** Loads the calendar's wasm (once). */
export const initCalendar = () => initLiturgy();

/** The colour's round swatch (decorative: the colour is also said in words). */
export const swatch = (colour) => h("span", { class: `liturgy-colour colour-${colour}`, "aria-hidden": "true" });

/** `Lent, week 4 · solemnity · white`. */
function describe(day) {
  const season = day.week ? `${SEASON[day.season]}, week ${day.week}` : SEASON[day.season];
  const rank = day.celebration.rank === "weekday" ? null : RANK[day.celebration.rank];
  return [season, rank, day.celebration.colour].filter(Boolean).join(" · ");
}

/** Fills the header's slot with the celebration and colour of `date` (today) and shows it. */
export function renderLiturgyHeader(date = new Date()) {
  const day = liturgicalDay(date);
  const slot = $("liturgy-slot");
  if (!day) return;
  slot.replaceChildren(
    swatch(day.celebration.colour),
    h("span", { class: "liturgy-text" },
      h("span", { class: "liturgy-name" }, day.celebration.name),
      h("span", { class: "liturgy-meta" }, describe(day))),
  );
  slot.title = `Today in the General Roman Calendar, computed in this page (no call): ${day.celebration.name}; ${describe(day)}.`;
  slot.dataset.date = day.date;
  slot.dataset.colour = day.celebration.colour;
  slot.hidden = false;
}

/**
 * A line that shows the celebration of the date a date skill will ask about, kept up to date as
 * `date` (an <input type=date>) and `words` change. Words are read by the agent, so only an ISO date
 * typed there is previewed.
 */
export function datePreview(date, words) {
  const line = h("p", { class: "date-preview", id: "date-preview", "aria-live": "polite" });
  const update = () => {
    const typed = words.value.trim();
    const iso = typed || date.value;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) {
      line.replaceChildren(typed ? `The agent reads “${typed}” when you send it.` : "");
      return;
    }
    let day;
    try {
      day = liturgicalDay(iso);
    } catch {
      line.replaceChildren(`${iso} is not a date.`);
      return;
    }
    line.replaceChildren(...(day
      ? [swatch(day.celebration.colour), `${formatIsoDate(iso)}: `, h("strong", {}, day.celebration.name), ` (${describe(day)})`]
      : [`${formatIsoDate(iso)} is outside the calendar's years (1900–2199).`]));
  };
  date.addEventListener("input", update);
  words.addEventListener("input", update);
  update();
  return line;
}
