// A/B of two builds of pkg/ in one run: the same case and method, alternating builds round by
// round in fresh pages, median µs per call of each. For checking one change without the noise
// of two separate bench runs on a shared machine:
//
//   node bench/ab.mjs <pkgDirA> <pkgDirB> [--case "qa 50 KB (40 citations)"] [--method decode|client] [--iterations N] [--rounds R]
import { staticServer, withPage } from "./lib/browser.mjs";
import { bundleA2a } from "./lib/size.mjs";
import { median } from "./lib/util.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const [dirA, dirB] = process.argv.slice(2, 4);
const which = arg("--case", "search 2 KB");
const method = arg("--method", "decode");
const iterations = Number(arg("--iterations", "2000"));
const rounds = Number(arg("--rounds", "7"));

await bundleA2a();
const times = { A: [], B: [] };
for (let r = 0; r < rounds; r++) {
  for (const [label, dir] of r % 2 ? [["B", dirB], ["A", dirA]] : [["A", dirA], ["B", dirB]]) {
    const server = await staticServer(19003, { pkgDir: dir });
    try {
      await withPage(19003, async (page) => {
        await page.evaluate(({ which, method }) => window.prepareProfile(which, method), { which, method });
        const ms = await page.evaluate((n) => window.runProfile(n), iterations);
        times[label].push((ms / iterations) * 1000);
      });
    } finally {
      server.close();
    }
  }
}
const a = median(times.A);
const b = median(times.B);
console.log(`${which} / ${method}: A ${a.toFixed(1)} µs, B ${b.toFixed(1)} µs per call (median of ${rounds}); B/A = ${(b / a).toFixed(3)}`);
