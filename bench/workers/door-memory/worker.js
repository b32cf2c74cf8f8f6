// The proxy's real entry (crates/worker/entry.js with dist/pkg-proxy) plus one read-only probe for
// bench/door-memory.mjs: GET /__wasm-memory answers the size of the Worker's wasm linear memory
// (it only grows, so it is the isolate's peak so far). Every other request goes to the real entry.
import worker from "../../../crates/worker/entry.js";
import { initSync } from "../../../dist/pkg-proxy/magisterium_worker.js";
import wasm from "../../../dist/pkg-proxy/magisterium_worker_bg.wasm";

export { UpstreamBudget, Session, ClientRegistration } from "../../../crates/worker/entry.js";

// The entry already initialised the module; initSync then hands back the same instance.
const instance = initSync({ module: wasm });

export default {
  async fetch(request, env, ctx) {
    if (new URL(request.url).pathname === "/__wasm-memory") {
      return Response.json({ bytes: instance.memory.buffer.byteLength });
    }
    return worker.fetch(request, env, ctx);
  },
};
