// Search results (SearchResults): each opens its document (document_fetch), which can lead back here.
import { externalLink, h } from "../dom.js";
import { plural, safeHttpUrl } from "../format.js";
import { notFound, setAnswer, taskLine } from "./common.js";

export function renderSearch(result, { app, value: query, info }) {
  const results = Array.isArray(result.results) ? result.results : [];
  app.lastSearch = { query, result, info };
  if (!results.length) {
    setAnswer("No results", notFound(`Nothing matched “${query}”. Try fewer or different words.`), taskLine(result.task, info));
    return;
  }
  const list = h("ol", { class: "results" });
  for (const item of results) {
    const id = typeof item?.id === "string" ? item.id : "";
    const open = h("button", { type: "button", class: "result-open", dataset: { id } }, typeof item?.title === "string" && item.title ? item.title : id);
    open.addEventListener("click", () => {
      if (id) app.run("document_fetch", id, { context: { fromSearch: { url: item.url } } });
    });
    const href = safeHttpUrl(item?.url);
    list.append(
      h("li", { class: "result" }, open,
        h("p", { class: "result-meta" }, h("code", {}, id), href ? [" · ", externalLink(href, new URL(href).hostname)] : null)),
    );
  }
  setAnswer(`${plural(results.length, "result")} for “${query}”`, h("p", { class: "hint" }, "Open a result to read the whole document."), list, taskLine(result.task, info));
}
