// The naive pass-through Worker with the proxy's bindings (../naive-bound/worker.js) behind one
// Cache API lookup per request, as the proxy's answer cache makes one: a hit is answered from the
// cache, a miss forwarded and its answer stored after the response (`waitUntil`), for a minute.
import naive from "../naive/worker.js";

export { Session, UpstreamBudget, ClientRegistration } from "../naive-bound/worker.js";

export default {
  async fetch(request, env, ctx) {
    const body = await request.text();
    const key = new Request(`https://naive-bound-cache.invalid/${body.length}`);
    const hit = await caches.default.match(key);
    if (hit) return hit;
    const forwarded = new Request(request.url, { method: "POST", headers: request.headers, body });
    const upstream = await naive.fetch(forwarded, env);
    const answer = new Response(await upstream.text(), { status: upstream.status, headers: { "content-type": "application/json", "cache-control": "max-age=60" } });
    ctx.waitUntil(caches.default.put(key, answer.clone()));
    return answer;
  },
};
