// The demo page's wiring: the SDK from /pkg/, the safe Markdown renderer from /markdown/, the
// agent card, sign-in, and one `app` object of state that is handed to the modules that need it.
//
// Layout: skills.js (the registry), form.js (skill list and inputs), run.js (a call), errors.js,
// exchange.js (the recording fetch), code-panel.js + snippet.js ("Use this in your app"),
// session.js (sign-in), render/ (one module per result shape). The header's #liturgy-slot shows
// today's liturgical day, computed offline by render/liturgy.js (the SDK's calendar entry), and
// calendar.js is the calendar panel (#calendar: a month, a day's readings, the feed).
import initSdk, { MagisteriumClient, isMagisteriumError } from "/pkg/index.js";
import initMarkdown, { renderMarkdown } from "/markdown/magisterium_markdown.js";
import { $, h, markdownBlock } from "./dom.js";
import { createRecorder, renderExchange } from "./exchange.js";
import { fillInput, readValue, renderSkillList, showSkill } from "./form.js";
import { cancelRunning, focusAnswer, run, show } from "./run.js";
import { loadSession, renderAccount } from "./session.js";
import { entryFor } from "./skills.js";
import { onFootnoteClick } from "./render/qa.js";
import { initCalendar, renderLiturgyHeader } from "./render/liturgy.js";
import { renderCalendarPanel } from "./calendar.js";

const ENDPOINT = "/api/v1/a2a";

/** The page's state: what the modules read and write, passed to them explicitly. */
function createApp() {
  const app = {
    client: null,
    card: null,
    skill: null,
    running: null,
    lastSearch: null,
    countdownTimer: null,
    renderGeneration: 0,
    /** The Worker's sign-in state, or null (session.js). */
    auth: null,
    /** The code panel's open state and tab, kept from answer to answer. */
    codePrefs: { open: false, target: "browser" },
    recorder: createRecorder((recorder) => renderExchange(recorder)),
    entryFor,
    markdown: (text, className) => markdownBlock(renderMarkdown, text, className),
    /** Runs a skill of the card by id (a search result opens its document). */
    run: (skillId, value, how) => run(app, entryFor({ id: skillId }), value, how),
    /** Shows a result again without a call (back from a document to its search results). */
    showAgain(skillId, value, result, info) {
      if (app.running) return;
      app.renderGeneration++;
      show(app, entryFor({ id: skillId }), value, result, { info });
      focusAnswer();
    },
    /** Asks a (related) question, in the A2A context of the answer it came from. */
    ask(question, { contextId } = {}) {
      if (app.running) return;
      if (app.skill?.id !== "catholic_qa") selectSkill(app, "catholic_qa");
      fillInput(app.entryFor(app.skill), question);
      run(app, app.entryFor(app.skill), question, { options: { contextId } });
    },
  };
  return app;
}

function selectSkill(app, id, { focus = false } = {}) {
  const skill = app.card.skills.find((s) => s.id === id) ?? app.card.skills[0];
  if (app.running && app.skill?.id !== skill.id) cancelRunning(app);
  app.skill = skill;
  showSkill(app, skill, { focus });
}

function onSubmit(app, event) {
  event.preventDefault();
  if (!app.skill || app.running) return;
  const entry = app.entryFor(app.skill);
  const value = readValue(entry);
  if (value !== null) run(app, entry, value);
}

async function loadCard(app) {
  $("agent-name").textContent = "Connecting to the agent…";
  const card = await app.client.agentCard();
  if (!Array.isArray(card?.skills) || card.skills.length === 0) throw new Error("the agent card lists no skills");
  app.card = card;
  $("agent-info").classList.add("connected");
  $("agent-name").textContent = [card.name ?? "Agent", card.version && `v${card.version}`, card.protocolVersion && `A2A ${card.protocolVersion}`].filter(Boolean).join(" · ");
  $("agent-info").title = typeof card.description === "string" ? card.description : "";
  renderSkillList(app, (id) => selectSkill(app, id, { focus: true }));
  const wanted = new URL(location.href).searchParams.get("skill");
  selectSkill(app, card.skills.some((s) => s.id === wanted) ? wanted : card.skills[0].id);
  $("submit").disabled = false;
}

function showStartupError(error) {
  document.body.dataset.ready = "error";
  $("agent-name").textContent = "Agent unavailable";
  $("ask-heading").textContent = "The agent could not be reached";
  const retry = h("button", { type: "button", class: "button" }, "Reload the page");
  retry.addEventListener("click", () => location.reload());
  $("error-slot").replaceChildren(
    h("div", { class: "error-box", dataset: { kind: isMagisteriumError(error) ? error.kind : "startup" } },
      h("div", { role: "alert", class: "error-text" },
        h("h2", { class: "error-title" }, "The page could not start"),
        h("p", {}, "The agent card or the WebAssembly modules did not load. Is the Worker running (scripts/demo.sh)?"),
        h("p", { class: "error-detail" }, `Details: ${error?.message ?? error}`)),
      h("div", { class: "error-actions" }, retry)),
  );
}

async function start() {
  const app = createApp();
  $("ask-form").addEventListener("submit", (event) => onSubmit(app, event));
  $("cancel").addEventListener("click", () => cancelRunning(app));
  $("answer-body").addEventListener("click", onFootnoteClick);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && app.running) {
      event.preventDefault();
      cancelRunning(app);
    }
  });
  $("exchange").addEventListener("toggle", () => renderExchange(app.recorder));
  try {
    await Promise.all([initSdk(), initMarkdown(), initCalendar()]);
    renderLiturgyHeader();
    renderCalendarPanel($("calendar-body"));
    app.client = new MagisteriumClient({
      endpoint: new URL(ENDPOINT, location.href).href,
      fetch: app.recorder.fetch,
      // The page shows a rate limit at once (with its countdown) instead of waiting for Retry-After.
      maxRetries: 0,
    });
    const [auth] = await Promise.all([loadSession(), loadCard(app)]);
    app.auth = auth;
    renderAccount(auth);
    document.body.dataset.ready = "1";
  } catch (error) {
    showStartupError(error);
  }
}

start();
