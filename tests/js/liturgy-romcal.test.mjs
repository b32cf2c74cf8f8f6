// The offline calendar against romcal 3 (the JavaScript library people use for this), day by day
// for 2025–2035. Every difference must fall in a class named here, with the norm that decides it,
// and each class must cover exactly the days counted: any new difference fails.
import { test } from "node:test";
import assert from "node:assert/strict";
import Romcal from "romcal";
import { GeneralRoman_En } from "@romcal/calendar.general-roman";
import * as cal from "../../pkg/liturgy/node.js";

import { CLASSES, facets } from "./romcal-classes.mjs";

test("every day of 2025–2035 agrees with romcal, or differs in a named class", async () => {
  const romcal = new Romcal({ localizedCalendar: GeneralRoman_En });
  const seen = new Map(CLASSES.map((c) => [c, new Set()]));
  const unexplained = [];
  let days = 0;
  let agree = 0;
  let sameCelebration = 0;
  for (let year = 2025; year <= 2035; year++) {
    for (const [date, list] of Object.entries(await romcal.generateCalendar(year))) {
      days++;
      const o = cal.liturgicalDay(date);
      assert.equal(o.date, date);
      const differ = facets(o, list);
      if (differ.length === 0) agree++;
      if (!differ.includes("id")) sameCelebration++;
      for (const f of differ) {
        const c = CLASSES.find((k) => k.explains(f, date, o, list[0], list));
        if (c) seen.get(c).add(date);
        else unexplained.push(`${date} ${f}: ours ${JSON.stringify(o.celebration)} ${o.psalterWeek} [${o.optional.map((x) => x.id)}]; romcal ${list.map((x) => `${x.id}/${x.rank}/${x.colors}/${x.cycles.psalterWeek}`).join(", ")}`);
      }
    }
  }
  assert.equal(days, 4017);
  assert.deepEqual(unexplained, [], "differences in no class");
  for (const [c, dates] of seen) assert.equal(dates.size, c.days, `${c.name} (${c.norm}): ${[...dates].join(" ")}`);
  console.log(`romcal: ${agree} of ${days} days agree on every facet; the celebration agrees on ${sameCelebration} (${((100 * sameCelebration) / days).toFixed(1)} %)`);
});
