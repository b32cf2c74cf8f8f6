// The Cloudflare Worker: module wiring only. Every request is answered by the Rust `fetch`
// (crates/worker/src/entry.rs); sign-in is auth.js (oauth4webapi), which it calls. The wasm package is
// "magisterium-worker" (each wrangler config's [alias]: the demo's with the stand-in, or the proxy
// alone), instantiated once at global scope.
import { fetch, inProcess, authSettings, UpstreamBudget } from "magisterium-worker";
import { signIn } from "./auth.js";

const { createAuth, Session } = signIn(inProcess, authSettings);

// The Durable Object classes: one per sign-in, one per upstream account.
export { Session, UpstreamBudget };

export default {
  fetch: (request, env, ctx) => fetch(request, env, ctx, createAuth),
};
