// DOM helpers of the demo page. Data from the agent only ever reaches the DOM as text nodes, as
// checked URLs, or as the output of the crate's `renderMarkdown` (raw HTML escaped, only
// http/https/mailto links): `h()` never sets innerHTML, and `markdownBlock` is the one place that does.

const SVG_NS = "http://www.w3.org/2000/svg";

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** An element with attributes (never `on*`, never `innerHTML`) and children (strings become text nodes). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (/^on/i.test(key)) throw new Error(`h(): no inline handlers (${key})`);
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A 24 × 24 decorative icon of one SVG path. */
export function icon(d, className) {
  const svg = document.createElementNS(SVG_NS, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 24 24", class: className, "aria-hidden": "true", focusable: "false" })) svg.setAttribute(k, v);
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", d);
  svg.append(path);
  return svg;
}

/** A copy of the first element of `<template id=…>`. */
export function fromTemplate(id) {
  return $(id).content.firstElementChild.cloneNode(true);
}

/** The element of `root` with this `data-part` name. */
export function part(root, name) {
  return root.querySelector(`[data-part="${name}"]`);
}

/**
 * Markdown → a <div> of safe HTML, rendered by `render` (the crate's `renderMarkdown`). Headings
 * move two levels down (h1 → h3) so they sit under the answer's own h2.
 */
export function markdownBlock(render, text, className = "prose") {
  const div = h("div", { class: className });
  div.innerHTML = render(String(text ?? ""));
  for (const heading of div.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const level = Math.min(6, Number(heading.tagName.slice(1)) + 2);
    const moved = document.createElement(`h${level}`);
    moved.append(...heading.childNodes);
    heading.replaceWith(moved);
  }
  return div;
}

/** Takes a leading heading out of rendered Markdown and returns its text (for the answer's title). */
export function takeLeadingHeading(div) {
  const first = div.firstElementChild;
  if (!first || !/^H[1-6]$/.test(first.tagName)) return null;
  const title = first.textContent.trim();
  first.remove();
  return title || null;
}

/** `smooth`, or `auto` when the reader asked for reduced motion. */
export function scrollBehavior() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/** A link that opens in a new tab, saying so to screen readers. */
export function externalLink(href, text, className) {
  return h("a", { href, rel: "noopener noreferrer", target: "_blank", class: className }, text, h("span", { class: "visually-hidden" }, " (opens in a new tab)"));
}
