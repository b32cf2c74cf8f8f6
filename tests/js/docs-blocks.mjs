// The code blocks of README.md and docs/*.md, read from their fences. A fence's info string is the
// language, then the runtime the block runs in (`browser`, `worker`, `node`), then, for a file of a
// bundler recipe (docs/bundlers.md), its file name: "```js browser main.js", "```sh webpack".
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { root } from "./helpers.mjs";

export const RUNTIMES = ["browser", "worker", "node"];

/** The documents whose blocks are read: the README and every page of docs/. */
export function documents() {
  const docs = readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`);
  return ["README.md", ...docs.sort()];
}

/** Every fenced block: { doc, line, lang, words, code } (`words`: the info string after the language). */
export function blocks() {
  const found = [];
  for (const doc of documents()) {
    const lines = readFileSync(path.join(root, doc), "utf8").split("\n");
    for (let i = 0; i < lines.length; i++) {
      const open = /^```(\S*)\s*(.*)$/.exec(lines[i]);
      if (!open || open[1] === "") continue;
      const end = lines.findIndex((l, j) => j > i && l === "```");
      if (end < 0) throw new Error(`${doc}:${i + 1}: a fence that never closes`);
      found.push({ doc, line: i + 1, lang: open[1], words: open[2].split(/\s+/).filter(Boolean), code: `${lines.slice(i + 1, end).join("\n")}\n` });
      i = end;
    }
  }
  return found;
}

/** The file a block of a bundler recipe is (the last word of its fence, when it has a dot), or undefined. */
export const fileName = (block) => (block.words.at(-1)?.includes(".") ? block.words.at(-1) : undefined);

/** A block's name in messages: where it is. */
export const where = (block) => `${block.doc}:${block.line}`;
