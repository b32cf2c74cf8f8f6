// The demo page: plain ES modules, the SDK from /pkg/, the safe Markdown renderer from /markdown/.
// Data from the agent only ever reaches the DOM as text nodes, as checked URLs, or as the output of
// renderMarkdown (which escapes raw HTML and keeps only http/https/mailto links).
import initSdk, { MagisteriumClient, isMagisteriumError } from "/pkg/index.js";
import initMarkdown, { renderMarkdown } from "/markdown/magisterium_a2a.js";
import { lineChart } from "./chart.js";

const ENDPOINT = "/api/v1/a2a";
const $ = (id) => document.getElementById(id);
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

// ---------------------------------------------------------------- DOM helpers

/** An element with attributes (never `on*`, never `innerHTML`) and children (strings become text nodes). */
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The URL when it parses as absolute http(s), else null. */
function safeHttpUrl(value) {
  if (typeof value !== "string" || value.trim() === "") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Markdown → a <div> of safe HTML (renderMarkdown escapes raw HTML and unsafe links). Headings are
 * moved two levels down (h1 → h3) so they sit under the answer's own h2.
 */
function markdown(text, className = "prose") {
  const div = h("div", { class: className });
  div.innerHTML = renderMarkdown(String(text ?? ""));
  for (const heading of div.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const level = Math.min(6, Number(heading.tagName.slice(1)) + 2);
    const moved = document.createElement(`h${level}`);
    moved.append(...heading.childNodes);
    heading.replaceWith(moved);
  }
  return div;
}

/** Takes a leading heading out of rendered Markdown and returns its text (for the answer's title). */
function takeLeadingHeading(div) {
  const first = div.firstElementChild;
  if (!first || !/^H[1-6]$/.test(first.tagName)) return null;
  const title = first.textContent.trim();
  first.remove();
  return title || null;
}

const nf = new Intl.NumberFormat("en");

function formatMs(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
}

function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

function humanize(key) {
  const words = String(key).replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function todayIso() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function formatIsoDate(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date.toLocaleDateString("en", { weekday: "long", year: "numeric", month: "long", day: "numeric" });
}

function scrollBehavior() {
  return reducedMotion.matches ? "auto" : "smooth";
}

// ---------------------------------------------------------------- the A2A exchange recorder

/** What the page shows under "Show the A2A exchange": the attempts of the latest call. */
const exchange = { attempts: [], callId: 0 };

/**
 * The SDK's `fetch` option: the real fetch, recording the JSON-RPC request body and the response text.
 * The body is read here and handed to the SDK as a new Response with the same status and headers, so
 * the record cannot race the SDK's own reading (an abort still stops both: the signal is passed on).
 */
async function recordingFetch(url, init = {}) {
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "POST") return fetch(url, init);
  const attempt = {
    callId: exchange.callId,
    url: String(url),
    request: typeof init.body === "string" ? init.body : "(not a text body)",
    started: performance.now(),
    status: null,
    ms: null,
    response: null,
    error: null,
  };
  exchange.attempts.push(attempt);
  renderExchange();
  const failed = (e, what) => {
    attempt.error = e?.name === "AbortError" ? `${what}: aborted` : `${what} (${e?.message ?? e})`;
    attempt.ms = performance.now() - attempt.started;
    renderExchange();
    throw e;
  };
  let response;
  try {
    response = await fetch(url, init);
  } catch (e) {
    failed(e, "no HTTP answer");
  }
  attempt.status = response.status;
  attempt.agent = response.headers.get("x-magisterium-agent");
  let text;
  try {
    text = await response.text();
  } catch (e) {
    failed(e, "the body could not be read");
  }
  attempt.response = text;
  attempt.ms = performance.now() - attempt.started;
  renderExchange();
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  const nullBody = [101, 204, 205, 304].includes(response.status);
  return new Response(nullBody ? null : text, { status: response.status, statusText: response.statusText, headers });
}

const EXCHANGE_MAX_CHARS = 200_000;

function pretty(text) {
  if (typeof text !== "string") return "—";
  let out = text;
  try {
    out = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    /* not JSON: shown as received */
  }
  if (out.length > EXCHANGE_MAX_CHARS) {
    out = `${out.slice(0, EXCHANGE_MAX_CHARS)}\n… (${nf.format(out.length - EXCHANGE_MAX_CHARS)} more characters not shown)`;
  }
  return out;
}

function jsonRpcId(requestText) {
  try {
    const id = JSON.parse(requestText)?.id;
    return typeof id === "string" || typeof id === "number" ? String(id) : null;
  } catch {
    return null;
  }
}

function renderExchange() {
  const details = $("exchange");
  if (!details) return;
  const attempts = exchange.attempts;
  const last = attempts[attempts.length - 1];
  if (!last) {
    $("exchange-meta").textContent = "No call yet. Each call is a JSON-RPC message/send to /api/v1/a2a.";
    $("exchange-request").textContent = "—";
    $("exchange-response").textContent = "—";
    return;
  }
  const parts = [`POST ${new URL(last.url, location.href).pathname}`];
  const id = jsonRpcId(last.request);
  if (id) parts.push(`JSON-RPC id ${id}`);
  if (last.status !== null) parts.push(`HTTP ${last.status}`);
  if (last.ms !== null) parts.push(formatMs(last.ms));
  if (typeof last.response === "string") parts.push(formatBytes(new Blob([last.response]).size));
  if (attempts.length > 1) parts.push(`attempt ${attempts.length} of ${attempts.length}`);
  if (last.agent) parts.push(`agent: ${last.agent}`);
  $("exchange-meta").textContent = parts.join(" · ");
  $("exchange-request").textContent = pretty(last.request);
  $("exchange-response").textContent = last.error
    ? `(${last.error})${last.response ? `\n${pretty(last.response)}` : ""}`
    : last.response === null
      ? "(waiting for the answer…)"
      : pretty(last.response);
}

// ---------------------------------------------------------------- skills

const ICONS = {
  catholic_qa: "M5 5h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-7l-4 4v-4H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z",
  document_search: "M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 21 21",
  document_fetch: "M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6",
  liturgical_readings: "M4 5c3-1.5 5.5-1.5 8 0v15c-2.5-1.5-5-1.5-8 0zM20 5c-3-1.5-5.5-1.5-8 0v15c2.5-1.5 5-1.5 8 0z",
  saints_of_the_day: "M4 8h16v12H4zM4 12h16M8 4v6M16 4v6",
  saint_lookup: "M12 3a5 1.8 0 1 0 .01 0M12 8a3.2 3.2 0 1 0 .01 0M6 21c.5-4 3-6 6-6s5.5 2 6 6",
  person_lookup: "M12 4a3.5 3.5 0 1 0 .01 0M5 21c.6-4.5 3.4-7 7-7s6.4 2.5 7 7",
  pope_lookup: "M12 2 8 7v5h8V7zM7 12h10l-1 9H8zM12 4v6M10 7h4",
  diocese_lookup: "M12 2v5M10 4h4M5 21V11l7-4 7 4v10M10 21v-5h4v5",
  diocese_statistics_lookup: "M4 20h16M6 16l4-5 4 3 5-7M6 16v0",
};

const KINDS = {
  catholic_qa: { input: "question", verb: "Ask", method: "catholicQa" },
  document_search: { input: "search", verb: "Search", method: "documentSearch" },
  document_fetch: { input: "id", verb: "Open", method: "documentFetch" },
  liturgical_readings: { input: "date", verb: "Get the readings", method: "liturgicalReadings" },
  saints_of_the_day: { input: "date", verb: "Find the saints", method: "saintsOfTheDay" },
  saint_lookup: { input: "lookup", verb: "Look up", method: "saintLookup", what: "a saint, blessed, venerable or servant of God" },
  person_lookup: { input: "lookup", verb: "Look up", method: "personLookup", what: "a bishop, cardinal or priest" },
  pope_lookup: { input: "lookup", verb: "Look up", method: "popeLookup", what: "a pope" },
  diocese_lookup: { input: "lookup", verb: "Look up", method: "dioceseLookup", what: "a diocese, archdiocese or eparchy" },
  diocese_statistics_lookup: { input: "lookup", verb: "Show statistics", method: "dioceseStatisticsLookup", what: "a diocese" },
};

const state = {
  client: null,
  card: null,
  skill: null,
  running: null,
  lastAction: null,
  lastSearch: null,
  countdownTimer: null,
  renderGeneration: 0,
  /** The Worker's sign-in state (`GET /auth/session`): { enabled, signedIn, anonymousAllowed }, or null. */
  auth: null,
};

function kindOf(skill) {
  return KINDS[skill.id] ?? { input: "text", verb: "Send", method: null };
}

function renderSkillList() {
  const list = $("skill-list");
  list.replaceChildren();
  for (const skill of state.card.skills) {
    const icon = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    icon.setAttribute("viewBox", "0 0 24 24");
    icon.setAttribute("class", "skill-icon");
    icon.setAttribute("aria-hidden", "true");
    icon.setAttribute("focusable", "false");
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", ICONS[skill.id] ?? "M12 4a8 8 0 1 0 .01 0");
    icon.append(path);
    const button = h(
      "button",
      { type: "button", class: "skill", "aria-pressed": "false", dataset: { skill: skill.id } },
      icon,
      h("span", { class: "skill-text" }, h("span", { class: "skill-name" }, skill.name ?? skill.id), h("span", { class: "skill-desc" }, skill.description ?? "")),
    );
    button.addEventListener("click", () => selectSkill(skill.id, { focus: true }));
    list.append(h("li", {}, button));
  }
}

function field(id, label, control, hint) {
  const hintId = `${id}-hint`;
  if (hint) control.setAttribute("aria-describedby", hintId);
  control.id = id;
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    control,
    hint ? h("p", { class: "hint", id: hintId }, hint) : null,
    h("p", { class: "field-error", id: `${id}-error`, hidden: true }),
  );
}

