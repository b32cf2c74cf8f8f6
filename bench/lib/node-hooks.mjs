// Module resolution for running the bench page's modules in Node (bench/lib/node-decode.mjs): the
// page's absolute paths mapped to the repository: "/pkg/index.js" to pkg/node.js (the Node entry
// of the same build), any other "/bench/…" or "/pkg/…" to that file.
import path from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function resolve(specifier, context, next) {
  if (specifier === "/pkg/index.js") return next(pathToFileURL(path.join(ROOT, "pkg/node.js")).href, context);
  if (specifier.startsWith("/bench/") || specifier.startsWith("/pkg/")) return next(pathToFileURL(path.join(ROOT, specifier)).href, context);
  return next(specifier, context);
}
