// `magisterium-a2a check --worker URL` (docs/check.md): a deployed Worker proxy checked as its
// operator would, with no token: both cards, a CORS preflight from an allowed origin and from a
// refused one, a call through it (no token or cookie may come back), `/mcp` answering
// `tools/list`, and the sign-in routes answering. Each row "ok" or "failed" with the reason.
import { MagisteriumClient, isMagisteriumError } from "../node.js";
import { cardRows, finish, recordingFetch } from "./check.js";

/** An origin no deployment lists in ALLOWED_ORIGINS (.invalid is reserved: RFC 2606). */
const REFUSED = "https://refused.invalid";

const ok = (what, reason, extra = {}) => ({ what, outcome: "ok", ...(reason ? { reason } : {}), ...extra });
const failed = (what, reason, extra = {}) => ({ what, outcome: "failed", reason, ...extra });

async function preflight(base, origin) {
  const res = await fetch(`${base}/api/v1/a2a`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
  });
  return { status: res.status, allowed: res.headers.get("access-control-allow-origin") };
}

/** The rows of one check of `base` (the Worker's origin); throws a TypeError when unreachable. */
async function rows(base, origin, step) {
  const out = [];
  const add = (row, t0) => {
    out.push(row);
    step(row, Date.now() - t0);
  };
  let t0 = Date.now();
  const mine = await preflight(base, origin);
  add(mine.status < 300 && mine.allowed === origin
    ? ok(`CORS preflight from ${origin}`)
    : failed(`CORS preflight from ${origin}`, `HTTP ${mine.status}, Access-Control-Allow-Origin ${mine.allowed ?? "absent"}: is ${origin} in ALLOWED_ORIGINS?`), t0);
  t0 = Date.now();
  const theirs = await preflight(base, REFUSED);
  add(theirs.allowed === null
    ? ok(`CORS preflight from ${REFUSED}`, `refused (HTTP ${theirs.status})`)
    : failed(`CORS preflight from ${REFUSED}`, `allowed (Access-Control-Allow-Origin ${theirs.allowed}): ALLOWED_ORIGINS lets any page call it`), t0);

  await cardRows(base, `${base}/api/v1/a2a`, (row, ms) => {
    out.push({ ...row, outcome: row.outcome === "kept" ? "ok" : "failed" });
    step(out.at(-1), ms);
  });

  t0 = Date.now();
  const exchanges = [];
  const client = new MagisteriumClient({ endpoint: `${base}/api/v1/a2a`, headers: { origin }, fetch: recordingFetch(exchanges), maxRetries: 0 });
  const error = await client.documentSearch("just wage").then(() => null, (e) => e);
  const what = "a call through it (document_search)";
  if (!error) add(ok(what, null, { exchanges }), t0);
  else if (isMagisteriumError(error) && error.kind === "unauthorized") add(ok(what, "refused without a session: sign-in required (ALLOW_ANONYMOUS off)", { exchanges }), t0);
  else add(failed(what, `${error.kind ?? "error"}: ${error.message}`, { exchanges }), t0);
  t0 = Date.now();
  const leaks = exchanges.flatMap((x) => {
    const h = x.response?.headers ?? {};
    return [...("set-cookie" in h ? ["a Set-Cookie header"] : []), ...("authorization" in h ? ["an Authorization header"] : []),
      ...(/bearer\s+\S/i.test(x.response?.body ?? "") ? ["a bearer token in the body"] : [])];
  });
  add(leaks.length === 0 ? ok("no token or cookie in its answer") : failed("no token or cookie in its answer", leaks.join(", ")), t0);

  t0 = Date.now();
  const mcp = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  const listed = mcp.ok ? (await mcp.json().catch(() => null))?.result?.tools : null;
  if (Array.isArray(listed) && listed.length > 0) add(ok("/mcp tools/list", `${listed.length} tools`), t0);
  else if (mcp.status === 401 && mcp.headers.get("www-authenticate")) add(ok("/mcp tools/list", "sign-in required (OAuth)"), t0);
  else add(failed("/mcp tools/list", `HTTP ${mcp.status}, no tools`), t0);

  for (const [path, good] of [["/api/auth/session", (r) => r.status === 200], ["/api/auth/login", (r) => r.status >= 300 && r.status < 400 && r.headers.get("location")]]) {
    t0 = Date.now();
    const res = await fetch(base + path, { headers: { origin }, redirect: "manual" });
    add(good(res) ? ok(`sign-in ${path}`, `HTTP ${res.status}`) : failed(`sign-in ${path}`, `HTTP ${res.status}`), t0);
  }
  return out;
}

/** Runs the Worker check; resolves to the exit code (0 ok, 1 a row failed, 2 unreachable). */
export async function runWorkerCheck({ worker, origin, report, out, progress }) {
  let base;
  try {
    base = new URL(worker).origin;
  } catch {
    progress.write(`magisterium-a2a check: --worker ${worker} is not a URL.\n`);
    return 2;
  }
  const page = origin ?? base;
  const started = new Date().toISOString();
  let n = 0;
  const step = (row, ms) => progress.write(`[${++n}] ${row.what}: ${row.outcome}${row.reason ? ` (${row.reason})` : ""} ${ms} ms\n`);
  let found;
  let stopped = null;
  try {
    found = await rows(base, page, step);
  } catch (e) {
    found = [];
    stopped = `the Worker could not be reached (${e.cause?.code ?? e.message}): check the URL`;
  }
  return finish({ rows: found, stopped, started, target: base, report, out, progress, tool: "magisterium-a2a check --worker" });
}