function buildInputs(skill) {
  const kind = kindOf(skill);
  const inputs = $("inputs");
  inputs.replaceChildren();
  const example = skill.examples?.[0];
  switch (kind.input) {
    case "question": {
      const area = h("textarea", { name: "question", rows: 3, placeholder: example ? `e.g. ${example}` : "Ask about Catholic teaching" });
      area.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && !event.shiftKey && !event.isComposing && !event.altKey && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          $("ask-form").requestSubmit();
        }
      });
      inputs.append(field("f-question", "Your question", area, "Enter sends, Shift+Enter starts a new line. The service allows 2 questions a minute."));
      break;
    }
    case "search":
      inputs.append(field("f-search", "Search the documents", h("input", { type: "search", name: "q", placeholder: example ? `e.g. ${example}` : "" }), "Encyclicals, the Catechism, canon law and more. Open a result to read it."));
      break;
    case "id":
      inputs.append(field("f-id", "Document id", h("input", { type: "text", name: "id", spellcheck: "false", placeholder: example ? `e.g. ${example}` : "" }), "The id shown under each search result."));
      break;
    case "date": {
      const date = h("input", { type: "date", name: "date", value: todayIso(), min: "1900-01-01", max: "2199-12-31" });
      const words = h("input", { type: "text", name: "when", placeholder: "e.g. next Sunday" });
      date.addEventListener("change", () => {
        if (date.value) words.value = "";
      });
      inputs.append(
        h(
          "fieldset",
          { class: "date-fields" },
          h("legend", {}, "Which day?"),
          h("div", { class: "date-row" },
            field("f-date", "Date", date),
            field("f-when", "Or in words", words, "Words win when both are filled: today, next Sunday, Easter Sunday 2026, March 19…")),
        ),
      );
      break;
    }
    case "lookup":
      inputs.append(field("f-lookup", "Name or id", h("input", { type: "text", name: "q", placeholder: example ? `e.g. ${example}` : "" }), `Find ${kind.what ?? "a record"} by name (accents and titles optional) or by id.`));
      break;
    default:
      inputs.append(field("f-text", "Input", h("textarea", { name: "text", rows: 2 }), "Sent as one text part with message/send."));
  }
}

