// The in-browser half of bench/client-breakdown.mjs: where a client method's time goes, from the
// Response in hand to the typed result. Every Response is built before its batch is timed (a pool),
// so the numbers leave out `new Response(body)`, which the decode table of bench/run.sh includes.
import { decodeResponse } from "/pkg/index.js";
import { CASES, pick } from "./bodies.mjs";
import { MESSAGE_ID, inMemoryClients } from "./clients.mjs";
import { median, rng, shuffled } from "./sampling.mjs";

/** Median µs per call of each step for case `which`. */
export async function runBreakdown(which, rounds = 31) {
  const c = CASES.find((x) => x.name === which);
  if (!c) throw new Error(`no case ${which}`);
  const body = c.make(MESSAGE_ID);
  const bodyA2a = c.make(1);
  let pool = [];
  const next = () => Promise.resolve(pool.pop());
  const clients = inMemoryClients(c, next, next);
  const steps = {
    parse: { body, sync: true, run: () => pick(c.skill, JSON.parse(body)) },
    decodeResponse: { body, sync: true, run: () => decodeResponse(c.skill, body) },
    responseJson: { body, run: async () => pick(c.skill, await (await next()).json()) },
    client: { body, run: clients.ours },
    a2a: { body: bodyA2a, run: clients.a2a },
  };
  const n = body.length < 10_000 ? 200 : body.length < 100_000 ? 20 : 2;
  const names = Object.keys(steps);
  const times = Object.fromEntries(names.map((k) => [k, []]));
  let sink = 0;
  const batch = async (s) => {
    pool = [];
    for (let i = 0; i < n; i++) pool.push(new Response(s.body));
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const r = s.sync ? s.run() : await s.run();
      sink = (sink + (r?.task?.id?.length ?? 1)) | 0;
    }
    return ((performance.now() - t0) / n) * 1000;
  };
  for (let w = 0; w < 3; w++) for (const k of names) await batch(steps[k]);
  const random = rng(7);
  for (let r = 0; r < rounds; r++) {
    // A fresh random order each round: drift and GC (also the garbage of the step before) hit
    // every step alike.
    for (const k of shuffled(names, random)) times[k].push(await batch(steps[k]));
  }
  return { case: which, calls: n, rounds, sink, medianUs: Object.fromEntries(names.map((k) => [k, median(times[k])])) };
}
