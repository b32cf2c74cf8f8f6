// The last step of the test command: scans every response the JavaScript tests recorded
// (test-output/responses/*.jsonl, see record.mjs) and the Workers' own JSON log lines
// (test-output/*.log) for the proxy's secret and for session tokens. Exits 1 on any finding.
//
//   MAGISTERIUM_PROXY_TOKEN=<the secret of the test run> node tests/js/scan-responses.mjs
//
// Findings are reported by file, line and URL, never by printing the secret.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const out = path.join(root, "test-output");
const secret = process.env.MAGISTERIUM_PROXY_TOKEN ?? "";
const MIN_RESPONSES = Number(process.env.SCAN_MIN_RESPONSES ?? 100);
// Failures throw: the script ends non-zero with the message.
if (secret.length < 8) throw new Error("scan: MAGISTERIUM_PROXY_TOKEN (the secret of this run) is not set");

// What no client may ever see.
const needles = [
  ["the proxy secret", (s) => s.includes(secret)],
  ["the proxy secret (base64)", (s) => s.includes(Buffer.from(secret).toString("base64"))],
  ["the proxy secret (URL-encoded)", (s) => s.includes(encodeURIComponent(secret)) && encodeURIComponent(secret) !== secret],
  ["the upstream's session cookie", (s) => s.includes("upstream-session")],
];
// Access and refresh tokens of the (emulated) authorization server: only its token endpoint hands
// them out, and only to the Worker (the BFF), never to a page.
const TOKEN_PATTERN = /\b(at|rt)_[\w-]{20,}/;
const mayCarryTokens = (url) => /\/oauth\/token(\?|$)/.test(url);

const findings = [];
let responses = 0;
const recordDir = process.env.MAGISTERIUM_RECORD_DIR ?? path.join(out, "responses");
const files = existsSync(recordDir) ? readdirSync(recordDir).filter((f) => f.endsWith(".jsonl")) : [];
for (const f of files) {
  const lines = readFileSync(path.join(recordDir, f), "utf8").split("\n");
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return findings.push(`${f}:${i + 1}: unreadable record`);
    }
    responses += 1;
    const headers = (entry.headers ?? []).map(([k, v]) => `${k}: ${v}`).join("\n");
    const all = `${headers}\n${entry.body ?? ""}`;
    for (const [what, found] of needles) if (found(all)) findings.push(`${f}:${i + 1} ${entry.url}: ${what}`);
    if (!mayCarryTokens(entry.url) && TOKEN_PATTERN.test(all)) findings.push(`${f}:${i + 1} ${entry.url}: an access or refresh token`);
    let pathname = "";
    try {
      pathname = new URL(entry.url).pathname;
    } catch {}
    // The one cookie the endpoint may set: an anonymous 1.0 visitor's session for ListTasks
    // (crates/worker/src/tasks.rs), a random id; never the upstream's, never on a 0.2.6 answer.
    const foreign = ([k, v]) => k.toLowerCase() === "set-cookie" && !/^(__Host-)?a2a-visitor=[0-9a-f-]{36};/.test(v);
    if (pathname === "/api/v1/a2a" && (entry.headers ?? []).some(foreign)) {
      findings.push(`${f}:${i + 1} ${entry.url}: Set-Cookie on the JSON-RPC endpoint`);
    }
  });
}

// The Workers' request log lines (one JSON object per request) must not carry them either.
// (wrangler's own banner lists --var values of the test run; it is not the Worker's log.)
let logLines = 0;
const logDir = process.env.MAGISTERIUM_LOG_DIR ?? out;
for (const f of existsSync(logDir) ? readdirSync(logDir).filter((f) => f.endsWith(".log")) : []) {
  readFileSync(path.join(logDir, f), "utf8").split("\n").forEach((line, i) => {
    const at = line.indexOf('{"at":');
    if (at < 0) return;
    logLines += 1;
    const l = line.slice(at);
    for (const [what, found] of needles) if (found(l)) findings.push(`${f}:${i + 1}: ${what} in a Worker log line`);
    if (TOKEN_PATTERN.test(l)) findings.push(`${f}:${i + 1}: an access or refresh token in a Worker log line`);
  });
}

console.log(`scan: ${responses} responses from ${files.length} test files and ${logLines} Worker log lines`);
if (responses < MIN_RESPONSES) findings.push(`only ${responses} responses were recorded (expected at least ${MIN_RESPONSES})`);
if (findings.length) throw new Error(`scan: ${findings.length} finding(s):\n${findings.slice(0, 50).join("\n")}`);
console.log("scan: no secret, session cookie or token in any response or Worker log line");
