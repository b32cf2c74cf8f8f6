// `npx magisterium-a2a check` (bin/, docs/check.md) as a user runs it, the package's own command
// from pkg/: against the stand-in (every answer as documented: exit 0), against a fault server of
// its own answering each drift fixture of tests/fixtures/drift/ (each skill "as documented", "kept
// with differences" or rejected as the fixture's `outcome` and `expect` say: exit 0 or 1), and the runs that cannot go on (no token, unauthorized,
// unreachable: exit 2). The report must never hold the token, an Authorization or a cookie value,
// and scripts/report-to-fixtures.mjs turns it back into the fixtures that were answered.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AGENT_URL, port, root, startWrangler } from "./helpers.mjs";

const BIN = path.join(root, "pkg", "bin", "magisterium-a2a.js");
const FAULT_PORT = port(18872);
const FAULT = `http://127.0.0.1:${FAULT_PORT}`;
const TOKEN = `check-test-token-${crypto.randomUUID()}`;
const SKILLS = JSON.parse(readFileSync(path.join(root, "bin", "check-inputs.json"), "utf8")).skills.map((s) => s.skill);
const DRIFT = path.join(root, "tests", "fixtures", "drift");
const dir = mkdtempSync(path.join(os.tmpdir(), "check-"));
let fault;

/** Runs the command; resolves to { code, stdout, stderr, text, report, reportPath } (the report
 *  as written and parsed, when it was). */
function check(args, { token = TOKEN } = {}) {
  const report = path.join(dir, `report-${crypto.randomUUID()}.json`);
  const env = { ...process.env };
  if (token) env.MAGISTERIUM_TOKEN = token;
  else delete env.MAGISTERIUM_TOKEN;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "check", "--report", report, ...args], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const text = existsSync(report) ? readFileSync(report, "utf8") : null;
      resolve({ code, stdout, stderr, text, report: text && JSON.parse(text), reportPath: report });
    });
  });
}

/** What a report may never hold. */
function assertNoSecrets(text) {
  assert.ok(!text.includes(TOKEN), "the token");
  const report = JSON.parse(text);
  for (const r of report.results) {
    for (const x of r.exchanges) {
      for (const h of [x.request.headers, x.response?.headers ?? {}]) {
        for (const name of ["authorization", "cookie", "set-cookie"]) {
          if (name in h) assert.equal(h[name], "[removed]", `${r.what}: ${name}`);
        }
      }
    }
  }
}

