// A2A 1.0's ListTasks on the Worker, in real workerd with its Durable Objects: the list is the
// Worker's own record of the tasks made through it (src/tasks.rs), per account, and per anonymous
// session (its HttpOnly cookie `a2a-visitor`, set by a 1.0 answer); never an upstream call. The demo's Worker (the
// stand-in behind it, sign-in against the emulated issuer, anonymous calls allowed) for isolation,
// pages and tasks the service lost (a restart on the same state: the stand-in's tasks are gone,
// the records are not); the proxy in front of the fault server's /by-query (a 0.2.6 upstream) for
// a listing that costs no upstream call and a task the upstream answers TaskNotFound for.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { CookieJar, FAULT_URL, PROXY_TOKEN, port, root, startWrangler } from "./helpers.mjs";
import { startIssuer } from "../servers/oauth-issuer.mjs";

const DEMO_PORT = port(18850);
const PROXY_PORT = port(18851);
let issuer, demo, proxy;

const startDemo = (state) =>
  startWrangler(root, DEMO_PORT, ["--var", `OAUTH_ISSUER:${issuer.url}`, "--var", "ALLOW_ANONYMOUS:on"], "/auth/session", { state });

before(async () => {
  issuer = await startIssuer({ port: port(18852) });
  demo = await startDemo();
  proxy = await startWrangler(root, PROXY_PORT, [
    "-c", "wrangler.proxy.toml", "--var", `UPSTREAM_URL:${FAULT_URL}/by-query`, "--var", "CACHE_ANSWERS:off",
    "--var", "OAUTH_ISSUER:", "--var", "ALLOW_ANONYMOUS:on", "--var", `MAGISTERIUM_TOKEN:${PROXY_TOKEN}`, "--var", "PROXY_RATE_LIMITS:off",
  ], "/auth/session");
});

after(async () => {
  demo?.stop();
  proxy?.stop();
  await issuer?.close();
});

/** One JSON-RPC call to the Worker on `port`: 1.0 unless `legacy`; with `cookie`. */
async function call(port, method, params, { cookie, legacy = false } = {}) {
  const headers = { "content-type": "application/json", ...(legacy ? {} : { "a2a-version": "1.0" }), ...(cookie ? { cookie } : {}) };
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/a2a`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return { status: res.status, json: await res.json(), setCookie: res.headers.getSetCookie() };
}

const message = (text, extra = {}) => ({
  message: { role: "ROLE_USER", messageId: crypto.randomUUID(), parts: [{ text }], metadata: { skillId: "document_search" }, ...extra },
});

/** A 1.0 task made on `port` for `cookie`: its id and context. */
async function created(port, cookie, extra) {
  const { json } = await call(port, "SendMessage", message("just wage", extra), { cookie });
  assert.ok(json.result?.task?.id, JSON.stringify(json));
  return json.result.task;
}

const list = async (port, params, cookie) => (await call(port, "ListTasks", params, { cookie })).json;
const ids = (answer) => answer.result.tasks.map((t) => t.id);

/** The session cookie of an anonymous visitor, from an answer's `Set-Cookie`. */
function visitorCookie(setCookie) {
  const line = setCookie.find((c) => c.startsWith("a2a-visitor="));
  assert.ok(line, `a session cookie in ${setCookie}`);
  assert.match(line, /; HttpOnly/);
  assert.match(line, /Max-Age=86400/);
  return line.split(";")[0];
}

/** Signs `sub` in through the Worker on `port` and the issuer (every redirect by hand); the
 *  session's cookie. */
async function signIn(port, sub) {
  issuer.user = sub;
  const site = `http://127.0.0.1:${port}`;
  const jar = new CookieJar();
  const hop = async (url) => {
    const toWorker = new URL(url).origin === site;
    const res = await fetch(url, { redirect: "manual", headers: toWorker && jar.header() ? { cookie: jar.header() } : {} });
    assert.equal(res.status, 302, `${url}: ${await res.text()}`);
    return toWorker ? jar.take(res) : res;
  };
  const login = await hop(`${site}/auth/login`);
  const authorize = await hop(login.headers.get("location"));
  await hop(authorize.headers.get("location"));
  assert.ok(jar.get("mag_session"), "a session cookie");
  return `mag_session=${jar.get("mag_session")}`;
}

const accounts = {};

test("two accounts: each lists only its own tasks, most recent first, page by page", async () => {
  accounts.alice = await signIn(DEMO_PORT, "alice");
  accounts.bob = await signIn(DEMO_PORT, "bob");
  const alice = [];
  for (let i = 0; i < 3; i++) alice.push((await created(DEMO_PORT, accounts.alice)).id);
  const bob = [(await created(DEMO_PORT, accounts.bob)).id, (await created(DEMO_PORT, accounts.bob)).id];

  const all = await list(DEMO_PORT, {}, accounts.alice);
  assert.deepEqual(new Set(ids(all)), new Set(alice));
  assert.equal(all.result.totalSize, 3);
  assert.equal(all.result.pageSize, 50);
  assert.equal(all.result.nextPageToken, "");
  const times = all.result.tasks.map((t) => Date.parse(t.status.timestamp));
  assert.deepEqual(times, [...times].sort((a, b) => b - a), "most recent first");
  for (const task of all.result.tasks) {
    assert.equal(task.status.state, "TASK_STATE_COMPLETED");
    assert.equal(task.artifacts, undefined, "no artifacts unless asked (and the record keeps none)");
  }
  assert.deepEqual(new Set(ids(await list(DEMO_PORT, {}, accounts.bob))), new Set(bob));

  const first = await list(DEMO_PORT, { pageSize: 2 }, accounts.alice);
  assert.equal(first.result.tasks.length, 2);
  assert.equal(first.result.totalSize, 3);
  assert.notEqual(first.result.nextPageToken, "");
  const second = await list(DEMO_PORT, { pageSize: 2, pageToken: first.result.nextPageToken }, accounts.alice);
  assert.equal(second.result.nextPageToken, "");
  assert.deepEqual([...ids(first), ...ids(second)], ids(all));
  // Alice's token in Bob's listing, and a page size the spec does not allow: invalid params.
  const stolen = await list(DEMO_PORT, { pageSize: 2, pageToken: first.result.nextPageToken }, accounts.bob);
  assert.equal(stolen.error?.code, -32602);
  assert.equal((await list(DEMO_PORT, { pageSize: 101 }, accounts.alice)).error?.code, -32602);
});

