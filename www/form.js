// The skill list and the form: one button per skill of the agent card, the inputs of the chosen
// skill's registry entry, its examples as chips, and reading the input with a clear field error.
import { $, h, icon } from "./dom.js";
import { isoDay } from "./format.js";
import { datePreview } from "./render/liturgy.js";

/** The skill buttons, in the agent card's order; `onPick(id)` runs when one is clicked. */
export function renderSkillList(app, onPick) {
  $("skill-list").replaceChildren(...app.card.skills.map((skill) => {
    const button = h("button", { type: "button", class: "skill", "aria-pressed": "false", dataset: { skill: skill.id } },
      icon(app.entryFor(skill).icon, "skill-icon"),
      h("span", { class: "skill-text" }, h("span", { class: "skill-name" }, skill.name ?? skill.id), h("span", { class: "skill-desc" }, skill.description ?? "")));
    button.addEventListener("click", () => onPick(skill.id));
    return h("li", {}, button);
  }));
}

/** Shows a skill: pressed button, heading, inputs, example chips, `?skill=` in the address. */
export function showSkill(app, skill, { focus = false } = {}) {
  const entry = app.entryFor(skill);
  for (const button of $("skill-list").querySelectorAll("button.skill")) {
    button.setAttribute("aria-pressed", String(button.dataset.skill === skill.id));
  }
  $("ask-heading").textContent = skill.name ?? skill.id;
  $("skill-description").textContent = skill.description ?? "";
  $("submit").textContent = entry.verb;
  $("inputs").replaceChildren(inputsFor(entry, skill.examples?.[0]));
  const examples = (skill.examples ?? []).filter((text) => typeof text === "string" && text.trim());
  $("examples").replaceChildren(...examples.map((text) => {
    const chip = h("button", { type: "button", class: "chip" }, text);
    chip.addEventListener("click", () => {
      fillInput(entry, text);
      $("ask-form").requestSubmit();
    });
    return h("li", {}, chip);
  }));
  $("examples-wrap").hidden = examples.length === 0;
  const url = new URL(location.href);
  url.searchParams.set("skill", skill.id);
  history.replaceState(null, "", url);
  if (focus) firstInput(entry)?.focus();
}

function field(id, label, control, hint) {
  control.id = id;
  if (hint) control.setAttribute("aria-describedby", `${id}-hint`);
  return h("div", { class: "field" },
    h("label", { for: id }, label),
    control,
    hint ? h("p", { class: "hint", id: `${id}-hint` }, hint) : null,
    h("p", { class: "field-error", id: `${id}-error`, hidden: true }));
}

/** The input fields of an entry's `input` kind, with `example` as the placeholder. */
function inputsFor(entry, example) {
  const placeholder = example ? `e.g. ${example}` : "";
  switch (entry.input) {
    case "question": {
      const area = h("textarea", { name: "question", rows: 3, placeholder: placeholder || "Ask about Catholic teaching" });
      area.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && !event.shiftKey && !event.isComposing && !event.altKey && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          $("ask-form").requestSubmit();
        }
      });
      return field("f-question", "Your question", area, "Enter sends, Shift+Enter starts a new line. The service allows 2 questions a minute.");
    }
    case "search":
      return field("f-search", "Search the documents", h("input", { type: "search", name: "q", placeholder }), "Encyclicals, the Catechism, canon law and more. Open a result to read it.");
    case "id":
      return field("f-id", "Document id", h("input", { type: "text", name: "id", spellcheck: "false", placeholder }), "The id shown under each search result.");
    case "date": {
      const date = h("input", { type: "date", name: "date", value: isoDay(), min: "1900-01-01", max: "2199-12-31" });
      const words = h("input", { type: "text", name: "when", placeholder: "e.g. next Sunday" });
      date.addEventListener("change", () => {
        if (date.value) words.value = "";
      });
      return h("fieldset", { class: "date-fields", id: "date-fields" },
        h("legend", {}, "Which day?"),
        h("div", { class: "date-row" },
          field("f-date", "Date", date),
          field("f-when", "Or in words", words, "Words win when both are filled: today, next Sunday, Easter Sunday 2026, March 19…")),
        datePreview(date, words));
    }
    case "lookup":
      return field("f-lookup", "Name or id", h("input", { type: "text", name: "q", placeholder }), `Find ${entry.what ?? "a record"} by name (accents and titles optional) or by id.`);
    default:
      return field("f-text", "Input", h("textarea", { name: "text", rows: 2 }), "Sent as one text part with message/send.");
  }
}

const FIELD = {
  question: ["f-question", "Type a question first."],
  search: ["f-search", "Type something to search for."],
  id: ["f-id", "Type a document id first."],
  date: ["f-when", "Pick a date or describe the day in words."],
  lookup: ["f-lookup", "Type a name or an id first."],
  text: ["f-text", "Type something first."],
};

/** The input an entry's form starts with (the words of a date: the date has a value already). */
function firstInput(entry) {
  return $((FIELD[entry.input] ?? FIELD.text)[0]);
}

/** Puts `text` into the entry's form (an example chip, a related question). */
export function fillInput(entry, text) {
  const input = firstInput(entry);
  if (!input) return;
  input.value = text;
  input.dispatchEvent(new Event("input")); // the date preview follows the words
}

/** The value to send (trimmed), or null after showing the field's error and focusing it. */
export function readValue(entry) {
  clearFieldErrors();
  const [id, message] = FIELD[entry.input] ?? FIELD.text;
  const input = $(id);
  const value = entry.input === "date" ? input.value.trim() || $("f-date").value : input.value.trim();
  if (value) return value;
  showFieldError(input, message);
  return null;
}

function showFieldError(input, message) {
  const error = $(`${input.id}-error`);
  error.textContent = message;
  error.hidden = false;
  input.setAttribute("aria-invalid", "true");
  const described = new Set((input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
  described.add(error.id);
  input.setAttribute("aria-describedby", [...described].join(" "));
  input.focus();
}

function clearFieldErrors() {
  for (const error of $("inputs").querySelectorAll(".field-error")) {
    error.hidden = true;
    error.textContent = "";
  }
  for (const input of $("inputs").querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
}
