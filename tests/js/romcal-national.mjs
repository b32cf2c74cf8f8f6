// What the two national cross-checks share (liturgy-romcal-national.test.mjs and
// liturgy-romcal-national-more.test.mjs): the test that walks 2025–2035 day by day against romcal's
// national calendar, and the days a Sunday transfer of ours moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import Romcal from "romcal";
import * as cal from "../../pkg/liturgy/node.js";
import { CLASSES, facets } from "./romcal-classes.mjs";

/** Sunday transfers of the Epiphany, the Ascension and Corpus Christi that romcal's calendar lacks
 *  (with the Baptism of the Lord on the Monday after an Epiphany kept on January 7 or 8, and the
 *  weekdays after an Epiphany kept before January 6). */
const TRANSFERRED = ["epiphany_of_the_lord", "ascension_of_the_lord", "most_holy_body_and_blood_of_christ", "baptism_of_the_lord"];
export const movedByUs = (o, list) => TRANSFERRED.includes(o.celebration.id) || TRANSFERRED.includes(list[0].id) || /^(christmas_time_january_\d|\w+_after_epiphany)$/.test(o.celebration.id);

/** One test per calendar: every day of 2025–2035 of our calendar `id` against romcal's `localized`
 *  calendar; each difference in one of the universal classes or of `national`, and the days per
 *  class exactly `expected[id]`. */
export function crossCheck(calendars, national, expected) {
  for (const [id, localized] of calendars) {
    test(`${id}: every day of 2025–2035 agrees with romcal, or differs in a named class`, async () => {
      const romcal = new Romcal({ localizedCalendar: localized });
      const classes = [...CLASSES, ...national];
      const seen = new Map(classes.map((c) => [c, new Set()]));
      const unexplained = [];
      let days = 0;
      for (let year = 2025; year <= 2035; year++) {
        for (const [date, list] of Object.entries(await romcal.generateCalendar(year))) {
          days++;
          const o = cal.liturgicalDay(date, { calendar: id });
          for (const f of facets(o, list)) {
            const c = classes.find((k) => k.explains(f, date, o, list[0], list));
            if (c) seen.get(c).add(date);
            else unexplained.push(`${date} ${f}: ours ${JSON.stringify(o.celebration)} ${o.psalterWeek} [${o.optional.map((x) => x.id)}]; romcal ${list.map((x) => `${x.id}/${x.rank}/${x.colors}/${x.cycles.psalterWeek}`).join(", ")}`);
          }
        }
      }
      assert.equal(days, 4017);
      assert.deepEqual(unexplained, [], "differences in no class");
      const counts = Object.fromEntries([...seen].filter(([, d]) => d.size > 0).map(([c, d]) => [c.name, d.size]));
      console.log(id, JSON.stringify(counts));
      assert.deepEqual(counts, expected[id], `${id}: days per class`);
    });
  }
}
