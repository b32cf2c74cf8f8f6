// The mutations of fuzz/oauth-endpoints.mjs: a seeded PRNG and the ways a request is bent. A
// request is { method, path, query, headers: [[name, value], …], body: Buffer, note }; header
// values are latin1 strings (bytes), so UTF-8 and raw bytes go out as they are.

/** A seeded PRNG (mulberry32): the same seed gives the same mutations. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (xs) => xs[int(xs.length)];
  const bytes = (n) => Buffer.from(Array.from({ length: n }, () => int(256)));
  return { next, int, pick, bytes, chance: (p) => next() < p };
}

/** Bytes of a UTF-8 string as a latin1 string (how a header carries non-ASCII). */
const latin1 = (s) => Buffer.from(s, "utf8").toString("latin1");

/** Values that break readers: empty, huge, unicode, control bytes, numbers, injections. */
function nasty(r) {
  return r.pick([
    "",
    " ",
    "a".repeat(r.pick([256, 4096, 70_000])),
    "é💥\u202e\u0000\uffff",
    "%",
    "%zz%00%ff",
    "null",
    "undefined",
    "0",
    "-1",
    "1e309",
    "[]",
    "{}",
    "true",
    "http://evil.example/callback",
    "javascript:alert(1)",
    "../../../etc/passwd",
    "\r\nx-injected: 1",
    "<script>alert(1)</script>",
    "S256",
    "plain",
    "x".repeat(43),
    r.bytes(r.int(64)).toString("latin1"),
    "=?base64?" + "A".repeat(r.int(30)) + "?=",
  ]);
}

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "get", "PROPFIND", "X"];
export const PATHS = [
  "/mcp",
  "/mcp/",
  "/mcp-auth/authorize",
  "/mcp-auth/token",
  "/mcp-auth/register",
  "/mcp-auth/resume",
  "/mcp-auth/",
  "/mcp-auth/nothing",
  "/.well-known/oauth-authorization-server",
  "/.well-known/oauth-authorization-server/mcp",
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/mcp",
  "/.well-known/openid-configuration",
  "/auth/callback",
  "/auth/session",
  "/api/v1/a2a",
];

const header = (req, name) => req.headers.findIndex(([n]) => n.toLowerCase() === name);
function setHeader(req, name, value) {
  const i = header(req, name);
  if (i >= 0) req.headers[i] = [name, value];
  else req.headers.push([name, value]);
}
const dropHeader = (req, name) => { req.headers = req.headers.filter(([n]) => n.toLowerCase() !== name); };

/** Mutations of the query string or a form body (application/x-www-form-urlencoded). */
function mutateForm(r, text) {
  const pairs = [...new URLSearchParams(text)];
  switch (r.int(7)) {
    case 0: if (pairs.length) pairs.splice(r.int(pairs.length), 1); break; // a field missing
    case 1: if (pairs.length) pairs.push([r.pick(pairs)[0], nasty(r)]); break; // a field twice
    case 2: if (pairs.length) pairs[r.int(pairs.length)][1] = nasty(r); break;
    case 3: pairs.push([nasty(r), nasty(r)]); break;
    case 4: return r.bytes(r.int(200)).toString("latin1"); // raw bytes, not a form
    case 5: return text + "&" + "%" + r.bytes(2).toString("hex").slice(0, r.int(3)); // a broken escape
    default: if (pairs.length) { const p = pairs[r.int(pairs.length)]; p[1] = p[1].slice(0, r.int(p[1].length + 1)); }
  }
  return new URLSearchParams(pairs).toString();
}

/** Mutations of a JSON body: structural (members dropped, retyped, doubled by text) or raw. */
function mutateJson(r, text) {
  let doc;
  try { doc = JSON.parse(text); } catch { return text.slice(0, r.int(text.length + 1)); }
  // A body an earlier mutation made a string, number, boolean or null: wrapped, to bend further.
  if (doc === null || typeof doc !== "object") doc = { value: doc };
  const keys = Object.keys(doc);
  switch (r.int(8)) {
    case 0: if (keys.length) delete doc[r.pick(keys)]; break;
    case 1: if (keys.length) doc[r.pick(keys)] = r.pick([null, 0, -1, true, [], {}, nasty(r), [nasty(r)], { x: nasty(r) }]); break;
    case 2: if (keys.length) { const k = r.pick(keys); return text.replace(/}\s*$/, `,${JSON.stringify(k)}:${JSON.stringify(nasty(r))}}`); } break; // a duplicate key
    case 3: return JSON.stringify(r.pick([null, [], 1, "x", [doc, doc]]));
    case 4: { let deep = doc; for (let i = 0; i < r.pick([10, 200, 5000]); i++) deep = [deep]; return JSON.stringify(deep); }
    case 5: return text.slice(0, r.int(text.length));
    case 6: if (keys.length) { const k = r.pick(keys); const v = doc[k]; doc[k] = Array.isArray(v) ? Array(r.pick([2, 100, 2000])).fill(v[0] ?? nasty(r)) : nasty(r); } break;
    default: doc[nasty(r)] = nasty(r);
  }
  return JSON.stringify(doc);
}

