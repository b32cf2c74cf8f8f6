// The naive pass-through Worker (bench/workers/naive/) with single features of the real proxy
// switched on by the path, to see what each costs under load (bench/proxy-variants.mjs). The path
// names the features, joined by "-": reqab (read the request body with arrayBuffer() before
// forwarding it), resab (the same for the upstream answer), timeout (AbortSignal.timeout on the
// upstream call), manual (redirect: "manual"), hdrs (the proxy's extra upstream headers), cors
// (the proxy's extra response headers), reshdrs (reading the upstream's headers). "/naive" is
// none of them.
export default {
  async fetch(request, env) {
    const on = new Set(new URL(request.url).pathname.slice(1).split("-"));
    let body = request.body;
    if (on.has("reqab")) body = new Uint8Array(await request.arrayBuffer());
    const init = { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${env.MAGISTERIUM_TOKEN}` }, body };
    if (on.has("timeout")) init.signal = AbortSignal.timeout(15_000);
    if (on.has("manual")) init.redirect = "manual";
    if (on.has("hdrs")) Object.assign(init.headers, { accept: "application/json", "x-request-id": crypto.randomUUID() });
    const upstream = await fetch(env.UPSTREAM_URL, init);
    let out = upstream.body;
    if (on.has("resab")) out = new Uint8Array(await upstream.arrayBuffer());
    if (on.has("reshdrs")) for (const name of ["retry-after", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "x-ratelimit-limit", "x-ratelimit-remaining", "retry-after-ms"]) upstream.headers.get(name);
    const headers = { "content-type": "application/json" };
    if (on.has("cors")) Object.assign(headers, { "cache-control": "no-store", vary: "Origin", "x-magisterium-agent": "proxy", "x-request-id": "abc" });
    return new Response(out, { status: upstream.status, headers });
  },
};
