#!/usr/bin/env node
// The package's command (Node 20+): `npx magisterium-a2a check`, the conformance check of
// docs/check.md. Exit codes: 0 every answer kept, 1 one was rejected, 2 the check could not run.
import { parseArgs } from "node:util";
import { runCheck } from "./check.js";
import { runWorkerCheck } from "./check-worker.js";

const USAGE = `Usage: MAGISTERIUM_TOKEN=… npx magisterium-a2a check [--endpoint URL] [--report FILE]
       npx magisterium-a2a check --worker URL [--origin ORIGIN] [--report FILE]

Calls every skill of Magisterium AI's A2A agent once, with fixed harmless inputs, paced under the
service's limits (15 calls a minute, 2 of them Q&A), and says per skill whether this version of
the SDK read the answer or rejected it. The token is read from MAGISTERIUM_TOKEN only.

  --endpoint URL   another A2A endpoint (default: the service's)
  --report FILE    where the JSON report goes (default: magisterium-check-<time>.json)
  --no-pacing      no pacing (an agent of your own without the service's limits)
  --worker URL     check a deployed Worker proxy instead, as its operator (no token): cards, CORS,
                   a call through it, no token or cookie back, /mcp, the sign-in routes
  --origin ORIGIN  with --worker: your page's origin, one of its ALLOWED_ORIGINS (default: the Worker's)
  -h, --help       this text

Exit codes: 0 every answer was kept (with --worker: every row ok), 1 one was rejected (failed),
2 the check could not run.`;

async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: {
      endpoint: { type: "string" }, report: { type: "string" }, worker: { type: "string" }, origin: { type: "string" }, "no-pacing": { type: "boolean" }, help: { type: "boolean", short: "h" },
    } });
  } catch (e) {
    console.error(`${e.message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals[0] !== "check" || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const report = values.report ?? `magisterium-check-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  if (values.worker) return runWorkerCheck({ worker: values.worker, origin: values.origin, report, out: process.stdout, progress: process.stderr });
  return runCheck({
    token: process.env.MAGISTERIUM_TOKEN,
    endpoint: values.endpoint,
    report,
    pacing: !values["no-pacing"],
    out: process.stdout,
    progress: process.stderr,
  });
}

process.exitCode = await main(process.argv.slice(2));
