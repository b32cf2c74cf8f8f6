// The floor for any proxy in workerd: forwards the request body to UPSTREAM_URL with the token and
// returns the upstream's answer. No checks, no limits, no logging, nothing else.
export default {
  async fetch(request, env) {
    const upstream = await fetch(env.UPSTREAM_URL, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${env.MAGISTERIUM_TOKEN}` },
      body: request.body,
    });
    return new Response(upstream.body, { status: upstream.status, headers: { "content-type": "application/json" } });
  },
};
