// `magisterium-a2a check` (docs/check.md): every skill called once through this version of the SDK,
// each answer recorded as received (token, Authorization and cookies removed) and classed as
// "as documented", "kept with differences" (the SDK's `responseDifferences`: each coercion, unknown
// and missing member, with its path) or rejected (the SDK's reason). The SDK does the calls, pacing
// and reading; this file only orders them, records them and writes the table and the report.
import { readFileSync, writeFileSync } from "node:fs";
import { MagisteriumClient, isMagisteriumError } from "../node.js";
import { responseDifferences } from "../differences/node.js";

/** The SDK's default endpoint: where the cards are looked for when no --endpoint is given. */
const SERVICE = "https://www.magisterium.com/api/v1/a2a";
const CARD_PATHS = ["/.well-known/agent.json", "/.well-known/agent-card.json"];
const { skills: SKILLS } = JSON.parse(readFileSync(new URL("./check-inputs.json", import.meta.url), "utf8"));
const SDK_VERSION = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;
/** Headers whose values never reach the report. */
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);

/** Why the check could not run, by the error kind of the call that stopped it: what to do. */
const CANNOT_RUN = {
  unauthorized: "the agent refused the token (unauthorized): check MAGISTERIUM_TOKEN (a token of your account's API keys)",
  plan_required: "the agent answered that your plan does not include the API (plan required): see your account's plan",
  network: "the agent could not be reached (network): check the endpoint and your connection",
  timeout: "the agent did not answer in time (timeout): try again later",
  rate_limited: "the agent's rate limit was hit (rate limited): wait a minute and run the check again",
};

const headersOf = (headers) => Object.fromEntries([...headers].map(([k, v]) => [k, SECRET_HEADERS.has(k) ? "[removed]" : v]));

/** A fetch that records each exchange into `log` as received (the SDK gets the response untouched). */
export function recordingFetch(log) {
  return async (input, init) => {
    const request = new Request(input, init);
    const exchange = { request: { method: request.method, url: request.url, headers: headersOf(request.headers), body: request.body ? await request.clone().text() : null } };
    log.push(exchange);
    const response = await fetch(request);
    exchange.response = { status: response.status, headers: headersOf(response.headers), body: await response.clone().text() };
    return response;
  };
}

/** One row of the outcome: kept, or rejected with the SDK's reason; `stop` when the check cannot go on. */
export function outcomeOf(error) {
  if (!error) return { outcome: "kept" };
  if (!isMagisteriumError(error)) return { outcome: "rejected", reason: String(error?.message ?? error) };
  const stop = CANNOT_RUN[error.kind];
  return { outcome: stop ? "not run" : "rejected", kind: error.kind, reason: error.message, ...(stop ? { stop } : {}) };
}

/** A kept answer's outcome: "as documented", or "kept with differences" and the SDK's list of them. */
export function differencesOf(skill, exchange) {
  try {
    const differences = responseDifferences(skill, exchange?.response?.body ?? "");
    return differences.length === 0 ? { outcome: "as documented" } : { outcome: "kept with differences", differences };
  } catch (error) {
    // The answer the client kept is read again as received; an answer it kept but that does not
    // read alone (another protocol version on the wire) stays "kept", with why.
    return { outcome: "kept", reason: `its differences could not be read: ${error?.message ?? error}` };
  }
}