function firstInput() {
  const kind = state.skill ? kindOf(state.skill) : null;
  if (kind?.input === "date") return $("f-when");
  return $("inputs").querySelector("textarea, input");
}

function selectSkill(id, { focus = false } = {}) {
  const skill = state.card.skills.find((s) => s.id === id) ?? state.card.skills[0];
  if (!skill) return;
  if (state.running && state.skill?.id !== skill.id) state.running.controller.abort();
  state.skill = skill;
  for (const button of $("skill-list").querySelectorAll("button.skill")) {
    button.setAttribute("aria-pressed", String(button.dataset.skill === skill.id));
  }
  const kind = kindOf(skill);
  $("ask-heading").textContent = skill.name ?? skill.id;
  $("skill-description").textContent = skill.description ?? "";
  $("submit").textContent = kind.verb;
  buildInputs(skill);
  const examples = $("examples");
  examples.replaceChildren();
  for (const text of skill.examples ?? []) {
    if (typeof text !== "string" || !text.trim()) continue;
    const chip = h("button", { type: "button", class: "chip" }, text);
    chip.addEventListener("click", () => {
      fillInput(text);
      $("ask-form").requestSubmit();
    });
    examples.append(h("li", {}, chip));
  }
  $("examples-wrap").hidden = examples.childElementCount === 0;
  const url = new URL(location.href);
  url.searchParams.set("skill", skill.id);
  history.replaceState(null, "", url);
  if (focus) firstInput()?.focus();
}

function fillInput(text) {
  const kind = kindOf(state.skill);
  if (kind.input === "date") {
    $("f-when").value = text;
  } else {
    const input = firstInput();
    if (input) input.value = text;
  }
}

function showFieldError(input, message) {
  const error = $(`${input.id}-error`);
  if (!error) return;
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

// ---------------------------------------------------------------- running a call

function onSubmit(event) {
  event.preventDefault();
  if (!state.skill || state.running) return;
  clearFieldErrors();
  const skill = state.skill;
  const kind = kindOf(skill);
  const client = state.client;
  let action;
  switch (kind.input) {
    case "question": {
      const input = $("f-question");
      const question = input.value.trim();
      if (!question) return showFieldError(input, "Type a question first.");
      action = qaAction(question);
      break;
    }
    case "search": {
      const input = $("f-search");
      const query = input.value.trim();
      if (!query) return showFieldError(input, "Type something to search for.");
      action = {
        label: `Searching for “${query}”`,
        call: (opts) => client.documentSearch(query, opts),
        render: (result, info) => renderSearch(query, result, info),
      };
      break;
    }
    case "id": {
      const input = $("f-id");
      const id = input.value.trim();
      if (!id) return showFieldError(input, "Type a document id first.");
      action = documentAction(id, null);
      break;
    }
    case "date": {
      const words = $("f-when").value.trim();
      const date = $("f-date").value;
      const when = words || date;
      if (!when) return showFieldError($("f-when"), "Pick a date or describe the day in words.");
      const readings = skill.id === "liturgical_readings";
      const label = words ? `“${words}”` : formatIsoDate(date);
      action = {
        label: readings ? `Finding the readings for ${label}` : `Finding the saints of ${label}`,
        call: (opts) => (readings ? client.liturgicalReadings(when, opts) : client.saintsOfTheDay(when, opts)),
        render: (result, info) => renderDayText(skill, label, result, info),
      };
      break;
    }
    case "lookup": {
      const input = $("f-lookup");
      const query = input.value.trim();
      if (!query) return showFieldError(input, "Type a name or an id first.");
      action = {
        label: `Looking up “${query}”`,
        call: (opts) => client[kind.method](query, opts),
        render: (result, info) => renderLookup(skill, query, result, info),
      };
      break;
    }
    default: {
      const input = $("f-text");
      const text = input.value.trim();
      if (!text) return showFieldError(input, "Type something first.");
      action = {
        label: `Sending to ${skill.id}`,
        call: (opts) => client.send(skill.id, text, opts),
        render: (task, info) => renderTask(skill, text, task, info),
      };
    }
  }
  execute(action);
}

function qaAction(question) {
  return {
    label: "Thinking about your question",
    call: (opts) => state.client.catholicQa(question, opts),
    render: (result, info) => renderQa(question, result, info),
  };
}

function documentAction(id, fromSearch) {
  return {
    label: `Opening ${id}`,
    call: (opts) => state.client.documentFetch(id, opts),
    render: (doc, info) => renderDocument(id, doc, info, fromSearch),
  };
}

/** Runs one SDK call with the busy state, Cancel, elapsed time, and the answer or the error. */
async function execute(action) {
  if (state.running) return;
  clearError();
  state.lastAction = action;
  state.renderGeneration++;
  exchange.callId++;
  exchange.attempts = [];
  renderExchange();
  const controller = new AbortController();
  const started = performance.now();
  const running = { controller, started, timer: 0 };
  state.running = running;
  setBusy(true, action.label);
  const tick = () => {
    $("run-text").textContent = `${action.label}… ${((performance.now() - started) / 1000).toFixed(1)} s`;
  };
  tick();
  running.timer = setInterval(tick, 100);
  try {
    const result = await action.call({ signal: controller.signal });
    const info = callInfo(started);
    clearInterval(running.timer);
    state.running = null;
    setBusy(false);
    showRunInfo(info);
    action.render(result, info);
    focusAnswer();
  } catch (error) {
    const info = callInfo(started);
    clearInterval(running.timer);
    state.running = null;
    setBusy(false);
    showRunInfo(info, error);
    showError(error, info, action);
  }
}

function callInfo(started) {
  const total = performance.now() - started;
  const last = exchange.attempts[exchange.attempts.length - 1];
  return {
    total,
    http: last?.ms ?? null,
    requestId: last ? jsonRpcId(last.request) : null,
    attempts: exchange.attempts.length,
  };
}

function setBusy(busy, label) {
  const answer = $("answer");
  answer.setAttribute("aria-busy", String(busy));
  document.body.classList.toggle("is-busy", busy);
  $("run-status").classList.toggle("running", busy);
  $("cancel").hidden = !busy;
  $("submit").setAttribute("aria-disabled", String(busy));
  if (busy) {
    $("answer-heading").textContent = "Working…";
    $("answer-body").replaceChildren(
      h("div", { class: "skeleton", "aria-hidden": "true" }, h("span"), h("span"), h("span"), h("span")),
      h("p", { class: "visually-hidden" }, `${label}…`),
    );
  }
}

function showRunInfo(info, error) {
  const parts = [];
  if (error && isMagisteriumError(error) && error.kind === "aborted") parts.push(`Cancelled after ${formatMs(info.total)}`);
  else parts.push(`${error ? "Failed" : "Answered"} in ${formatMs(info.total)}`);
  if (info.http !== null && Math.abs(info.http - info.total) > 1) parts.push(`HTTP ${formatMs(info.http)}`);
  if (info.requestId) parts.push(`request ${info.requestId.slice(0, 8)}`);
  if (info.attempts > 1) parts.push(`${info.attempts} attempts`);
  $("run-text").textContent = parts.join(" · ");
  $("run-text").title = info.requestId ? `JSON-RPC id ${info.requestId}` : "";
}

function focusAnswer() {
  const heading = $("answer-heading");
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: "start", behavior: scrollBehavior() });
}

