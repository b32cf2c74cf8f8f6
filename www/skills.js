// The skill registry: one entry per skill the page knows. The agent card decides which skills show;
// a skill the card lists and this table does not gets `genericEntry` (any text, `client.send`).
//
// An entry: { id, icon, input, verb, shape, call(client, value, opts), render(result, ctx),
// running(value), what? }
// - `icon`: an SVG path (24 × 24); `verb`: the submit button; `running(value)`: the busy line;
// - `input`: the form it needs (question, search, id, date, lookup, text; see form.js);
// - `shape`: the SDK result it resolves to, for the code panel (snippet.js);
// - `call`: the one place that names the SDK method: the page runs it, and snippet.js runs it on a
//   recording client to write the code panel's snippet, so the two cannot drift;
// - `render`: a renderer from render/ (a new result shape gets a new module there); its `ctx` is
//   { app, entry, skill, value, info } plus what the caller passed (e.g. `fromSearch`).
import { renderQa } from "./render/qa.js";
import { renderSearch } from "./render/search.js";
import { renderDocument } from "./render/document.js";
import { renderReadings, renderSaints } from "./render/day-text.js";
import { renderLookup } from "./render/lookup.js";
import { renderTask } from "./render/task.js";
import { dayLabel } from "./format.js";

const quoted = (value) => `“${value}”`;

const lookup = (id, method, what, extra = {}) => ({
  id,
  input: "lookup",
  verb: "Look up",
  shape: "lookup",
  what,
  call: (client, value, opts) => client[method](value, opts),
  render: renderLookup,
  running: (value) => `Looking up ${quoted(value)}`,
  ...extra,
});

export const SKILLS = [
  {
    id: "catholic_qa",
    icon: "M5 5h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-7l-4 4v-4H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z",
    input: "question",
    verb: "Ask",
    shape: "qa",
    call: (client, value, opts) => client.catholicQa(value, opts),
    render: renderQa,
    running: () => "Thinking about your question",
  },
  {
    id: "document_search",
    icon: "M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 21 21",
    input: "search",
    verb: "Search",
    shape: "search",
    call: (client, value, opts) => client.documentSearch(value, opts),
    render: renderSearch,
    running: (value) => `Searching for ${quoted(value)}`,
  },
  {
    id: "document_fetch",
    icon: "M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6",
    input: "id",
    verb: "Open",
    shape: "document",
    call: (client, value, opts) => client.documentFetch(value, opts),
    render: renderDocument,
    running: (value) => `Opening ${value}`,
  },
  {
    id: "liturgical_readings",
    icon: "M4 5c3-1.5 5.5-1.5 8 0v15c-2.5-1.5-5-1.5-8 0zM20 5c-3-1.5-5.5-1.5-8 0v15c2.5-1.5 5-1.5 8 0z",
    input: "date",
    verb: "Get the readings",
    shape: "day",
    call: (client, value, opts) => client.liturgicalReadings(value, opts),
    render: renderReadings,
    running: (value) => `Finding the readings for ${dayLabel(value)}`,
  },
  {
    id: "saints_of_the_day",
    icon: "M4 8h16v12H4zM4 12h16M8 4v6M16 4v6",
    input: "date",
    verb: "Find the saints",
    shape: "day",
    call: (client, value, opts) => client.saintsOfTheDay(value, opts),
    render: renderSaints,
    running: (value) => `Finding the saints of ${dayLabel(value)}`,
  },
  lookup("saint_lookup", "saintLookup", "a saint, blessed, venerable or servant of God", {
    icon: "M12 3a5 1.8 0 1 0 .01 0M12 8a3.2 3.2 0 1 0 .01 0M6 21c.5-4 3-6 6-6s5.5 2 6 6",
  }),
  lookup("person_lookup", "personLookup", "a bishop, cardinal or priest", {
    icon: "M12 4a3.5 3.5 0 1 0 .01 0M5 21c.6-4.5 3.4-7 7-7s6.4 2.5 7 7",
  }),
  lookup("pope_lookup", "popeLookup", "a pope", { icon: "M12 2 8 7v5h8V7zM7 12h10l-1 9H8zM12 4v6M10 7h4" }),
  lookup("diocese_lookup", "dioceseLookup", "a diocese, archdiocese or eparchy", {
    icon: "M12 2v5M10 4h4M5 21V11l7-4 7 4v10M10 21v-5h4v5",
  }),
  lookup("diocese_statistics_lookup", "dioceseStatisticsLookup", "a diocese", {
    icon: "M4 20h16M6 16l4-5 4 3 5-7M6 16v0",
    verb: "Show statistics",
    shape: "statistics",
  }),
];

/** The entry of a skill of the agent card: the registry's, or a generic one that sends text. */
export function entryFor(skill) {
  return SKILLS.find((entry) => entry.id === skill.id) ?? genericEntry(skill.id);
}

/** A skill the page has no entry for: one text part through `client.send`, the Task shown as is. */
export function genericEntry(id) {
  return {
    id,
    icon: "M12 4a8 8 0 1 0 .01 0",
    input: "text",
    verb: "Send",
    shape: "task",
    call: (client, value, opts) => client.send(id, value, opts),
    render: renderTask,
    running: () => `Sending to ${id}`,
  };
}
