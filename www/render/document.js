// A document (Document, or null when not found): its facts, then its text rendered chunk by chunk
// so a long document never freezes the page.
import { externalLink, h } from "../dom.js";
import { chunkMarkdown, formatBytes, nf, plural, safeHttpUrl, utf8Bytes } from "../format.js";
import { notFound, setAnswer, taskLine } from "./common.js";

const SLICE_MS = 12;

export function renderDocument(doc, { app, value: id, info, fromSearch }) {
  const back = fromSearch && app.lastSearch ? h("p", { class: "back" }, backButton(app)) : null;
  if (doc === null) {
    setAnswer("Document not found", back, notFound(`The agent has no document with the id “${id}”. Search for it first to find its id.`));
    return;
  }
  const text = typeof doc.text === "string" ? doc.text : "";
  const words = text.trim() ? text.trim().split(/\s+/).length : 0;
  const meta = h("dl", { class: "doc-meta" });
  const add = (k, v) => {
    if (v !== null && v !== undefined && v !== "") meta.append(h("div", {}, h("dt", {}, k), h("dd", {}, v)));
  };
  add("Author", doc.author);
  add("Reference", doc.ref);
  add("Id", h("code", {}, doc.id ?? id));
  add("Length", `${nf.format(words)} words · ${formatBytes(utf8Bytes(text))}`);
  const href = safeHttpUrl(fromSearch?.url);
  if (href) add("Source", externalLink(href, new URL(href).hostname));
  // The full text is not announced (it can be hundreds of KB): the live region reads the title and facts.
  const container = h("div", { class: "doc-text prose", "aria-live": "off" });
  const progress = h("p", { class: "doc-progress", "aria-hidden": "true" });
  setAnswer(doc.title || id, back, meta, container, progress, taskLine(doc.task, info));
  renderChunks(app, container, progress, chunkMarkdown(text));
}

/** Renders chunk by chunk, yielding between slices of about 12 ms; stops when another answer replaced it. */
async function renderChunks(app, container, progress, chunks) {
  const generation = app.renderGeneration;
  let i = 0;
  container.dataset.chunks = String(chunks.length);
  container.dataset.rendered = "0";
  while (i < chunks.length) {
    const sliceStart = performance.now();
    do {
      const part = app.markdown(chunks[i], "doc-chunk");
      // A document has no citation list: its footnote markers stay plain numbers.
      for (const ref of part.querySelectorAll("sup.fn a")) ref.replaceWith(ref.textContent);
      container.append(part);
      i++;
    } while (i < chunks.length && performance.now() - sliceStart < SLICE_MS);
    container.dataset.rendered = String(i);
    if (i < chunks.length) {
      progress.textContent = `Rendering… ${Math.round((i / chunks.length) * 100)}%`;
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (generation !== app.renderGeneration) return;
    }
  }
  progress.remove();
  container.dataset.complete = "1";
}

function backButton(app) {
  const search = app.lastSearch;
  const label = `← Back to ${plural(search.result.results.length, "result")} for “${search.query}”`;
  const button = h("button", { type: "button", class: "button subtle" }, label);
  button.addEventListener("click", () => app.showAgain("document_search", search.query, search.result, search.info));
  return button;
}
