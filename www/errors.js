// Errors in plain words: a title and advice per MagisteriumError kind, the technical facts folded
// away, "Try again", and for a rate limit a countdown that is not announced on every tick.
import { isMagisteriumError } from "/pkg/index.js";
import { $, h, scrollBehavior } from "./dom.js";
import { formatMs } from "./format.js";
import { setAnswer } from "./render/common.js";

const ERROR_TEXT = {
  rate_limited: ["Slow down a little", "The service allows 2 questions a minute (and 15 calls a minute in all), so it refused this one."],
  plan_required: ["A paid plan is needed", (auth) =>
    auth?.signedIn
      ? "Your Magisterium account is on the Free plan, which cannot use the A2A agent. Upgrade the account on magisterium.com, then sign in again."
      : "The token this Worker uses belongs to a Free Magisterium account, which cannot use the A2A agent. Whoever runs the Worker should upgrade that account on magisterium.com, or set the token of a paid account as the Worker's secret: wrangler secret put MAGISTERIUM_TOKEN."],
  unauthorized: ["Not signed in to Magisterium", (auth) =>
    auth?.enabled
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

/** Removes the error box and stops its countdown. */
export function clearError(app) {
  clearInterval(app.countdownTimer);
  app.countdownTimer = null;
  $("error-slot").replaceChildren();
}

/** Shows a failed call: the error box with focus on its title (a cancel is an answer, not an error). */
export function showError(app, error, info, retry) {
  const kind = isMagisteriumError(error) ? error.kind : "unexpected";
  if (kind === "aborted") {
    setAnswer("Cancelled", h("p", { class: "notice", dataset: { state: "aborted" } }, `You cancelled the request after ${formatMs(info.total)}. Nothing was shown; ask again whenever you like.`));
    return false;
  }
  const [title, text] = ERROR_TEXT[kind] ?? ["Something went wrong", "The page hit an unexpected problem."];
  const heading = h("h2", { class: "error-title", tabindex: "-1" }, title);
  const alert = h("div", { role: "alert", class: "error-text" },
    heading,
    h("p", {}, typeof text === "function" ? text(app.auth) : text),
    error?.message ? h("p", { class: "error-detail" }, `Details: ${error.message}`) : null);
  const box = h("div", { class: "error-box", dataset: { kind } }, alert);
  const again = h("button", { type: "button", class: "button" }, "Try again");
  again.addEventListener("click", retry);
  if (kind === "rate_limited") box.append(countdown(app, error.retryAfterMs, alert, again));
  const actions = h("div", { class: "error-actions" }, again);
  if (kind === "unauthorized" && app.auth?.enabled) actions.prepend(h("a", { class: "button primary", href: "/auth/login" }, "Sign in"));
  box.append(actions, facts(app, kind, error));
  $("error-slot").replaceChildren(box);
  setAnswer("No answer", h("p", { class: "placeholder" }, "No answer this time: see the message above."));
  heading.focus({ preventScroll: true });
  box.scrollIntoView({ block: "nearest", behavior: scrollBehavior() });
  return true;
}

/** "You can ask again in 42 s": outside the alert and not a live region, so ticks are not announced. */
function countdown(app, retryAfterMs, alert, again) {
  if (!(typeof retryAfterMs === "number" && retryAfterMs > 0)) return h("p", { class: "countdown" }, "Wait a minute before asking again.");
  const seconds = h("span", { class: "countdown-seconds" });
  const line = h("p", { class: "countdown", "aria-live": "off" }, "You can ask again in ", seconds, ".");
  const until = Date.now() + retryAfterMs;
  again.disabled = true;
  const update = () => {
    const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
    if (left > 0) {
      seconds.textContent = `${left} s`;
      return;
    }
    clearInterval(app.countdownTimer);
    app.countdownTimer = null;
    line.replaceChildren("You can ask again now.");
    line.classList.add("done");
    again.disabled = false;
  };
  update();
  app.countdownTimer = setInterval(update, 250);
  alert.append(h("p", { class: "visually-hidden" }, `You can ask again in about ${Math.ceil(retryAfterMs / 1000)} seconds.`));
  return line;
}

function facts(app, kind, error) {
  const rows = [["kind", kind]];
  if (isMagisteriumError(error)) {
    if (error.code !== undefined) rows.push(["JSON-RPC code", error.code]);
    if (error.status !== undefined) rows.push(["HTTP status", error.status]);
    if (error.retryAfterMs !== undefined) rows.push(["retry after", formatMs(error.retryAfterMs)]);
    if (error.taskId) rows.push(["task", error.taskId]);
  }
  return h("details", { class: "error-facts" }, h("summary", {}, "Technical details"),
    h("dl", {}, rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))])));
}
