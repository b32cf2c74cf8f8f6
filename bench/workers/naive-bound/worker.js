// The naive pass-through Worker (../naive/worker.js) with the proxy's platform bindings: its three
// Durable Object classes (empty here), declared as wrangler.proxy.toml
// declares them. The start-up bench runs it to tell what the bindings cost a first request
// under `wrangler dev` from what the proxy's own code costs.
import { DurableObject } from "cloudflare:workers";
import naive from "../naive/worker.js";

export class Session extends DurableObject {}
export class UpstreamBudget extends DurableObject {}
export class ClientRegistration extends DurableObject {}

export default naive;
