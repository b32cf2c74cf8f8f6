// The fault server's plumbing: the fixture files, the request counters, permissive CORS and a JSON
// answer.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

/** tests/fixtures/. */
export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");
const fixtures = path.join(FIXTURES, "responses");
/** Requests seen per key (GET /__count/<key>). */
export const counts = new Map();
/** Counts one more request under `key`; returns the new count. */
export const bump = (key) => counts.set(key, (counts.get(key) ?? 0) + 1) && counts.get(key);

/** tests/fixtures/responses/<name>(.json), with the id of a JSON body replaced by `id`. */
export function fixture(name, id) {
  const file = name.includes(".") ? name : `${name}.json`;
  const raw = readFileSync(path.join(fixtures, path.basename(file)), "utf8");
  if (name === "wrong_id" || file !== `${name}.json`) return raw;
  try {
    const body = JSON.parse(raw);
    if ("id" in body && body.id !== null) body.id = id;
    return JSON.stringify(body);
  } catch {
    return raw;
  }
}

export const cors = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, GET, OPTIONS",
  "access-control-allow-headers": "content-type, authorization, x-test, a2a-version",
  "access-control-expose-headers": "retry-after, retry-after-ms, x-request-id",
  "access-control-max-age": "600",
};

/** Answers `body` with `status`, JSON and CORS headers, plus `headers`. */
export function send(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...cors, ...headers });
  res.end(body);
}