function setAnswer(title, ...content) {
  $("answer-heading").textContent = title;
  $("answer-body").replaceChildren(...content.filter((c) => c !== null && c !== undefined && c !== false));
}

function cancelRunning() {
  state.running?.controller.abort();
}

// ---------------------------------------------------------------- errors

const ERROR_TEXT = {
  rate_limited: ["Slow down a little", "The service allows 2 questions a minute (and 15 calls a minute in all), so it refused this one."],
  plan_required: ["A paid plan is needed", () =>
    state.auth?.signedIn
      ? "Your Magisterium account is on the Free plan, which cannot use the A2A agent. Upgrade the account on magisterium.com, then sign in again."
      : "The token this Worker uses belongs to a Free Magisterium account, which cannot use the A2A agent. Whoever runs the Worker should upgrade that account on magisterium.com, or set the token of a paid account as the Worker's secret: wrangler secret put MAGISTERIUM_TOKEN."],
  unauthorized: ["Not signed in to Magisterium", () =>
    state.auth?.enabled
      ? "Sign in with your Magisterium account to use the agent; this page never sees your token, the Worker keeps it."
      : "The service refused the credentials. This page never holds a token: the Worker adds it. Whoever runs the Worker should set a valid API token with wrangler secret put MAGISTERIUM_TOKEN and redeploy."],
  network: ["Could not reach the server", "No answer came back: check your connection, or that the Worker (scripts/demo.sh) is still running, then try again."],
  timeout: ["The answer took too long", "The call was given up after waiting too long. The service may be busy: try again in a moment."],
  task_failed: ["The agent could not finish", "The agent took the request but its task failed."],
  invalid_input: ["Check the input", "The input was refused before anything was sent."],
  http_error: ["The server answered with an error", "The server answered with an HTTP error instead of a JSON-RPC answer."],
  invalid_response: ["The answer was not understood", "The server's answer was not a valid A2A answer to this request."],
  task_not_found: ["Task not found", "The agent does not know that task (tasks are kept for 24 hours)."],
  invalid_params: ["The agent refused the request", "The request's parameters were not accepted."],
  method_not_found: ["Not supported", "The agent does not support this method."],
  rpc_error: ["The agent answered with an error", "The agent answered the request with a JSON-RPC error."],
};

function clearError() {
  clearInterval(state.countdownTimer);
  state.countdownTimer = null;
  $("error-slot").replaceChildren();
}

