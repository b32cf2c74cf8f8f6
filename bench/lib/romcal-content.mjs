// romcal 3 carrying the same content as `magisterium-a2a/liturgy`, for the size comparisons of
// bench/lib/liturgy.mjs and tests/js/liturgy-size.test.mjs: romcal with its General Roman Calendar
// and every national calendar of ours that romcal also publishes (an exact devDependency), each in
// the eight languages we name celebrations in. Returns the module source for esbuild to bundle.
import { readFileSync } from "node:fs";
import * as cal from "../../pkg/liturgy/node.js";

const ROOT = new URL("../../", import.meta.url);
/** Our calendar id → romcal's package name, where they differ. */
const ROMCAL_PACKAGE = { "england-and-wales": "england" };
/** romcal's export suffix of each of our locales (en, la, es, it, fr, de, pt, pl). */
export const LOCALES = ["En", "La", "Es", "It", "Fr", "De", "PtBr", "Pl"];

/** The romcal packages of the national calendars we publish (provinces share their country's). */
export function romcalPackages() {
  const dev = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")).devDependencies;
  const ids = cal.liturgicalCalendars().map((c) => c.id).filter((id) => id !== "general-roman" && !id.includes("/"));
  return ["general-roman", ...ids.map((id) => ROMCAL_PACKAGE[id] ?? id)].map((name) => `@romcal/calendar.${name}`).filter((p) => dev[p]);
}

/** The source of a module exporting romcal and every package's calendar in each of `LOCALES`. */
export async function romcalSource(packages = romcalPackages()) {
  const lines = await Promise.all(packages.map(async (p) => {
    const names = Object.keys(await import(p)).filter((name) => LOCALES.some((l) => name.endsWith(`_${l}`)));
    if (names.length !== LOCALES.length) throw new Error(`${p}: ${names}`);
    return `export { ${names.join(", ")} } from "${p}";`;
  }));
  return `export { default as Romcal } from "romcal";\n${lines.join("\n")}`;
}
