// Where a client method's time goes, beside @a2a-js/sdk, in headless Chromium (not part of
// bench/run.sh). Responses are built before each timed batch, so only the work after `fetch`
// resolves is measured; steps run in a fresh random order each round in one page. Prints median µs per call:
//
//   node bench/client-breakdown.mjs [--case "search 2 KB"] [--rounds 31]
//
//   parse           JSON.parse + pick: the floor of decodeResponse
//   decodeResponse  ours, from the body text
//   responseJson    Response.json() + pick: what @a2a-js/sdk does with the body
//   client          ours, the whole method
//   a2a             @a2a-js/sdk 0.3.14 A2AClient.sendMessage + pick
import { staticServer, withPage } from "./lib/browser.mjs";
import { bundleA2a } from "./lib/size.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const which = arg("--case", "search 2 KB");
const rounds = Number(arg("--rounds", "31"));
const port = 19004;

await bundleA2a();
const server = await staticServer(port);
try {
  await withPage(port, async (page) => {
    const out = await page.evaluate(
      ([which, rounds]) => import("/bench/page/breakdown.mjs").then((m) => m.runBreakdown(which, rounds)),
      [which, rounds],
    );
    const t = out.medianUs;
    const f = (x) => `${x.toFixed(1)} µs`;
    console.log(`${out.case}: median of ${out.rounds} rounds × ${out.calls} calls`);
    for (const [k, v] of Object.entries(t)) console.log(`  ${k.padEnd(15)} ${f(v)}`);
    console.log(`  client ÷ a2a ${(t.client / t.a2a).toFixed(2)}×`);
    console.log(`  decode over the floor (decodeResponse − parse): ${f(t.decodeResponse - t.parse)}`);
    console.log(`  the call around the decode (client − decodeResponse): ${f(t.client - t.decodeResponse)}`);
  });
} finally {
  server.close();
}
