// Records every response a JavaScript test receives (status, headers, body) into
// test-output/responses/<test file>.jsonl, so tests/js/scan-responses.mjs can prove after the whole
// suite that no response carried the proxy's secret or a session token.
//
//   import "./record.mjs";              // first line of a test file: records every fetch() of it
//   import { record, recordPage } from "./record.mjs";
//   record({ url, status, headers, body }); // a response read some other way (node:http, …)
//   recordPage(page);                    // every response a Playwright page receives
//
// Answers of the fault server (the upstream test double, MAGISTERIUM_FAULT_URL) and of any /__…
// introspection route are not recorded: they are no client's answer (/__last even shows what the
// UPSTREAM received, the proxy's bearer token included).
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const dir = process.env.MAGISTERIUM_RECORD_DIR ?? path.join(root, "test-output", "responses");
const FAULT_ORIGIN = new URL(process.env.MAGISTERIUM_FAULT_URL ?? "http://127.0.0.1:18900").origin;
const source = path.basename(process.argv[1] ?? "unknown").replace(/(\.test)?\.m?js$/, "");
const file = path.join(dir, `${source}.jsonl`);
mkdirSync(dir, { recursive: true });

const introspection = (url) => {
  try {
    const u = new URL(url);
    return u.origin === FAULT_ORIGIN || u.pathname.startsWith("/__");
  } catch {
    return false;
  }
};

/** Appends one response to this file's record. `headers`: a Headers, an object or [name, value][]. */
export function record({ url = "", status = 0, headers = [], body = "" }) {
  if (introspection(url)) return;
  const list = typeof headers?.entries === "function" ? [...headers.entries()] : Array.isArray(headers) ? headers : Object.entries(headers ?? {});
  const text = typeof body === "string" ? body : Buffer.from(body ?? []).toString("utf8");
  appendFileSync(file, JSON.stringify({ source, url, status, headers: list, body: text }) + "\n");
}

/** Records every response of a Playwright page. */
export function recordPage(page) {
  page.on("response", async (r) => {
    let body = "";
    try {
      body = await r.text();
    } catch {}
    let headers = {};
    try {
      headers = await r.allHeaders();
    } catch {}
    record({ url: r.url(), status: r.status(), headers, body });
  });
}

// Every fetch() of this process: the caller gets the response untouched (streaming, aborts and
// timing work as before); a tee'd copy is read in the background and recorded.
const original = globalThis.fetch;
if (typeof original === "function" && !original.recorded) {
  const recorded = async (input, init) => {
    const res = await original(input, init);
    const url = typeof input === "string" ? input : input?.url ?? String(input);
    if (!introspection(url) && res.body) {
      const copy = res.clone();
      copy
        .arrayBuffer()
        .then((b) => record({ url, status: res.status, headers: res.headers, body: Buffer.from(b) }))
        .catch(() => record({ url, status: res.status, headers: res.headers, body: "" }));
    } else if (!introspection(url)) {
      record({ url, status: res.status, headers: res.headers, body: "" });
    }
    return res;
  };
  recorded.recorded = true;
  globalThis.fetch = recorded;
}