function showError(error, info, action) {
  const kind = isMagisteriumError(error) ? error.kind : "unexpected";
  if (kind === "aborted") {
    setAnswer(
      "Cancelled",
      h("p", { class: "notice", dataset: { state: "aborted" } }, `You cancelled the request after ${formatMs(info.total)}. Nothing was shown; ask again whenever you like.`),
    );
    focusAnswer();
    return;
  }
  const [title, text] = ERROR_TEXT[kind] ?? ["Something went wrong", "The page hit an unexpected problem."];
  const explanation = typeof text === "function" ? text() : text;
  const heading = h("h2", { class: "error-title", tabindex: "-1" }, title);
  const detail = error?.message ? h("p", { class: "error-detail" }, `Details: ${error.message}`) : null;
  const alert = h("div", { role: "alert", class: "error-text" }, heading, h("p", {}, explanation), detail);
  const box = h("div", { class: "error-box", dataset: { kind } }, alert);
  const retry = h("button", { type: "button", class: "button" }, "Try again");
  retry.addEventListener("click", () => {
    if (!state.running) execute(action);
  });
  if (kind === "rate_limited" && typeof error.retryAfterMs === "number" && error.retryAfterMs > 0) {
    // The countdown sits outside the alert and is not a live region: ticks are not announced.
    const seconds = h("span", { class: "countdown-seconds" });
    const countdown = h("p", { class: "countdown", "aria-live": "off" }, "You can ask again in ", seconds, ".");
    const until = Date.now() + error.retryAfterMs;
    retry.disabled = true;
    const update = () => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      if (left > 0) {
        seconds.textContent = `${left} s`;
        return;
      }
      clearInterval(state.countdownTimer);
      state.countdownTimer = null;
      countdown.replaceChildren("You can ask again now.");
      countdown.classList.add("done");
      retry.disabled = false;
    };
    update();
    state.countdownTimer = setInterval(update, 250);
    alert.append(h("p", { class: "visually-hidden" }, `You can ask again in about ${Math.ceil(error.retryAfterMs / 1000)} seconds.`));
    box.append(countdown);
  } else if (kind === "rate_limited") {
    box.append(h("p", { class: "countdown" }, "Wait a minute before asking again."));
  }
  const actions = h("div", { class: "error-actions" }, retry);
  if (kind === "unauthorized" && state.auth?.enabled) actions.prepend(h("a", { class: "button primary", href: "/auth/login" }, "Sign in"));
  box.append(actions);
  const facts = [["kind", kind]];
  if (isMagisteriumError(error)) {
    if (error.code !== undefined) facts.push(["JSON-RPC code", error.code]);
    if (error.status !== undefined) facts.push(["HTTP status", error.status]);
    if (error.retryAfterMs !== undefined) facts.push(["retry after", formatMs(error.retryAfterMs)]);
    if (error.taskId) facts.push(["task", error.taskId]);
  }
  box.append(
    h("details", { class: "error-facts" }, h("summary", {}, "Technical details"),
      h("dl", {}, facts.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))]))),
  );
  $("error-slot").replaceChildren(box);
  setAnswer("No answer", h("p", { class: "placeholder" }, "No answer this time: see the message above."));
  heading.focus({ preventScroll: true });
  box.scrollIntoView({ block: "nearest", behavior: scrollBehavior() });
}

// ---------------------------------------------------------------- renderers

function taskLine(task, info) {
  const bits = [];
  if (task?.id) bits.push(h("span", {}, "task ", h("code", {}, task.id.slice(0, 8))));
  if (task?.state) bits.push(h("span", {}, task.state));
  if (info) bits.push(h("span", {}, formatMs(info.total)));
  return h("p", { class: "task-line" }, ...bits.flatMap((b, i) => (i ? [" · ", b] : [b])));
}

function renderQa(question, result, info) {
  const answer = markdown(result.answer, "prose answer-text");
  const citations = Array.isArray(result.citations) ? result.citations : [];
  const content = [h("p", { class: "asked" }, h("span", { class: "asked-label" }, "You asked"), " ", h("q", {}, question)), answer];
  if (citations.length) {
    const list = h("ol", { class: "citations" });
    citations.forEach((citation, index) => list.append(citationItem(citation, index + 1, answer)));
    content.push(h("section", { class: "sources", "aria-labelledby": "sources-heading" }, h("h3", { id: "sources-heading" }, `Sources (${citations.length})`), list));
  }
  const related = (Array.isArray(result.relatedQuestions) ? result.relatedQuestions : []).filter((q) => typeof q === "string" && q.trim());
  if (related.length) {
    const chips = h("ul", { class: "chips related" });
    for (const q of related) {
      const chip = h("button", { type: "button", class: "chip" }, q);
      chip.addEventListener("click", () => askAgain(q));
      chips.append(h("li", {}, chip));
    }
    content.push(h("section", { class: "related-block", "aria-labelledby": "related-heading" }, h("h3", { id: "related-heading" }, "Related questions"), chips));
  }
  content.push(taskLine(result.task, info));
  setAnswer("Answer", ...content);
}

function askAgain(question) {
  if (state.running) return;
  if (state.skill?.id !== "catholic_qa") selectSkill("catholic_qa");
  const input = $("f-question");
  if (input) input.value = question;
  execute(qaAction(question));
}

