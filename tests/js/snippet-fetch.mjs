// Preloaded (`node --import`) into a process that runs a snippet of the demo page's code panel:
// the snippet runs unchanged, only its network is pointed at the stand-in.
// - The page's relative endpoint ("/api/v1/a2a") resolves against SNIPPET_BASE, as it would in a
//   page served by the Worker; calls to the real service's endpoint go to SNIPPET_BASE too, and so
//   do calls to the origins of SNIPPET_ORIGINS (space-separated placeholders such as
//   https://your-app.example, the path kept); any other URL fails (nothing leaves the loopback
//   interface).
// - Every JSON-RPC exchange is appended to SNIPPET_LOG as a JSON line { url, request, status, response }.
// - With SNIPPET_REPLAY (a JSON-RPC response body), no request is sent: that body answers, with the
//   request's id, so the snippet can be run on exactly the answer the page received.
import { appendFileSync } from "node:fs";

const BASE = new URL(process.env.SNIPPET_BASE);
const SERVICE = "https://www.magisterium.com/api/v1/a2a";
const ALIASES = new Set((process.env.SNIPPET_ORIGINS ?? "").split(" ").filter(Boolean));
// A browser snippet runs as in a page served by the Worker: it has that page's location.
if (process.env.SNIPPET_PAGE) Object.defineProperty(globalThis, "location", { value: new URL(BASE.href), configurable: true });
const realFetch = globalThis.fetch;
const RealRequest = globalThis.Request;

function target(url) {
  const resolved = new URL(url, BASE);
  if (resolved.href === SERVICE) return new URL("/api/v1/a2a", BASE);
  if (ALIASES.has(resolved.origin)) return new URL(resolved.pathname + resolved.search, BASE);
  if (resolved.origin !== BASE.origin) throw new TypeError(`snippet-fetch: refused ${resolved.href}`);
  return resolved;
}

globalThis.Request = class Request extends RealRequest {
  constructor(input, init) {
    super(typeof input === "string" || input instanceof URL ? target(input) : input, init);
  }
};

globalThis.fetch = async (input, init = {}) => {
  // A Request made by the snippet went through the Request class above: its URL is already the target.
  if (input instanceof RealRequest) target(input.url);
  const request = input instanceof RealRequest ? input : new globalThis.Request(input, init);
  const body = await request.clone().text();
  let status;
  let text;
  if (process.env.SNIPPET_REPLAY) {
    const answer = JSON.parse(process.env.SNIPPET_REPLAY);
    answer.id = JSON.parse(body).id;
    status = 200;
    text = JSON.stringify(answer);
  } else {
    const response = await realFetch(request);
    status = response.status;
    text = await response.text();
  }
  appendFileSync(process.env.SNIPPET_LOG, `${JSON.stringify({ url: request.url, request: body, status, response: text })}\n`);
  return new Response(text, { status, headers: { "content-type": "application/json" } });
};
