// Turns a report of `npx magisterium-a2a check` (docs/check.md) into drift fixtures: one
// tests/fixtures/drift/<skill>/<name>.json per skill the report called, `{ about, outcome, response,
// expect }` as tests/common/drift.rs reads them (`outcome` for a kept answer: the check's "as
// documented" or "kept with differences"). `response` is the answer as received (its id made "req-1"
// when it was the request's, as the drift tests send), `expect` what this SDK made of it: the typed
// result without `task.raw` (decodeResponse of pkg/, scripts/build.sh first), `null`, or the
// rejection `{ error: { kind, messageContains } }` the check reported. Review each `expect`: it is
// today's reading, which the fixture then holds the SDK to.
//
//   node scripts/report-to-fixtures.mjs <report.json> <name> [--out <dir>]
//
// Prints the lines to add to the CASES list of tests/common/drift.rs. Never overwrites a fixture.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { decodeResponse, isMagisteriumError } from "../pkg/node.js";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: "string" } } });
const [reportFile, name] = positionals;
if (!reportFile || !/^[a-z][a-z0-9_]*$/.test(name ?? "")) {
  console.error("usage: node scripts/report-to-fixtures.mjs <report.json> <name: lower_snake_case> [--out <dir>]");
  process.exitCode = 2;
} else {
  const out = values.out ?? new URL("../tests/fixtures/drift/", import.meta.url).pathname;
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  const lines = [];
  for (const row of report.results.filter((r) => r.skill)) {
    const last = row.exchanges.at(-1);
    if (!last?.response) continue;
    const file = path.join(out, row.skill, `${name}.json`);
    if (existsSync(file)) throw new Error(`${file} exists: choose another name`);
    mkdirSync(path.dirname(file), { recursive: true });
    const outcome = ["as documented", "kept with differences"].includes(row.outcome) ? { outcome: row.outcome } : {};
    writeFileSync(file, `${JSON.stringify({ about: about(report, row), ...outcome, response: response(last), expect: expected(row, last) }, null, 2)}\n`);
    lines.push(`    ${JSON.stringify(row.skill)} / ${JSON.stringify(name)},`);
    console.error(`wrote ${file} (${row.outcome})`);
  }
  console.log(`Add to CASES in tests/common/drift.rs (in order):\n${lines.join("\n")}`);
}

function about(report, row) {
  return `${row.skill} as ${report.endpoint} answered on ${report.started} (check report, SDK ${report.sdkVersion}): ${row.outcome}${row.reason ? `, ${row.reason}` : ""}`;
}

/** The answer as received; its id "req-1" when it was the request's (the drift tests' message id). */
function response(exchange) {
  let body;
  try {
    body = JSON.parse(exchange.response.body);
  } catch {
    return exchange.response.body;
  }
  const sent = JSON.parse(exchange.request.body ?? "{}");
  if (body && typeof body === "object" && !Array.isArray(body) && body.id === sent.id) return { ...body, id: "req-1" };
  return body;
}

function expected(row, exchange) {
  if (row.outcome === "rejected") return { error: { kind: row.kind, messageContains: row.reason } };
  try {
    const result = JSON.parse(JSON.stringify(decodeResponse(row.skill, exchange.response.body)));
    if (result?.task) delete result.task.raw;
    return result;
  } catch (e) {
    if (isMagisteriumError(e)) return { error: { kind: e.kind, messageContains: e.message } };
    throw e;
  }
}