function citationItem(citation, n, answer) {
  const text = (v) => (typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null);
  const title = text(citation?.document_title) ?? "Untitled source";
  const meta = [text(citation?.document_author), text(citation?.document_year), text(citation?.document_reference)].filter(Boolean);
  const li = h("li", { id: `cite-${n}`, tabindex: "-1", class: "citation" });
  li.append(h("p", { class: "cite-title" }, h("span", { class: "cite-number", "aria-hidden": "true" }, String(n)), h("strong", {}, title)));
  if (meta.length) li.append(h("p", { class: "cite-meta" }, meta.join(" · ")));
  const quoted = text(citation?.cited_text);
  if (quoted) {
    const heading = text(citation?.cited_text_heading);
    const clipped = quoted.length > 420 ? `${quoted.slice(0, 420).trimEnd()}…` : quoted;
    li.append(h("blockquote", { class: "cite-text" }, heading ? h("p", { class: "cite-heading" }, heading) : null, h("p", {}, clipped)));
  }
  const links = h("p", { class: "cite-links" });
  const href = safeHttpUrl(citation?.source_url);
  if (href) {
    links.append(h("a", { href, rel: "noopener noreferrer", target: "_blank", class: "source-link" }, `Read at ${new URL(href).hostname}`, h("span", { class: "visually-hidden" }, " (opens in a new tab)")));
  } else {
    links.append(h("span", { class: "muted" }, "No web link for this source."));
  }
  if (answer.querySelector(`#ref-${n}`)) {
    links.append(" ", h("a", { href: `#ref-${n}`, class: "backref" }, "↩ Back to the text", h("span", { class: "visually-hidden" }, ` (note ${n})`)));
  }
  li.append(links);
  return li;
}

/** Footnote and back links: jump, focus the target, flash it. */
function onAnswerClick(event) {
  const link = event.target.closest?.("a[href^='#cite-'], a[href^='#ref-']");
  if (!link || !$("answer-body").contains(link)) return;
  const target = document.getElementById(link.getAttribute("href").slice(1));
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: "center", behavior: scrollBehavior() });
  target.focus({ preventScroll: true });
  target.classList.remove("flash");
  void target.offsetWidth;
  target.classList.add("flash");
}

function renderSearch(query, result, info) {
  const results = Array.isArray(result.results) ? result.results : [];
  state.lastSearch = { query, result, info };
  if (!results.length) {
    setAnswer("No results", h("p", { class: "notice", dataset: { state: "not-found" } }, `Nothing matched “${query}”. Try fewer or different words.`), taskLine(result.task, info));
    return;
  }
  const list = h("ol", { class: "results" });
  for (const item of results) {
    const id = typeof item?.id === "string" ? item.id : "";
    const open = h("button", { type: "button", class: "result-open", dataset: { id } }, typeof item?.title === "string" && item.title ? item.title : id);
    open.addEventListener("click", () => {
      if (!state.running && id) execute(documentAction(id, { url: item.url }));
    });
    const href = safeHttpUrl(item?.url);
    list.append(
      h("li", { class: "result" }, open,
        h("p", { class: "result-meta" }, h("code", {}, id),
          href ? [" · ", h("a", { href, rel: "noopener noreferrer", target: "_blank" }, new URL(href).hostname, h("span", { class: "visually-hidden" }, " (opens in a new tab)"))] : null)),
    );
  }
  setAnswer(`${results.length} result${results.length === 1 ? "" : "s"} for “${query}”`, h("p", { class: "hint" }, "Open a result to read the whole document."), list, taskLine(result.task, info));
}

