// Running a call: the busy state, Cancel (button or Escape), the elapsed time, then the answer
// with its "Use this in your app" panel, or the error.
import { isMagisteriumError } from "/pkg/index.js";
import { $, h, scrollBehavior } from "./dom.js";
import { formatMs } from "./format.js";
import { callInfo } from "./exchange.js";
import { clearError, showError } from "./errors.js";
import { codePanel } from "./code-panel.js";

/**
 * Calls `entry` with `value`: `options` go to the SDK call (with the Cancel signal added),
 * `context` to the renderer. One call at a time.
 */
export async function run(app, entry, value, { options = {}, context = {} } = {}) {
  if (app.running) return;
  clearError(app);
  app.renderGeneration++;
  app.recorder.begin();
  const controller = new AbortController();
  const started = performance.now();
  const label = entry.running(value);
  const running = { controller, timer: 0 };
  app.running = running;
  setBusy(true, label);
  const tick = () => {
    $("run-text").textContent = `${label}… ${((performance.now() - started) / 1000).toFixed(1)} s`;
  };
  tick();
  running.timer = setInterval(tick, 100);
  const done = (error) => {
    const info = callInfo(app.recorder, started);
    clearInterval(running.timer);
    app.running = null;
    setBusy(false);
    showRunInfo(info, error);
    return info;
  };
  let result;
  try {
    result = await entry.call(app.client, value, { ...options, signal: controller.signal });
  } catch (error) {
    const info = done(error);
    const retry = () => run(app, entry, value, { options, context });
    if (!showError(app, error, info, retry)) focusAnswer();
    return;
  }
  show(app, entry, value, result, { ...context, options, info: done() });
  focusAnswer();
}

/** Renders a result with the entry's renderer, then its code panel. */
export function show(app, entry, value, result, { options = {}, ...context } = {}) {
  const skill = app.card.skills.find((s) => s.id === entry.id);
  entry.render(result, { app, entry, skill, value, ...context });
  $("answer-body").append(codePanel(entry, value, options, app.codePrefs, app.auth));
}

/** Cancels the running call, if any. */
export function cancelRunning(app) {
  app.running?.controller.abort();
}

function setBusy(busy, label) {
  $("answer").setAttribute("aria-busy", String(busy));
  document.body.classList.toggle("is-busy", busy);
  $("run-status").classList.toggle("running", busy);
  $("cancel").hidden = !busy;
  $("submit").setAttribute("aria-disabled", String(busy));
  if (!busy) return;
  $("answer-heading").textContent = "Working…";
  $("answer-body").replaceChildren(
    h("div", { class: "skeleton", "aria-hidden": "true" }, h("span"), h("span"), h("span"), h("span")),
    h("p", { class: "visually-hidden" }, `${label}…`),
  );
}

function showRunInfo(info, error) {
  const parts = [];
  if (isMagisteriumError(error) && error.kind === "aborted") parts.push(`Cancelled after ${formatMs(info.total)}`);
  else parts.push(`${error ? "Failed" : "Answered"} in ${formatMs(info.total)}`);
  if (info.http !== null && Math.abs(info.http - info.total) > 1) parts.push(`HTTP ${formatMs(info.http)}`);
  if (info.requestId) parts.push(`request ${info.requestId.slice(0, 8)}`);
  if (info.attempts > 1) parts.push(`${info.attempts} attempts`);
  $("run-text").textContent = parts.join(" · ");
  $("run-text").title = info.requestId ? `JSON-RPC id ${info.requestId}` : "";
}

/** Moves focus to the answer's heading and scrolls it into view. */
export function focusAnswer() {
  const heading = $("answer-heading");
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: "start", behavior: scrollBehavior() });
}