/** Runs the check; resolves to the exit code (0 kept, 1 rejected, 2 could not run). */
export async function runCheck({ token, endpoint, report, pacing, out, progress }) {
  if (!token) {
    progress.write("magisterium-a2a check: set MAGISTERIUM_TOKEN to your API token (an environment variable, never a flag: it stays out of your shell history).\n");
    return 2;
  }
  const target = endpoint ?? SERVICE;
  let origin;
  try {
    origin = new URL(target).origin;
  } catch {
    progress.write(`magisterium-a2a check: --endpoint ${target} is not a URL.\n`);
    return 2;
  }
  const started = new Date().toISOString();
  const rows = [];
  const total = CARD_PATHS.length + SKILLS.length;
  const step = (row, ms) => progress.write(`[${rows.length}/${total}] ${row.what}: ${row.outcome}${row.reason ? ` (${row.reason})` : ""} ${ms} ms\n`);

  await cardRows(origin, target, (row, ms) => {
    rows.push(row);
    step(row, ms);
  });

  const exchanges = [];
  const client = new MagisteriumClient({ endpoint: target, token, pacing, fetch: recordingFetch(exchanges), maxRetries: 2 });
  let stopped = null;
  let found = null;
  for (const { skill, method, input } of SKILLS) {
    const sent = skill === "document_fetch" && found ? found : input;
    const mark = exchanges.length;
    const t0 = Date.now();
    const result = await client[method](sent).then((value) => ({ value }), (error) => ({ error }));
    if (skill === "document_search") found = result.value?.results?.[0]?.id || null;
    const row = { what: skill, skill, input: sent, ...outcomeOf(result.error), exchanges: exchanges.slice(mark) };
    if (row.outcome === "kept") Object.assign(row, differencesOf(skill, row.exchanges.at(-1)));
    rows.push(row);
    step(row, Date.now() - t0);
    if (row.stop) {
      stopped = row.stop;
      break;
    }
  }

  return finish({ rows, stopped, started, target, token, report, out, progress });
}

/** The two agent cards of `origin`, read by the SDK without a token; each row handed to `step`
 *  with its time as it is done. */
export async function cardRows(origin, endpoint, step) {
  const rows = [];
  for (const path of CARD_PATHS) {
    const exchanges = [];
    const client = new MagisteriumClient({ endpoint, agentCardUrl: origin + path, fetch: recordingFetch(exchanges), maxRetries: 1 });
    const t0 = Date.now();
    const error = await client.agentCard().then(() => null, (e) => e);
    const { stop, ...row } = { what: `agent card ${path}`, ...outcomeOf(error), exchanges };
    if (row.outcome === "not run") row.outcome = stop && error.kind === "network" ? "unreachable" : "rejected";
    rows.push(row);
    step(row, Date.now() - t0);
  }
  return rows;
}

/** Prints the table, writes the report (no token in it) and resolves to the exit code. */
export function finish({ rows, stopped, started, target, token, report, out, progress, tool = "magisterium-a2a check" }) {
  const failed = rows.filter((r) => r.outcome === "rejected" || r.outcome === "failed");
  const code = stopped ? 2 : failed.length > 0 ? 1 : 0;
  const width = Math.max(4, ...rows.map((r) => r.what.length));
  const outcomes = Math.max(7, ...rows.map((r) => r.outcome.length));
  const table = rows.map((r) =>
    [`${r.what.padEnd(width)} ${r.outcome.padEnd(outcomes)} ${r.reason ?? ""}`.trimEnd(),
      ...(r.differences ?? []).map((d) => `${"".padEnd(width)}   ${d.kind} ${d.path}: ${d.detail}`)].join("\n"));
  out.write(`${"what".padEnd(width)} ${"outcome".padEnd(outcomes)} reason\n${table.join("\n")}\n`);
  const body = {
    tool,
    sdkVersion: SDK_VERSION,
    node: process.version,
    endpoint: target,
    started,
    finished: new Date().toISOString(),
    exitCode: code,
    ...(stopped ? { stopped } : {}),
    results: rows.map(({ stop, ...r }) => r),
  };
  let text = JSON.stringify(body, null, 2);
  // The token never leaves in the report, wherever an agent may have echoed it.
  if (token) text = text.replaceAll(token, "[token]");
  writeFileSync(report, `${text}\n`);
  progress.write(`${stopped ? `The check could not run: ${stopped}.\n` : ""}${failed.length} of ${rows.length} not as they should be; report: ${report}\n`);
  return code;
}