/** Splits Markdown into chunks of about `size` characters at blank lines (not inside code fences). */
function chunkMarkdown(text, size = 12_000) {
  const chunks = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      let cut = text.indexOf("\n\n", end);
      while (cut !== -1 && ((text.slice(start, cut).match(/^(```|~~~)/gm) ?? []).length % 2 === 1)) {
        cut = text.indexOf("\n\n", cut + 2);
      }
      end = cut === -1 ? text.length : cut + 2;
    }
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function renderDocument(id, doc, info, fromSearch) {
  const back = fromSearch && state.lastSearch
    ? h("p", { class: "back" }, backButton())
    : null;
  if (doc === null) {
    setAnswer("Document not found", back, h("p", { class: "notice", dataset: { state: "not-found" } }, `The agent has no document with the id “${id}”. Search for it first to find its id.`));
    return;
  }
  const textBody = typeof doc.text === "string" ? doc.text : "";
  const words = textBody.trim() ? textBody.trim().split(/\s+/).length : 0;
  const meta = h("dl", { class: "doc-meta" });
  const add = (k, v) => {
    if (v === null || v === undefined || v === "") return;
    meta.append(h("div", {}, h("dt", {}, k), h("dd", {}, v)));
  };
  add("Author", doc.author);
  add("Reference", doc.ref);
  add("Id", h("code", {}, doc.id ?? id));
  add("Length", `${nf.format(words)} words · ${formatBytes(new Blob([textBody]).size)}`);
  const href = safeHttpUrl(fromSearch?.url);
  if (href) add("Source", h("a", { href, rel: "noopener noreferrer", target: "_blank" }, new URL(href).hostname, h("span", { class: "visually-hidden" }, " (opens in a new tab)")));
  // The full text is not announced (it can be hundreds of KB): the live region reads the title and facts.
  const textContainer = h("div", { class: "doc-text prose", "aria-live": "off" });
  const progress = h("p", { class: "doc-progress", "aria-hidden": "true" });
  setAnswer(doc.title || id, back, meta, textContainer, progress, taskLine(doc.task, info));
  renderChunks(textContainer, progress, chunkMarkdown(textBody));
}

/** Renders chunk by chunk, yielding between chunks so the page stays responsive. */
async function renderChunks(container, progress, chunks) {
  const generation = state.renderGeneration;
  const budgetMs = 12;
  let i = 0;
  container.dataset.chunks = String(chunks.length);
  container.dataset.rendered = "0";
  while (i < chunks.length) {
    const sliceStart = performance.now();
    do {
      const part = markdown(chunks[i], "doc-chunk");
      // A document has no citation list: its footnote markers stay plain numbers.
      for (const ref of part.querySelectorAll("sup.fn a")) ref.replaceWith(ref.textContent);
      container.append(part);
      i++;
    } while (i < chunks.length && performance.now() - sliceStart < budgetMs);
    container.dataset.rendered = String(i);
    if (i < chunks.length) {
      progress.textContent = `Rendering… ${Math.round((i / chunks.length) * 100)}%`;
      await nextTask();
      if (generation !== state.renderGeneration) return;
    }
  }
  progress.remove();
  container.dataset.complete = "1";
}

function backButton() {
  const search = state.lastSearch;
  const count = search.result.results.length;
  const button = h("button", { type: "button", class: "button subtle" }, `← Back to ${count} result${count === 1 ? "" : "s"} for “${search.query}”`);
  button.addEventListener("click", () => {
    if (state.running) return;
    state.renderGeneration++;
    renderSearch(search.query, search.result, search.info);
    focusAnswer();
  });
  return button;
}

function renderDayText(skill, label, result, info) {
  const readings = skill.id === "liturgical_readings";
  if (result === null) {
    setAnswer(
      readings ? "No readings found" : "No saints found",
      h("p", { class: "notice", dataset: { state: "not-found" } }, readings ? `There are no Mass readings for ${label}. Try a date between 1900 and 2199, or words such as “next Sunday”.` : `The Martyrology has no entry for ${label}. Try a date, or words such as “March 19”.`),
    );
    return;
  }
  const body = markdown(result.text, "prose day-text");
  const title = takeLeadingHeading(body) ?? (readings ? `Mass readings: ${label}` : `Saints of the day: ${label}`);
  setAnswer(title, body, taskLine(result.task, info));
}

function formatValue(key, value) {
  if (value === null || value === undefined || value === "") return h("span", { class: "muted" }, "—");
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return Math.abs(value) >= 10000 ? nf.format(value) : String(value);
  if (typeof value === "string") {
    const href = /^https?:\/\//i.test(value) ? safeHttpUrl(value) : null;
    if (href) return h("a", { href, rel: "noopener noreferrer", target: "_blank" }, value);
    if (key === "id" || key.endsWith("_id")) return h("code", {}, value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return value.length ? value.map((v) => String(v ?? "—")).join(", ") : h("span", { class: "muted" }, "none");
    return h("div", {}, value.map((v, i) => recordTable(v, `Item ${i + 1}`, true)));
  }
  if (typeof value === "object") return recordTable(value, null, true);
  return String(value);
}

function recordTable(record, caption, nested = false) {
  const body = h("tbody");
  const entries = Object.entries(record ?? {});
  const rank = (k) => (k === "name" ? 0 : k === "id" ? 1 : 2);
  entries.sort(([a], [b]) => rank(a) - rank(b));
  for (const [key, value] of entries) {
    body.append(h("tr", {}, h("th", { scope: "row" }, humanize(key)), h("td", {}, formatValue(key, value))));
  }
  const table = h("table", { class: nested ? "record nested" : "record" }, caption ? h("caption", {}, caption) : null, body);
  return nested ? table : h("div", { class: "table-wrap", role: "region", tabindex: "0", "aria-label": caption ?? "Record" }, table);
}

function renderLookup(skill, query, result, info) {
  const records = (Array.isArray(result.data) ? result.data : []).filter((d) => d && typeof d === "object");
  if (!records.length) {
    setAnswer(
      "Nothing found",
      h("p", { class: "notice", dataset: { state: "not-found" } }, `No match for “${query}”. Check the spelling, or try another name or the id.`),
      result.text && result.text.trim() !== "No results found." ? markdown(result.text) : null,
      taskLine(result.task, info),
    );
    return;
  }
  const content = [];
  let title = records.length === 1 && typeof records[0].name === "string" ? records[0].name : `Results for “${query}”`;
  if (typeof result.text === "string" && result.text.trim()) {
    const summary = markdown(result.text, "prose summary");
    title = takeLeadingHeading(summary) ?? title;
    content.push(summary);
  }
  for (const record of records) {
    const name = typeof record.name === "string" ? record.name : query;
    if (Array.isArray(record.rows) && record.rows.length) {
      content.push(statisticsBlock(name, record.rows));
      const rest = Object.fromEntries(Object.entries(record).filter(([k]) => k !== "rows"));
      content.push(h("h3", {}, "The record"), recordTable(rest, `${name}: the record (data part)`));
    } else {
      content.push(h("h3", {}, "The record"), recordTable(record, `${name}: the record (data part)`));
    }
  }
  content.push(taskLine(result.task, info));
  setAnswer(title, ...content);
}

/** The statistics metrics in the contract's order; others the agent adds come after. */
const METRIC_ORDER = [
  "catholics", "total_population", "percent_catholic", "parishes", "diocesan_priests", "religious_priests",
  "total_priests", "permanent_deacons", "male_religious", "female_religious", "seminarians", "infant_baptisms",
  "adult_baptisms", "first_communions", "confirmations", "marriages", "schools", "students", "catholics_per_priest",
];

function statisticsBlock(name, rows) {
  const metrics = METRIC_ORDER.filter((m) => rows.some((row) => typeof row?.[m] === "number"));
  for (const row of rows) {
    for (const [key, value] of Object.entries(row ?? {})) {
      if (key !== "year" && typeof value === "number" && !metrics.includes(key)) metrics.push(key);
    }
  }
  const select = h("select", { id: "metric", name: "metric" }, metrics.map((m) => h("option", { value: m }, humanize(m))));
  const chartSlot = h("figure", { class: "chart-figure" });
  let drawnWidth = 0;
  const draw = () => {
    drawnWidth = chartSlot.clientWidth || 640;
    const metric = select.value;
    const percent = metric.startsWith("percent");
    const format = (v) => (percent ? `${v.toFixed(1)}%` : nf.format(Math.round(v * 100) / 100));
    const compact = (v, digits = 1) =>
      percent ? `${Number(v.toFixed(digits))}%` : new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: digits }).format(v);
    const points = rows.map((row) => ({ x: row?.year ?? "?", y: typeof row?.[metric] === "number" ? row[metric] : null }));
    const years = points.map((p) => p.x);
    chartSlot.replaceChildren(
      lineChart({ points, title: `${humanize(metric)} in ${name}, ${years[0]}–${years[years.length - 1]}`, format, compact, width: drawnWidth }),
      h("figcaption", {}, `${humanize(metric)}, ${years[0]}–${years[years.length - 1]}`),
    );
  };
  select.addEventListener("change", draw);
  draw();
  // Redrawn when its width changes (rotation, window resize), once it is in the page.
  new ResizeObserver(() => {
    if (chartSlot.isConnected && Math.abs(chartSlot.clientWidth - drawnWidth) > 24) draw();
  }).observe(chartSlot);
  // Years as columns, metrics as rows: fits a phone better than 19 columns.
  const head = h("tr", {}, h("th", { scope: "col" }, "Metric"), rows.map((row) => h("th", { scope: "col", class: "num" }, String(row?.year ?? "?"))));
  const body = h("tbody", {}, metrics.map((m) => h("tr", { dataset: { metric: m } }, h("th", { scope: "row" }, humanize(m)), rows.map((row) => {
    const v = row?.[m];
    return h("td", { class: "num" }, typeof v === "number" ? (m.startsWith("percent") ? `${v.toFixed(1)}%` : nf.format(v)) : "—");
  }))));
  const table = h("div", { class: "table-wrap", role: "region", tabindex: "0", "aria-label": "Statistics by year" },
    h("table", { class: "stats" }, h("caption", {}, `${name}: statistics by year`), h("thead", {}, head), body));
  return h("section", { class: "stats-block", "aria-labelledby": "stats-heading" },
    h("h3", { id: "stats-heading" }, "Statistics by year"),
    h("div", { class: "field metric-field" }, h("label", { for: "metric" }, "Metric"), select),
    chartSlot,
    table);
}

function renderTask(skill, input, task, info) {
  const content = [];
  for (const artifact of task?.artifacts ?? []) {
    for (const part of artifact?.parts ?? []) {
      if (part?.kind === "text") content.push(markdown(part.text));
      else if (part?.kind === "data") content.push(h("pre", { class: "code" }, JSON.stringify(part.data, null, 2)));
    }
  }
  if (!content.length) content.push(h("p", { class: "notice" }, "The task finished without an artifact."));
  content.push(taskLine(task, info));
  setAnswer(`${skill.name ?? skill.id}: “${input}”`, ...content);
}

// ---------------------------------------------------------------- start

async function loadCard() {
  $("agent-name").textContent = "Connecting to the agent…";
  const card = await state.client.agentCard();
  if (!Array.isArray(card?.skills) || card.skills.length === 0) throw new Error("the agent card lists no skills");
  state.card = card;
  const info = $("agent-info");
  info.classList.add("connected");
  const bits = [card.name ?? "Agent"];
  if (card.version) bits.push(`v${card.version}`);
  if (card.protocolVersion) bits.push(`A2A ${card.protocolVersion}`);
  $("agent-name").textContent = bits.join(" · ");
  info.title = typeof card.description === "string" ? card.description : "";
  renderSkillList();
  const wanted = new URL(location.href).searchParams.get("skill");
  selectSkill(card.skills.some((s) => s.id === wanted) ? wanted : card.skills[0].id);
  $("submit").disabled = false;
}

/** Asks the Worker whether sign-in is on and whether this visitor is signed in (never a token). */
async function loadSession() {
  try {
    const res = await fetch("/auth/session", { headers: { accept: "application/json" }, cache: "no-store" });
    if (!res.ok) return;
    const session = await res.json();
    if (typeof session?.enabled !== "boolean") return;
    state.auth = { enabled: session.enabled, signedIn: session.signedIn === true, anonymousAllowed: session.anonymousAllowed !== false };
  } catch {
    return;
  }
  const account = $("account");
  if (!state.auth.enabled) return;
  if (state.auth.signedIn) {
    const out = h("button", { type: "button", class: "button subtle" }, "Sign out");
    out.addEventListener("click", async () => {
      out.disabled = true;
      await fetch("/auth/logout", { method: "POST" }).catch(() => {});
      location.reload();
    });
    account.replaceChildren(h("span", { class: "account-state" }, "Signed in"), out);
  } else {
    account.replaceChildren(h("a", { class: "button subtle", href: "/auth/login" }, "Sign in with Magisterium"));
  }
  account.hidden = false;
}

async function start() {
  $("ask-form").addEventListener("submit", onSubmit);
  $("cancel").addEventListener("click", cancelRunning);
  $("answer-body").addEventListener("click", onAnswerClick);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.running) {
      event.preventDefault();
      cancelRunning();
    }
  });
  $("exchange").addEventListener("toggle", renderExchange);
  try {
    await Promise.all([initSdk(), initMarkdown()]);
    state.client = new MagisteriumClient({
      endpoint: new URL(ENDPOINT, location.href).href,
      fetch: recordingFetch,
      // The page shows a rate limit at once (with its countdown) instead of waiting for Retry-After.
      maxRetries: 0,
    });
    await Promise.all([loadCard(), loadSession()]);
    document.body.dataset.ready = "1";
  } catch (error) {
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
}

start();
