// A Q&A answer (QaAnswer): the question, the answer as Markdown with footnotes linked to the
// citations, the sources, and related questions that ask again in the same A2A context.
import { $, externalLink, h, scrollBehavior } from "../dom.js";
import { safeHttpUrl } from "../format.js";
import { setAnswer, taskLine } from "./common.js";

export function renderQa(result, { app, value: question, info }) {
  const answer = app.markdown(result.answer, "prose answer-text");
  const citations = Array.isArray(result.citations) ? result.citations : [];
  const content = [h("p", { class: "asked" }, h("span", { class: "asked-label" }, "You asked"), " ", h("q", {}, question)), answer];
  if (citations.length) {
    const list = h("ol", { class: "citations" }, citations.map((citation, index) => citationItem(citation, index + 1, answer)));
    content.push(h("section", { class: "sources", "aria-labelledby": "sources-heading" }, h("h3", { id: "sources-heading" }, `Sources (${citations.length})`), list));
  }
  const related = (Array.isArray(result.relatedQuestions) ? result.relatedQuestions : []).filter((q) => typeof q === "string" && q.trim());
  if (related.length) {
    const contextId = typeof result.task?.contextId === "string" ? result.task.contextId : undefined;
    const chips = h("ul", { class: "chips related" });
    for (const q of related) {
      const chip = h("button", { type: "button", class: "chip" }, q);
      chip.addEventListener("click", () => app.ask(q, { contextId }));
      chips.append(h("li", {}, chip));
    }
    content.push(h("section", { class: "related-block", "aria-labelledby": "related-heading" }, h("h3", { id: "related-heading" }, "Related questions"), chips));
  }
  content.push(taskLine(result.task, info));
  setAnswer("Answer", ...content);
}

function citationItem(citation, n, answer) {
  const text = (v) => (typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null);
  const title = text(citation?.document_title) ?? "Untitled source";
  const meta = [text(citation?.document_author), text(citation?.document_year), text(citation?.document_reference)].filter(Boolean);
  const li = h("li", { id: `cite-${n}`, tabindex: "-1", class: "citation" },
    h("p", { class: "cite-title" }, h("span", { class: "cite-number", "aria-hidden": "true" }, String(n)), h("strong", {}, title)),
    meta.length ? h("p", { class: "cite-meta" }, meta.join(" · ")) : null);
  const quoted = text(citation?.cited_text);
  if (quoted) {
    const heading = text(citation?.cited_text_heading);
    const clipped = quoted.length > 420 ? `${quoted.slice(0, 420).trimEnd()}…` : quoted;
    li.append(h("blockquote", { class: "cite-text" }, heading ? h("p", { class: "cite-heading" }, heading) : null, h("p", {}, clipped)));
  }
  const href = safeHttpUrl(citation?.source_url);
  const links = h("p", { class: "cite-links" },
    href ? externalLink(href, `Read at ${new URL(href).hostname}`, "source-link") : h("span", { class: "muted" }, "No web link for this source."));
  if (answer.querySelector(`#ref-${n}`)) {
    links.append(" ", h("a", { href: `#ref-${n}`, class: "backref" }, "↩ Back to the text", h("span", { class: "visually-hidden" }, ` (note ${n})`)));
  }
  li.append(links);
  return li;
}

/** Footnote and back links in the answer: jump, focus the target, flash it. */
export function onFootnoteClick(event) {
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
