// The code of the "Use this in your app" panel: the call the page just made, written for a page
// (through the Worker proxy), a Cloudflare Worker and Node. The call comes from running the skill's
// registry entry on a recording client, so the snippet names the same method with the same
// arguments as the page. Pure: `node --test` runs it (tests/js/www-snippet.test.mjs).

export const TARGETS = [
  { id: "browser", label: "Browser" },
  { id: "worker", label: "Worker" },
  { id: "node", label: "Node" },
];

/** The panel's last tab: not code but the configuration an MCP client takes ({@link mcpConfig}). */
export const MCP_TAB = { id: "mcp", label: "MCP" };

/**
 * The JSON an MCP client takes for this site's MCP endpoint (`<origin>/mcp`): Cursor's `mcp.json`
 * and most clients read `mcpServers` with a `url`; VS Code's `.vscode/mcp.json` and Claude
 * Desktop's connectors are in docs/mcp.md ("Connecting a client"). The same in both modes ({@link mcpNote}):
 * a client learns that a site signs its users in from the 401 of its /mcp, not from its configuration.
 */
export function mcpConfig(origin) {
  return `${JSON.stringify({ mcpServers: { magisterium: { url: `${origin}/mcp` } } }, null, 2)}\n`;
}

const MCP_WHAT =
  "For an MCP client (Claude, ChatGPT, Cursor, VS Code): this site's /mcp gives it every skill as a tool, in MCP 2026-07-28 or the 2025 handshake, whichever the client speaks. VS Code's mcp.json takes \"servers\" with \"type\": \"http\" instead; ChatGPT takes the URL as a connector.";
const SIGNED_IN =
  "the first time, the client opens the site's consent page, then the Magisterium sign-in; its calls then run on your own Magisterium account and its budget, until the client revokes the grant or that sign-in ends.";

/**
 * The MCP tab's note for this site's mode, read from its sign-in state (session.js's `{ enabled,
 * anonymousAllowed }`, or null when the site has no sign-in): "signed in" when sign-in is on and
 * anonymous calls are not allowed, else "anonymous". Anonymous, the note names the signed-in
 * mode beside it, which takes the same configuration.
 */
export function mcpNote(auth) {
  if (auth?.enabled && auth.anonymousAllowed === false) {
    return `${MCP_WHAT} Signed in (this site requires sign-in): ${SIGNED_IN}`;
  }
  return `${MCP_WHAT} Anonymous (this site): no sign-in; the Worker makes the calls with the site's own credential. Signed in (a site that requires sign-in): the same configuration; ${SIGNED_IN}`;
}

/** How each SDK result shape is read, for the lines after the call. */
const USAGE = {
  qa: { binding: "{ answer, citations, relatedQuestions }", print: ["console.log(answer);", "console.log(citations.map((c) => c.document_title), relatedQuestions);"] },
  search: { binding: "{ results }", print: ["for (const { id, title, url } of results) console.log(id, title, url);"] },
  document: { binding: "doc", print: ['console.log(doc ? `${doc.title}: ${doc.text.length} characters` : "not found");'] },
  day: { binding: "day", print: ['console.log(day ? day.text : "nothing for that day");'] },
  lookup: { binding: "{ text, data }", print: ["console.log(text, data);"] },
  statistics: { binding: "{ data }", print: ["console.table(data[0]?.rows);"] },
  task: { binding: "task", print: ["console.log(task.status.state, task.artifacts);"] },
};
const ANY_RESULT = { binding: "result", print: ["console.log(result);"] };

/**
 * Runs `entry.call` on a client that records instead of calling, and returns what it called:
 * `{ method, args }`. `options` are the call options the page passed, less its AbortSignal.
 */
export function recordCall(entry, value, options = {}) {
  let recorded = null;
  const client = new Proxy({}, {
    get: (_, method) => (...args) => {
      recorded = { method: String(method), args };
      return Promise.resolve(null);
    },
  });
  entry.call(client, value, options);
  if (!recorded) throw new Error(`${entry.id}: call() made no client call`);
  return recorded;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A JavaScript literal for a JSON-like value. Strings are JSON strings (quotes, backslashes and
 * control characters escaped; backticks and `${` are plain characters in them), with U+2028 and
 * U+2029 escaped too. Objects drop `undefined` members; `undefined` alone is `undefined`.
 */
export function jsLiteral(value) {
  if (value === undefined) return "undefined";
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "string") return JSON.stringify(value).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(", ")}]`;
  if (typeof value === "object") {
    const members = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${IDENTIFIER.test(k) ? k : jsLiteral(k)}: ${jsLiteral(v)}`);
    return members.length ? `{ ${members.join(", ")} }` : "{}";
  }
  throw new TypeError(`no literal for a ${typeof value}`);
}

/** The arguments shown: a trailing options object with nothing in it is left out. */
function shownArgs(args) {
  const shown = [...args];
  const last = shown.at(-1);
  const isObject = last !== null && typeof last === "object" && !Array.isArray(last);
  if (shown.length > 1 && (last === undefined || (isObject && Object.values(last).every((v) => v === undefined)))) shown.pop();
  return shown.map(jsLiteral);
}

/** `client.method(args…)` on one line. */
export function callExpression({ method, args }) {
  return `client.${method}(${shownArgs(args).join(", ")})`;
}

const MAX_LINE = 80;

/** `<indent><lead>await client.method(args…);`, with one argument a line when that is too long. */
function callStatement(indent, lead, call) {
  const line = `${indent}${lead}await ${callExpression(call)};`;
  if (line.length <= MAX_LINE) return [line];
  return [`${indent}${lead}await client.${call.method}(`, ...shownArgs(call.args).map((a) => `${indent}  ${a},`), `${indent});`];
}

/** The snippet for one target (`browser`, `worker`, `node`) of a recorded call of this result shape. */
export function snippet(target, call, shape) {
  const usage = USAGE[shape] ?? ANY_RESULT;
  switch (target) {
    case "browser":
      return [
        'import init, { MagisteriumClient } from "magisterium-a2a";',
        "",
        "await init();",
        "// The Worker proxy adds the token on the server: the page holds none.",
        'const client = new MagisteriumClient({ endpoint: "/api/v1/a2a" });',
        ...callStatement("", `const ${usage.binding} = `, call),
        ...usage.print,
        "",
      ].join("\n");
    case "worker":
      return [
        'import { MagisteriumClient } from "magisterium-a2a";',
        "",
        "export default {",
        "  async fetch(request, env) {",
        "    const client = new MagisteriumClient({ token: env.MAGISTERIUM_TOKEN });",
        ...callStatement("    ", "const result = ", call),
        "    return Response.json(result);",
        "  },",
        "};",
        "",
      ].join("\n");
    case "node":
      return [
        'import { MagisteriumClient } from "magisterium-a2a";',
        "",
        "const client = new MagisteriumClient({ token: process.env.MAGISTERIUM_TOKEN });",
        ...callStatement("", `const ${usage.binding} = `, call),
        ...usage.print,
        "",
      ].join("\n");
    default:
      throw new Error(`unknown target ${target}`);
  }
}

/** The call options worth showing: the page's, less the AbortSignal of its Cancel button. */
export function shownOptions(options = {}) {
  const { signal: _signal, ...rest } = options;
  return rest;
}
