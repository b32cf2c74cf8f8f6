// The Cloudflare Worker: module wiring only. Every request is answered by the Rust `fetch`
// (crates/worker/src/workerd/entry.rs); sign-in is auth.js (oauth4webapi), and MCP authorization
// mcp-auth.js (@cloudflare/workers-oauth-provider), which it calls. The wasm package is
// "magisterium-worker" (each wrangler config's [alias]: the demo's with the stand-in, or the proxy
// alone), instantiated once at global scope.
import { DurableObject } from "cloudflare:workers";
import { fetch, inProcess, authSettings, afterRefreshFailure, Credential, BudgetWindows, TaskBook } from "magisterium-worker";
import { signIn } from "./auth.js";
import { withMcp } from "./mcp-auth.js";

const { createAuth, Session, ClientRegistration } = signIn({ inProcess, authSettings, afterRefreshFailure, Credential });
/** Sign-in for a site, with MCP authorization (mcp-auth.js) on it. */
const createSiteAuth = (env, site) => withMcp(createAuth(env, site), env, site);

/** One upstream account's budget (src/workerd/budget_object.rs keeps it, in memory and in the object's
 *  SQLite storage, and decides everything), and the cache keys its calls are filling
 *  (src/workerd/fills_object.rs); the Worker calls `take` and `filled` over RPC. */
export class UpstreamBudget extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.windows = new BudgetWindows(ctx, env);
    this.tasks = new TaskBook(ctx);
  }

  /** Takes one call of `client`: when it may go, `{ lease, at }` (the calls leased with it, up to
   *  `want`, limits/budget.rs "Leases"; the time the grant counts at), else `{ pool, retryAfterSeconds, limit }`. Throws when the calls it
   *  let through could not be written: the call must not go (budget_object.rs). With the cache
   *  `key` of a miss: one call of the key at a time (limits/fills.rs); the one let through also
   *  gets `fill`, others wait for its cache entry, or `false` when it kept none. */
  take(client, isQa, want, key) {
    return this.windows.takeKey(client, isQa, want, key);
  }

  /** The call that holds `key` as `fill` is done: `entry` is what it keeps in the cache (null:
   *  nothing), handed to the calls waiting for it. */
  filled(key, fill, entry) {
    this.windows.filled(key, fill, entry);
  }

  /** Gives back the call of `client` granted at `at` (the `at` of `take`'s answer), which the
   *  service refused as unauthorized (limits/budget.rs, `give_back`). */
  giveBack(client, isQa, at) {
    this.windows.giveBack(client, isQa, at);
  }

  /** The account's records of the tasks made through the Worker, for ListTasks
   *  (src/workerd/task_book.rs): keep one, drop one, read an owner's (a JSON array). */
  recordTask(owner, record) {
    this.tasks.record(owner, record);
  }

  forgetTask(owner, id) {
    this.tasks.forget(owner, id);
  }

  tasksOf(owner) {
    return this.tasks.of(owner);
  }
}

// The Durable Object classes: one per sign-in, one per upstream account, one per issuer's client.
export { Session, ClientRegistration };

export default {
  fetch: (request, env, ctx) => fetch(request, env, ctx, createSiteAuth),
};