before(async () => {
  fault = spawn(process.execPath, [path.join(root, "tests", "servers", "fault-server.mjs"), String(FAULT_PORT)], { stdio: "ignore", detached: true });
  for (let i = 0; i < 40; i++) {
    if (await fetch(`${FAULT}/__count/x`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the fault server did not start");
});
after(() => {
  try {
    process.kill(-fault.pid);
  } catch {}
  rmSync(dir, { recursive: true, force: true });
});

test("the stand-in: both cards kept and every skill as documented, exit 0, a report with the raw answers and no secret", async () => {
  const run = await check(["--endpoint", `${AGENT_URL}/api/v1/a2a`]);
  assert.equal(run.code, 0, run.stderr);
  const { report } = run;
  assert.equal(report.sdkVersion, JSON.parse(readFileSync(path.join(root, "pkg", "package.json"), "utf8")).version);
  assert.equal(report.exitCode, 0);
  assert.deepEqual(report.results.map((r) => r.what), ["agent card /.well-known/agent.json", "agent card /.well-known/agent-card.json", ...SKILLS]);
  for (const r of report.results) {
    const want = r.skill ? "as documented" : "kept";
    assert.equal(r.outcome, want, `${r.what}: ${r.reason} ${JSON.stringify(r.differences)}`);
    assert.ok(r.exchanges.length >= 1 && r.exchanges.every((x) => x.response.status === 200 && x.response.body.length > 0), r.what);
    assert.match(run.stdout, new RegExp(`^${r.what}\\s+${want}$`, "m"));
  }
  // The calls carried the token (removed from the report), the card requests none.
  assert.equal(report.results[2].exchanges[0].request.headers.authorization, "[removed]");
  assert.equal(report.results[0].exchanges[0].request.headers.authorization, undefined);
  assertNoSecrets(run.text);
  assert.match(run.stderr, /\[12\/12\] diocese_statistics_lookup: as documented/);
});

describe("the fault server answering each drift fixture: every skill kept or rejected as its fixture expects", () => {
  const cases = [...new Set(SKILLS.flatMap((s) => readdirSync(path.join(DRIFT, s)).map((f) => f.replace(/\.json$/, ""))))].sort();
  for (const name of cases) {
    test(name, async () => {
      const run = await check(["--endpoint", `${FAULT}/drift/${name}`, "--no-pacing"]);
      const rows = new Map(run.report.results.map((r) => [r.what, r]));
      let rejected = 0;
      for (const skill of SKILLS) {
        const file = path.join(DRIFT, skill, `${name}.json`);
        const { expect } = JSON.parse(readFileSync(existsSync(file) ? file : path.join(DRIFT, skill, "base.json"), "utf8"));
        const row = rows.get(skill);
        if (expect && typeof expect === "object" && "error" in expect) {
          rejected++;
          assert.equal(row.outcome, "rejected", `${skill}/${name}`);
          assert.equal(row.kind, expect.error.kind, `${skill}/${name}`);
          assert.ok(row.reason.includes(expect.error.messageContains ?? ""), `${skill}/${name}: ${row.reason}`);
        } else {
          const { outcome } = JSON.parse(readFileSync(existsSync(file) ? file : path.join(DRIFT, skill, "base.json"), "utf8"));
          assert.ok(["as documented", "kept with differences"].includes(outcome), `${skill}/${name}: the fixture's outcome`);
          assert.equal(row.outcome, outcome, `${skill}/${name}: ${row.reason} ${JSON.stringify(row.differences)}`);
          assert.equal((row.differences ?? []).length > 0, outcome === "kept with differences", `${skill}/${name}: the differences listed`);
          assert.match(run.stdout, new RegExp(`^${skill}\\s+${outcome}$`, "m"), `${skill}/${name}: its table row`);
          for (const d of row.differences ?? []) {
            assert.ok(["coerced", "unknown", "missing"].includes(d.kind) && d.path && d.detail, `${skill}/${name}: ${JSON.stringify(d)}`);
            assert.ok(run.stdout.includes(`${d.kind} ${d.path}: ${d.detail}`), `${skill}/${name}: the table lists ${d.path}`);
          }
        }
      }
      assert.equal(run.code, rejected > 0 ? 1 : 0, run.stderr);
      assertNoSecrets(run.text);
    });
  }
});

describe("scripts/report-to-fixtures.mjs: a report becomes the drift fixtures the fault server answered", () => {
  for (const name of ["extra_members", "not_found", "reject_no_text_part", "reject_wrong_id"]) {
    test(name, async () => {
      const run = await check(["--endpoint", `${FAULT}/drift/${name}`, "--no-pacing"]);
      const out = path.join(dir, `fixtures-${name}`);
      const script = spawnSync(process.execPath, [path.join(root, "scripts", "report-to-fixtures.mjs"), run.reportPath, "from_report", "--out", out], { encoding: "utf8" });
      assert.equal(script.status, 0, script.stderr);
      for (const skill of SKILLS) {
        const source = existsSync(path.join(DRIFT, skill, `${name}.json`)) ? `${name}.json` : "base.json";
        const want = JSON.parse(readFileSync(path.join(DRIFT, skill, source), "utf8"));
        const made = JSON.parse(readFileSync(path.join(out, skill, "from_report.json"), "utf8"));
        assert.deepEqual(made.response, want.response, `${skill}/${source}: the answer as received`);
        if (want.expect && typeof want.expect === "object" && "error" in want.expect) {
          assert.equal(made.expect.error.kind, want.expect.error.kind, `${skill}/${source}`);
          assert.ok(made.expect.error.messageContains.includes(want.expect.error.messageContains), `${skill}/${source}`);
        } else {
          assert.deepEqual(made.expect, want.expect, `${skill}/${source}: the typed reading`);
          assert.equal(made.outcome, want.outcome, `${skill}/${source}: the outcome`);
        }
        assert.match(script.stdout, new RegExp(`"${skill}" / "from_report",`));
      }
    });
  }
});

describe("exit 2: the check could not run, with what to do", () => {
  test("no MAGISTERIUM_TOKEN: nothing sent, no report", async () => {
    const run = await check(["--endpoint", `${FAULT}/ok/search_results`], { token: null });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /set MAGISTERIUM_TOKEN/);
    assert.equal(run.report, null);
  });

  test("unauthorized: stops at the first call", async () => {
    const run = await check(["--endpoint", `${FAULT}/status/401/error_unauthorized`, "--no-pacing"]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /refused the token \(unauthorized\): check MAGISTERIUM_TOKEN/);
    assert.equal(run.report.results.length, 3, "the two cards and the first call");
    assertNoSecrets(run.text);
  });

  test("plan required", async () => {
    const run = await check(["--endpoint", `${FAULT}/ok/error_plan_required`, "--no-pacing"]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /plan required/);
  });

  test("unreachable", async () => {
    const run = await check(["--endpoint", `http://127.0.0.1:${port(18873)}/api/v1/a2a`, "--no-pacing"]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /could not be reached \(network\)/);
  });

  test("not a command: usage, exit 2", async () => {
    const run = await check(["--bogus"]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /Usage: MAGISTERIUM_TOKEN=/);
  });
});

describe("check --worker: a deployed Worker checked as its operator would (no token)", () => {
  const PROXY_PORT = port(18874);
  const SECRET = `operator-secret-${crypto.randomUUID()}`;
  let proxy;
  before(async () => {
    // The Worker as a proxy in front of this file's fault server (as scripts/test.sh starts its own),
    // signing visitors in at the demo Worker's emulated OAuth server.
    proxy = await startWrangler(root, PROXY_PORT, ["--var", `UPSTREAM_URL:${FAULT}/by-query`, "--var", `MAGISTERIUM_TOKEN:${SECRET}`,
      "--var", "ALLOWED_ORIGINS:http://app.example", "--var", `OAUTH_ISSUER:${AGENT_URL}`], "/.well-known/agent.json");
  });
  after(() => proxy?.stop());
  const WORKER_ROWS = ["CORS preflight from", "CORS preflight from https://refused.invalid", "agent card /.well-known/agent.json",
    "agent card /.well-known/agent-card.json", "a call through it (document_search)", "no token or cookie in its answer", "/mcp tools/list",
    "sign-in /api/auth/session", "sign-in /api/auth/login"];

  for (const [name, url, origin] of [["the demo's Worker (the stand-in)", () => AGENT_URL, () => new URL(AGENT_URL).origin],
    ["a proxy in front of the fault server", () => `http://127.0.0.1:${PROXY_PORT}`, () => "http://app.example"]]) {
    test(`${name}: every row ok, exit 0, without a token`, async () => {
      const run = await check(["--worker", url(), "--origin", origin()], { token: null });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.deepEqual(run.report.results.map((r) => r.what.replace(/ http:\S+$/, "")), WORKER_ROWS);
      for (const r of run.report.results) assert.equal(r.outcome, "ok", `${r.what}: ${r.reason}`);
      const call = run.report.results.find((r) => r.what.startsWith("a call"));
      assert.equal(call.reason, undefined, "the call was answered, not refused");
      assert.equal(call.exchanges[0].request.headers.authorization, undefined, "the check sends no token");
      assert.ok(!run.text.includes(SECRET), "the operator's token never came back");
    });
  }

  test("an origin not in ALLOWED_ORIGINS: its preflight fails, exit 1", async () => {
    const run = await check(["--worker", `http://127.0.0.1:${PROXY_PORT}`, "--origin", "https://not-listed.example"], { token: null });
    assert.equal(run.code, 1, run.stderr);
    const row = run.report.results.find((r) => r.what === "CORS preflight from https://not-listed.example");
    assert.equal(row.outcome, "failed");
    assert.match(row.reason, /is https:\/\/not-listed\.example in ALLOWED_ORIGINS\?/);
  });

  test("unreachable: exit 2", async () => {
    const run = await check(["--worker", `http://127.0.0.1:${port(18873)}`], { token: null });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /the Worker could not be reached .*check the URL/);
  });
});
