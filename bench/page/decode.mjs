// The decode benchmark, for the page (bench/page/bench.mjs) and for Node (bench/lib/node-decode.mjs,
// which maps "/pkg/index.js" to pkg/node.js): every method of every case, interleaved round by round.
import { decodeResponse } from "/pkg/index.js";
import { CASES, pick } from "./bodies.mjs";
import { MESSAGE_ID, inMemoryClients } from "./clients.mjs";
import { median, quantile, rng, shuffled } from "./sampling.mjs";

const now = () => performance.now();

export let sink = 0; // keeps results alive so nothing is optimised away
export const consume = (r) => {
  sink = (sink + (r?.task?.id?.length ?? 1)) | 0;
};

/**
 * The methods compared; `sync` ones run in a plain loop, the others are awaited one by one. The
 * in-memory `fetch` answers with `new Response(string)` or with `new Response(bytes)` (a
 * `Uint8Array`): the two bodies a caller's `fetch` may hand back, read differently by the platform.
 */
export function methods(c, bodies) {
  const utf8 = (s) => new TextEncoder().encode(s);
  const bytes = { ours: utf8(bodies.ours), a2a: utf8(bodies.a2a) };
  const answer = (body) => () => Promise.resolve(new Response(body));
  const text = inMemoryClients(c, answer(bodies.ours), answer(bodies.a2a));
  const binary = inMemoryClients(c, answer(bytes.ours), answer(bytes.a2a));
  return [
    { id: "floor", label: "JSON.parse + pick (floor)", sync: true, run: () => pick(c.skill, JSON.parse(bodies.ours)) },
    { id: "decode", label: "ours: decodeResponse", sync: true, run: () => decodeResponse(c.skill, bodies.ours) },
    { id: "floor_fetch", label: "Response(string).json() + pick (fetch floor)", run: async () => pick(c.skill, await new Response(bodies.ours).json()) },
    { id: "client", label: `ours: client.${c.method} (in-memory fetch, string body)`, run: text.ours },
    { id: "a2a", label: "@a2a-js/sdk 0.3.14 A2AClient.sendMessage + pick (string body)", run: text.a2a },
    { id: "floor_fetch_bytes", label: "Response(bytes).json() + pick (fetch floor)", run: async () => pick(c.skill, await new Response(bytes.ours).json()) },
    { id: "client_bytes", label: `ours: client.${c.method} (in-memory fetch, bytes body)`, run: binary.ours },
    { id: "a2a_bytes", label: "@a2a-js/sdk 0.3.14 A2AClient.sendMessage + pick (bytes body)", run: binary.a2a },
  ];
}

/** Same typed result from every method (compared as JSON). */
async function check(c, ms) {
  const want = JSON.stringify(ms[0].run());
  const out = {};
  for (const m of ms) {
    const got = JSON.stringify(m.sync ? m.run() : await m.run());
    out[m.id] = got === want;
  }
  return out;
}

/**
 * Decode benchmark. `plan` per case: { batch, rounds, warmup }. Methods run interleaved, one batch
 * of each per round, so drift and GC hit them alike; the order is drawn afresh each round (seeded),
 * so no method always follows the same one and pays for its garbage. A sample is a batch's mean.
 */
export async function runDecode(plans) {
  const out = [];
  for (const c of CASES) {
    const plan = plans[c.name];
    if (!plan) continue;
    const bodies = { ours: c.make(MESSAGE_ID), a2a: c.make(1) };
    const ms = methods(c, bodies);
    const same = await check(c, ms);
    for (const m of ms) for (let i = 0; i < plan.warmup; i++) consume(m.sync ? m.run() : await m.run());
    const samples = Object.fromEntries(ms.map((m) => [m.id, []]));
    const random = rng(7);
    for (let r = 0; r < plan.rounds; r++) {
      for (const m of shuffled(ms, random)) {
        let t0, t1;
        if (m.sync) {
          t0 = now();
          for (let i = 0; i < plan.batch; i++) consume(m.run());
          t1 = now();
        } else {
          t0 = now();
          for (let i = 0; i < plan.batch; i++) consume(await m.run());
          t1 = now();
        }
        samples[m.id].push((t1 - t0) / plan.batch);
      }
      await new Promise((r) => setTimeout(r, 0)); // let the page breathe between rounds
    }
    // Ours ÷ @a2a-js/sdk round by round (each pair timed in the same round), for each body kind.
    const paired = (a, b) => median(samples[a].map((t, i) => t / samples[b][i]));
    out.push({
      case: c.name,
      skill: c.skill,
      bytes: new TextEncoder().encode(bodies.ours).length,
      batch: plan.batch,
      rounds: plan.rounds,
      paired: { client: paired("client", "a2a"), client_bytes: paired("client_bytes", "a2a_bytes") },
      methods: ms.map((m) => ({
        id: m.id,
        label: m.label,
        sameResult: same[m.id],
        medianMs: median(samples[m.id]),
        p10Ms: quantile(samples[m.id], 0.1),
        p90Ms: quantile(samples[m.id], 0.9),
      })),
    });
  }
  return { cases: out, sink };
}

