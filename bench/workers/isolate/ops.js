// Single platform operations the proxy's entry performs, each run 20 times per call, so
// bench/workerd-ops.mjs can time them inside workerd the way the isolate bench times handlers:
// what a Response's headers cost as an object or as pairs, a Request, a time budget, a URL, a
// header lookup, a wasm call (the sign-in settings of an env) and a string decode.
import { authSettings } from "magisterium-worker";

const REPEAT = 20;
const HEADERS = { "content-type": "application/json", "cache-control": "no-store", vary: "Origin", "x-magisterium-agent": "proxy", "x-request-id": "abc", "x-content-type-options": "nosniff" };
const PAIRS = Object.entries(HEADERS);
const BODY = new Uint8Array(600);
const decoder = new TextDecoder();

/** The operations by name; each gets the harness's request and env. `noop` is the loop's own
 *  cost, taken off the others. */
export function operations() {
  const ops = {
    noop: () => {},
    responseHeadersObject: () => new Response(BODY, { status: 200, headers: HEADERS }),
    responseHeadersPairs: () => new Response(BODY, { status: 200, headers: PAIRS }),
    request4Headers: () => new Request("http://127.0.0.1:1/x", { method: "POST", headers: { accept: "application/json", "x-request-id": "abc", "content-type": "application/json", authorization: "Bearer x" }, body: BODY, redirect: "manual" }),
    abortSignalTimeout: () => AbortSignal.timeout(15_000),
    abortControllerAndTimer: () => {
      const controller = new AbortController();
      clearTimeout(setTimeout(() => controller.abort(), 15_000));
    },
    newUrl: (request) => new URL(request.url),
    headersGet: (request) => request.headers.get("content-type"),
    wasmCall: (_request, env) => authSettings(env),
    textDecode40Bytes: () => decoder.decode(BODY.subarray(0, 40)),
  };
  return Object.fromEntries(Object.entries(ops).map(([name, op]) => [name, {
    async fetch(request, env) {
      for (let i = 0; i < REPEAT; i++) op(request, env);
      return new Response("{}", { status: 200 });
    },
  }]));
}

export const OPS_REPEAT = REPEAT;
