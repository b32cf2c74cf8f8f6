// The day's readings through `magisterium-a2a/liturgy`'s Node entry, which loads the Lectionary's
// references on import (a browser awaits loadLectionary() first: liturgy-readings-lazy.test.mjs):
// every Mass of the day with its Lectionary number and machine form. crates/liturgy/tests/readings.rs
// holds the data itself day by day.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as cal from "../../pkg/liturgy/node.js";

test("a weekday of Ordinary Time by cycle, a Sunday, a memorial beside its weekday: there on import", async () => {
  await cal.loadLectionary(); // nothing to wait for in Node; the same code runs in a browser
  // Tuesday of the 10th Week in Ordinary Time, Year II (Lectionary 360).
  const [weekday] = cal.liturgicalDay("2026-06-09").readings;
  assert.deepEqual(weekday, {
    first: "1 Kgs 17:7-16", psalm: "Ps 4:2-3, 4-5, 7b-8", second: null, gospel: "Mt 5:13-16", mass: null, vigil: false, number: 360,
    osis: { first: ["1Kgs.17.7-1Kgs.17.16"], psalm: ["Ps.4.2-Ps.4.3,Ps.4.4-Ps.4.5,Ps.4.7-Ps.4.8"], second: null, gospel: ["Matt.5.13-Matt.5.16"] },
  });
  // The same day of 2025, Year I (Lectionary 360): the same Gospel, another first reading.
  const yearI = cal.liturgicalDay("2025-06-10").readings[0];
  assert.equal(yearI.number, 360);
  assert.equal(yearI.first, "2 Cor 1:18-22");
  assert.equal(yearI.gospel, weekday.gospel);
  assert.equal(cal.liturgicalDay("2025-11-30").readings[0].gospel, "Mt 24:37-44");
  const sorrows = cal.liturgicalDay("2026-09-15").readings;
  assert.deepEqual(sorrows.map((r) => [r.mass, r.number]), [[null, 444], ["Our Lady of Sorrows", 639]]);
  assert.deepEqual(sorrows[1].osis.gospel, ["John.19.25-John.19.27", "Luke.2.33-Luke.2.35"]); // "Jn 19:25-27 or Lk 2:33-35"
});

test("the options where the Lectionary gives several Masses", () => {
  const christmas = cal.liturgicalDay("2026-12-25").readings;
  assert.deepEqual(christmas.map((r) => r.mass), ["Mass during the Day", "Vigil Mass", "Mass during the Night", "Mass at Dawn"]);
  assert.deepEqual(christmas.slice(1).map((r) => r.number), [13, 14, 15]);
  const vigil = cal.liturgicalDay("2026-04-04").readings;
  assert.equal(vigil.length, 1);
  assert.equal(vigil[0].vigil, true);
  assert.equal(vigil[0].gospel, "Mt 28:1-10");
  assert.match(vigil[0].first, /^Gn 1:1–2:2; Gn 22:1-18; Ex 14:15–15:1;/);
  const pentecost = cal.liturgicalDay("2026-05-24").readings;
  assert.deepEqual(pentecost.map((r) => r.mass), ["Mass during the Day", "Vigil Mass"]);
  assert.equal(cal.liturgicalDay("2026-04-02").readings[1].mass, "Chrism Mass");
});

test("the weekdays after the Epiphany: by date on January 6, by weekday where it is on Sunday", () => {
  // 2026: the Epiphany is Tuesday January 6 (universal), Sunday January 4 (United States).
  assert.equal(cal.liturgicalDay("2026-01-09").readings[0].number, 214); // "January 9"
  assert.equal(cal.liturgicalDay("2026-01-09", { calendar: "united-states" }).readings[0].number, 216); // Friday after
});

test("every day of 2026 and 2027 has readings", () => {
  for (let d = new Date(Date.UTC(2026, 0, 1)); d.getUTCFullYear() < 2028; d.setUTCDate(d.getUTCDate() + 1)) {
    const date = d.toISOString().slice(0, 10);
    const day = cal.liturgicalDay(date);
    assert.ok(day.readings.length > 0, date);
    for (const r of day.readings) assert.ok(r.first && r.psalm && r.gospel, date);
  }
});
