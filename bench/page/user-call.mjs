// The in-page (and in-Node) half of bench/user-call.mjs: calls made one at a time, as a user's app
// makes them, each timed alone from the method's call to the result read. The injected `fetch` of
// both clients answers with `new Response(bytes)` (a `Uint8Array` made once), and between two calls
// the app yields to the event loop (a `setTimeout(0)`), so nothing is batched and a timer or task
// hop inside a call is not hidden by the next call's work. Our client keeps its defaults (retries,
// timeout, abort guard) as a new user's would; @a2a-js/sdk 0.3.14's `A2AClient.sendMessage` is
// called with the same message and its answer picked into the same typed result (`clients.mjs`);
// both results are then read whole, as an app reads them. Each call is also split at its fetch:
// the median time before the fetch is called, and after its Response is made. With `withLength`,
// each Response also declares its `Content-Length`, as a server's uncompressed answer does.
import { CASES } from "./bodies.mjs";
import { inMemoryClients, MESSAGE_ID } from "./clients.mjs";
import { median, quantile, rng } from "./sampling.mjs";

const yieldToLoop = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `n` calls of each client for case `which`, in a random order of pairs: µs per call. */
export async function runUserCalls(which, n = 300, warmup = 30, withLength = false) {
  const c = CASES.find((x) => x.name === which);
  if (!c) throw new Error(`no case ${which}`);
  const utf8 = (s) => new TextEncoder().encode(s);
  const bytes = { ours: utf8(c.make(MESSAGE_ID)), a2a: utf8(c.make(1)) };
  // When each client called its fetch and got its Response: the call splits into its part before
  // the fetch (options, the request), the Response made, and its part after (body, result).
  let fetched = 0;
  let answered = 0;
  const answer = async (body) => {
    fetched = performance.now();
    const init = withLength ? { headers: { "content-length": String(body.byteLength) } } : undefined;
    const response = new Response(body, init);
    answered = performance.now();
    return response;
  };
  const clients = inMemoryClients(c, () => answer(bytes.ours), () => answer(bytes.a2a));
  const read = (result) => JSON.stringify(result).length; // the app reads every member
  const times = { ours: [], a2a: [] };
  const parts = { ours: { before: [], after: [] }, a2a: { before: [], after: [] } };
  const random = rng(11);
  for (let i = 0; i < warmup + n; i++) {
    const order = random() < 0.5 ? ["ours", "a2a"] : ["a2a", "ours"];
    for (const k of order) {
      await yieldToLoop();
      const t0 = performance.now();
      const result = await clients[k]();
      read(result);
      const t1 = performance.now();
      if (i >= warmup) {
        times[k].push((t1 - t0) * 1000);
        parts[k].before.push((fetched - t0) * 1000);
        parts[k].after.push((t1 - answered) * 1000);
      }
    }
  }
  const stats = (k) => ({
    medianUs: median(times[k]),
    p90Us: quantile(times[k], 0.9),
    beforeFetchUs: median(parts[k].before),
    afterResponseUs: median(parts[k].after),
  });
  const ours = stats("ours");
  const a2a = stats("a2a");
  return { case: which, calls: n, withLength, ours, a2a, ratio: ours.medianUs / a2a.medianUs };
}
