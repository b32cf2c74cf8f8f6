// The real Worker (src/worker/entry.js) with its per-request log line muted: run beside it in the
// proxy benchmark to show how much of its cost under `wrangler dev` is that one console.log
// (which wrangler dev ships over the inspector to its node process).
import worker from "../../../src/worker/entry.js";

console.log = () => {};

export default worker;
