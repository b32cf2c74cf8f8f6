// A skill the page has no entry for: the Task of `client.send`, its artifacts' parts as they came.
import { h } from "../dom.js";
import { setAnswer, taskLine } from "./common.js";

export function renderTask(task, { app, entry, skill, value, info }) {
  const content = [];
  for (const artifact of task?.artifacts ?? []) {
    for (const part of artifact?.parts ?? []) {
      if (part?.kind === "text") content.push(app.markdown(part.text));
      else if (part?.kind === "data") content.push(h("pre", { class: "code" }, JSON.stringify(part.data, null, 2)));
    }
  }
  if (!content.length) content.push(h("p", { class: "notice" }, "The task finished without an artifact."));
  content.push(taskLine({ id: task?.id, state: task?.status?.state }, info));
  setAnswer(`${skill?.name ?? entry.id}: “${value}”`, ...content);
}
