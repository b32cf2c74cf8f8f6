// Runs code written for users, unchanged, with its network pointed at the stand-in: in Node (under
// snippet-fetch.mjs), and for Worker code in workerd too (wrangler dev). Shared by the demo page's
// code panel test and the docs' code blocks test.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { AGENT_URL, root, startWrangler, writeFile } from "./helpers.mjs";

const PRELOAD = path.join(root, "tests", "js", "snippet-fetch.mjs");

/** The fetch handler runner for Worker code in Node: calls it once, as workerd would, and prints the answer. */
function workerRunner(dir) {
  return writeFile(dir, "run-worker.mjs", `const { default: worker } = await import(process.argv[2]);
const response = await worker.fetch(new Request(new URL("/", process.env.SNIPPET_BASE)), { MAGISTERIUM_TOKEN: "snippet-test-token" });
process.stdout.write(await response.text());
`);
}

/**
 * Runs `file` in Node (`target` "worker": its default export's fetch handler, once). With `replay`
 * (a JSON-RPC response body) no request is sent and that body answers. `origins` are further
 * origins sent to the stand-in, e.g. a placeholder like https://your-app.example. Resolves to
 * { code, stdout, stderr, exchanges }.
 */
export function runSnippet(file, target, { replay, origins = [] } = {}) {
  const dir = path.dirname(file);
  const log = `${file}.${replay ? "replay" : "live"}.jsonl`;
  rmSync(log, { force: true });
  const args = ["--import", PRELOAD, ...(target === "worker" ? [workerRunner(dir), file] : [file])];
  const env = { ...process.env, SNIPPET_BASE: AGENT_URL, SNIPPET_LOG: log, SNIPPET_ORIGINS: origins.join(" "), MAGISTERIUM_TOKEN: "snippet-test-token" };
  if (target === "browser") env.SNIPPET_PAGE = "1";
  else delete env.SNIPPET_PAGE;
  if (replay) env.SNIPPET_REPLAY = replay;
  else delete env.SNIPPET_REPLAY;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill(), 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      let exchanges = [];
      try {
        exchanges = readFileSync(log, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
      } catch {}
      resolve({ code, stdout, stderr, exchanges });
    });
  });
}

/**
 * Serves Worker snippets ({ name, code }) under `wrangler dev` on `port`, each at `/<name>`, bundled
 * by wrangler with the package's workerd entry from `dir`'s node_modules. Calls to the real service
 * go to the stand-in; any other URL fails. Resolves to the server ({ stop, log }).
 */
export function serveWorkerSnippets(dir, snippets, port) {
  for (const { name, code } of snippets) writeFile(dir, `${name}.mjs`, code);
  writeFile(dir, "index.mjs", `${snippets.map(({ name }, i) => `import s${i} from "./${name}.mjs";`).join("\n")}
const SNIPPETS = { ${snippets.map(({ name }, i) => `${JSON.stringify(name)}: s${i}`).join(", ")} };
const SERVICE = "https://www.magisterium.com/api/v1/a2a";
const realFetch = globalThis.fetch;
export default {
  async fetch(request, env, ctx) {
    const snippet = SNIPPETS[new URL(request.url).pathname.slice(1)];
    if (!snippet) return new Response("no such snippet", { status: 404 });
    globalThis.fetch = async (input, init) => {
      const sent = new Request(input, init);
      if (sent.url !== SERVICE) throw new TypeError("refused " + sent.url);
      return realFetch(env.AGENT_URL + "/api/v1/a2a", { method: sent.method, headers: sent.headers, body: await sent.text() });
    };
    return snippet.fetch(request, env, ctx);
  },
};
`);
  writeFile(dir, "wrangler.toml", `name = "snippets"\nmain = "index.mjs"\ncompatibility_date = "2026-11-01"\nsend_metrics = false\n[vars]\nAGENT_URL = "${AGENT_URL}"\nMAGISTERIUM_TOKEN = "snippet-test-token"\n`);
  return startWrangler(dir, port, [], "/none");
}