test("anonymous visitors: each session (its cookie) lists only its own tasks, through either door", async () => {
  const a = await call(DEMO_PORT, "SendMessage", message("just wage"));
  const cookieA = visitorCookie(a.setCookie);
  const b = await call(DEMO_PORT, "SendMessage", message("grace"));
  const cookieB = visitorCookie(b.setCookie);
  assert.notEqual(cookieA, cookieB);
  // The 0.2.6 path records too, in the session its cookie names; its answers never set a cookie
  // (`magisterium-a2a check` holds a deployment to that), so without one it is nobody's.
  const legacyMessage = () => ({
    message: { role: "user", kind: "message", messageId: crypto.randomUUID(), parts: [{ kind: "text", text: "liturgy" }], metadata: { skillId: "document_search" } },
  });
  const legacy = await call(DEMO_PORT, "message/send", legacyMessage(), { cookie: cookieA, legacy: true });
  assert.equal(legacy.json.result.kind, "task");
  assert.deepEqual(legacy.setCookie, []);
  const nobodys = await call(DEMO_PORT, "message/send", legacyMessage(), { legacy: true });
  assert.deepEqual(nobodys.setCookie, []);
  const context = a.json.result.task.contextId;
  const joined = await created(DEMO_PORT, cookieA, { contextId: context });

  const listedA = await list(DEMO_PORT, {}, cookieA);
  assert.deepEqual(new Set(ids(listedA)), new Set([a.json.result.task.id, legacy.json.result.id, joined.id]));
  assert.deepEqual(ids(await list(DEMO_PORT, {}, cookieB)), [b.json.result.task.id]);
  const sameContext = await list(DEMO_PORT, { contextId: context }, cookieA);
  const inContext = listedA.result.tasks.filter((t) => t.contextId === context).map((t) => t.id);
  assert.ok(inContext.includes(a.json.result.task.id));
  assert.deepEqual(ids(sameContext), inContext);
  // Nobody else's: no cookie, a made-up session, a signed-in account.
  for (const cookie of [undefined, `a2a-visitor=${crypto.randomUUID()}`, accounts.alice]) {
    const seen = ids(await list(DEMO_PORT, {}, cookie));
    for (const id of [...ids(listedA), b.json.result.task.id, nobodys.json.result.id]) assert.ok(!seen.includes(id), `${cookie} sees ${id}`);
  }
});

test("a task the service lost (a restart: the stand-in's tasks are gone, the records are not) is dropped when looked up", async () => {
  const before = ids(await list(DEMO_PORT, {}, accounts.alice));
  assert.equal(before.length, 3);
  demo.stop();
  await demo.exited;
  demo = await startDemo(demo.state);
  assert.deepEqual(ids(await list(DEMO_PORT, {}, accounts.alice)), before, "the records outlive the isolate");
  const [gone, named, kept] = before;
  const got = await call(DEMO_PORT, "GetTask", { id: gone }, { cookie: accounts.alice });
  assert.equal(got.json.error?.code, -32001);
  // A message naming a lost task is looked up the same way.
  const more = await call(DEMO_PORT, "SendMessage", message("more", { taskId: named }), { cookie: accounts.alice });
  assert.equal(more.json.error?.code, -32001);
  assert.deepEqual(ids(await list(DEMO_PORT, {}, accounts.alice)), [kept]);
});

test("through the proxy: a 0.2.6 upstream's task is listed without any upstream call, and dropped once the upstream has lost it", async () => {
  const upstreamCalls = async () => (await (await fetch(`${FAULT_URL}/__count/by-query`)).json()).count;
  const sent = await call(PROXY_PORT, "SendMessage", message("scenario:fixture:task_dropped"));
  assert.equal(sent.status, 200, JSON.stringify(sent.json));
  const cookie = visitorCookie(sent.setCookie);
  const calls = await upstreamCalls();
  const listed = await list(PROXY_PORT, { pageSize: 1 }, cookie);
  assert.deepEqual(ids(listed), ["scenario:tasknotfound:list-tasks"]);
  assert.equal(listed.result.tasks[0].contextId, "ctx-dropped");
  assert.equal(listed.result.tasks[0].metadata.skillId, "document_search");
  assert.equal(await upstreamCalls(), calls, "a listing never calls upstream");
  // The upstream no longer has it (TaskNotFound, -32001): the record goes.
  const got = await call(PROXY_PORT, "GetTask", { id: "scenario:tasknotfound:list-tasks" }, { cookie });
  assert.equal(got.json.error?.code, -32001);
  assert.deepEqual(ids(await list(PROXY_PORT, {}, cookie)), []);
});