/** Authorization values of every shape (the library's tokens are `user:grant:secret`). */
export function bearerShape(r, tokens) {
  const t = r.pick(tokens.length ? tokens : ["x"]);
  return r.pick([
    "",
    "Bearer",
    "Bearer ",
    `Bearer ${t}`,
    `bearer ${t}`,
    `BEARER  ${t}`,
    `Bearer ${t}x`,
    `Bearer ${t.slice(0, -1)}`,
    `Bearer ${t.split(":").reverse().join(":")}`,
    `Bearer ${t}:extra`,
    `Bearer ${t} ${t}`,
    `Basic ${Buffer.from(`${t}:`).toString("base64")}`,
    `Bearer ${nasty(r)}`,
    "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
    "Bearer ::",
    `Bearer ${"a:".repeat(r.int(50))}`,
    `DPoP ${t}`,
  ]);
}

/**
 * One to four mutations of `req` (a fresh copy). `ctx` holds the origins (allowed and not) and
 * the tokens seen, to put in headers.
 */
export function mutate(r, seed, ctx) {
  const req = { ...seed, headers: seed.headers.map((h) => [...h]), body: Buffer.from(seed.body ?? "") };
  const done = [];
  for (let n = 1 + r.int(4); n > 0; n--) {
    const kind = r.int(12);
    switch (kind) {
      case 0: req.method = r.pick(METHODS); done.push(`method ${req.method}`); break;
      case 1: {
        const p = r.int(6);
        if (p === 0) req.path = r.pick(PATHS);
        else if (p === 1) req.path += r.pick(["/", "/x", "//", "/..", "%2e%2e", ";x", "%00", "/%ff", "?"]);
        else if (p === 2) req.path = req.path.toUpperCase();
        else if (p === 3) req.path = "/" + encodeURIComponent(nasty(r)).slice(0, 2000);
        else if (p === 4) req.path = req.path.replace(/\//g, r.pick(["//", "/./", "%2f"])).replace(/^%2f|^\/\.\//, "/");
        else req.path = req.path + "/" + "a".repeat(r.pick([100, 8000]));
        done.push("path"); break;
      }
      case 2: req.query = mutateForm(r, req.query); done.push("query"); break;
      case 3: case 4: {
        const ct = (req.headers.find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "");
        const text = req.body.toString("latin1");
        if (r.chance(0.25)) req.body = r.chance(0.5) ? r.bytes(r.int(512)) : Buffer.from(nasty(r), "utf8");
        else if (/json/.test(ct)) req.body = Buffer.from(mutateJson(r, req.body.toString("utf8")), "utf8");
        else req.body = Buffer.from(mutateForm(r, text), "latin1");
        done.push("body"); break;
      }
      case 5: {
        const o = r.pick([...ctx.allowed, ...ctx.disallowed, "null", "", latin1("https://é.example"), ctx.base + "/", ctx.base.replace("127.0.0.1", "localhost"), `${ctx.base}, https://evil.example`]);
        if (o === "" && r.chance(0.5)) dropHeader(req, "origin");
        else if (r.chance(0.1)) req.headers.push(["origin", r.pick(ctx.disallowed)]); // twice
        else setHeader(req, "origin", o);
        done.push(`origin ${o}`); break;
      }
      case 6: setHeader(req, "authorization", bearerShape(r, ctx.tokens)); done.push("authorization"); break;
      case 7: {
        const ct = r.pick(["application/json", "application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "application/x-www-form-urlencoded; charset=\"\"", "", nasty(r), "*/*"]);
        if (r.chance(0.2)) dropHeader(req, "content-type"); else setHeader(req, "content-type", latin1(ct));
        done.push("content-type"); break;
      }
      case 8: {
        // A Content-Length other than the body's: shorter (the rest is left unread), or longer
        // (the Worker waits for bytes that never come; the client gives up).
        const len = req.body.length;
        const claimed = r.chance(0.7) ? r.int(len + 1) : len + 1 + r.int(100);
        req.contentLength = r.chance(0.1) ? r.pick(["-1", "abc", "1e3", "99999999999999999999"]) : String(claimed);
        done.push(`content-length ${req.contentLength} of ${len}`); break;
      }
      case 9: {
        // Host only as loopback names of this listener: on Cloudflare the edge routes by Host, so
        // no other name reaches the Worker (a rebinding name is origin.rs's rule, tested there).
        const port = new URL(ctx.base).port;
        const name = r.pick(["x-request-id", "cookie", "mcp-protocol-version", "mcp-method", "mcp-name", "accept", "a2a-version", "host"]);
        setHeader(req, name, name === "host" ? r.pick([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `127.0.0.2:${port}`]) : latin1(nasty(r)));
        done.push(name); break;
      }
      case 10: {
        // Any header twice but Host (a request with two is refused at the edge).
        const twice = req.headers.filter(([n]) => n.toLowerCase() !== "host");
        if (twice.length) { req.headers.push([...r.pick(twice)]); done.push("duplicate header"); }
        break;
      }
      default: if (req.headers.length) { req.headers.splice(r.int(req.headers.length), 1); done.push("header dropped"); }
    }
  }
  req.note = `${seed.note}: ${done.join(", ")}`;
  return req;
}
