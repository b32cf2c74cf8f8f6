// What every renderer shares: the answer's title and body, the task line under an answer, and the
// notice of an answer that found nothing.
import { $, h } from "../dom.js";
import { formatMs } from "../format.js";

/** Replaces the answer's title and body (null, undefined and false children are skipped). */
export function setAnswer(title, ...content) {
  $("answer-heading").textContent = title;
  $("answer-body").replaceChildren(...content.filter((c) => c !== null && c !== undefined && c !== false));
}

/** `task 1a2b3c4d · completed · 412 ms` under an answer. */
export function taskLine(task, info) {
  const bits = [];
  if (task?.id) bits.push(h("span", {}, "task ", h("code", {}, task.id.slice(0, 8))));
  if (task?.state) bits.push(h("span", {}, task.state));
  if (info) bits.push(h("span", {}, formatMs(info.total)));
  return h("p", { class: "task-line" }, ...bits.flatMap((b, i) => (i ? [" · ", b] : [b])));
}

/** An answer that found nothing (`data-state="not-found"`), which is not an error. */
export function notFound(text) {
  return h("p", { class: "notice", dataset: { state: "not-found" } }, text);
}
