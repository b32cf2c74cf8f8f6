// The Cloudflare Worker entry: reads the request (body capped while streaming), hands it to the
// Rust app, writes back its answer; static assets (the demo page and pkg/) come from ASSETS.
import { initSync, WorkerApp } from "../../dist/pkg-worker/magisterium_a2a.js";
import wasm from "../../dist/pkg-worker/magisterium_a2a_bg.wasm";

initSync({ module: wasm });
const app = new WorkerApp();

const tooLarge = (max) =>
  new Response(
    JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message: `Request body larger than ${max} bytes` } }),
    { status: 413, headers: { "content-type": "application/json", "cache-control": "no-store" } },
  );

/** The body, or null once it passes `max` bytes (counted on the stream, whatever Content-Length says). */
async function readCapped(request, max) {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    body.set(c, offset);
    offset += c.byteLength;
  }
  return body;
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (!WorkerApp.isApiPath(url.pathname)) {
      return env.ASSETS ? env.ASSETS.fetch(request) : new Response("not found", { status: 404 });
    }
    const max = WorkerApp.maxBodyBytes(env);
    const body = request.method === "POST" ? await readCapped(request, max) : new Uint8Array(0);
    if (body === null) return tooLarge(max);
    const answer = app.handle(
      {
        method: request.method,
        path: url.pathname,
        origin: url.origin,
        headers: [...request.headers],
        body,
        clientKey: request.headers.get("cf-connecting-ip") ?? "local",
        nowMs: Date.now(),
      },
      env,
    );
    if (answer === null) return env.ASSETS.fetch(request);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  },
};
