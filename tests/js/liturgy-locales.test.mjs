// Names in people's languages through the package: `{ locale }` on liturgicalDay, liturgicalYear and
// liturgicalYearIcs, English the default and the fallback, an unknown locale an invalid_input.
import { test } from "node:test";
import assert from "node:assert/strict";
import ICAL from "ical.js";
import * as cal from "../../pkg/liturgy/node.js";

const LOCALES = ["en", "la", "es", "it", "fr", "de", "pt", "pl"];

test("each of the eight locales names Easter Sunday in its language, English by default", () => {
  const names = LOCALES.map((locale) => cal.liturgicalDay("2027-03-28", { locale }).celebration.name);
  assert.equal(new Set(names).size, 8, JSON.stringify(names));
  assert.equal(names[0], cal.liturgicalDay("2027-03-28").celebration.name);
  for (const locale of LOCALES) assert.equal(cal.liturgicalDay("2027-03-28", { locale }).celebration.id, "easter_sunday");
});

test("the weekday, the optional memorials and a national calendar's day are named too; a tag is read by its language", () => {
  const day = cal.liturgicalDay("2027-01-20", { locale: "pl" });
  assert.match(day.weekday.name, /tygodnia/);
  assert.ok(day.optional.length >= 2 && day.optional.every((c) => c.name.startsWith("Św.")), JSON.stringify(day.optional));
  const br = cal.liturgicalDay("2027-10-12", { calendar: "brazil", locale: "pt-BR" });
  assert.equal(br.celebration.id, "our_lady_of_aparecida");
  assert.equal(cal.liturgicalDay("2027-10-12", { calendar: "brazil", locale: "pt" }).celebration.name, br.celebration.name);
});

test("a celebration the locale does not name keeps its English name", () => {
  const english = cal.liturgicalDay("2027-01-17", { calendar: "philippines" });
  const french = cal.liturgicalDay("2027-01-17", { calendar: "philippines", locale: "fr" });
  assert.equal(french.celebration.id, "santo_nino");
  assert.equal(french.celebration.name, english.celebration.name);
});

test("an unknown locale or one that is not a string is an invalid_input, on all three functions", () => {
  for (const call of [() => cal.liturgicalDay("2027-01-17", { locale: "xx" }), () => cal.liturgicalYear(2027, { locale: "xx" }),
    () => cal.liturgicalYearIcs(2027, { locale: 3 })]) {
    assert.throws(call, (e) => e.kind === "invalid_input" && /locale/.test(e.message));
  }
  assert.equal(cal.liturgicalYear(2027, { locale: "la" }).easter, "2027-03-28");
});

test("the feed in a locale parses and names each day as liturgicalDay does", () => {
  const text = cal.liturgicalYearIcs(2027, { calendar: "italy", locale: "it" });
  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  assert.equal(events.length, 365);
  for (const e of events) {
    assert.equal(e.summary, cal.liturgicalDay(e.startDate.toString(), { calendar: "italy", locale: "it" }).celebration.name);
  }
});
