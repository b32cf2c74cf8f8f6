// The calendar option of `magisterium-a2a/liturgy` (national calendars), the day's readings, and
// the iCalendar feed read back by a real parser (ical.js, Mozilla's RFC 5545 parser used by
// Thunderbird): what a parish website would call, through the Node entry.
import { test } from "node:test";
import assert from "node:assert/strict";
import ICAL from "ical.js";
import * as cal from "../../pkg/liturgy/node.js";

test("the calendars listed, the General Roman Calendar first and the default", () => {
  const ids = cal.liturgicalCalendars().map((c) => c.id);
  assert.equal(ids[0], "general-roman");
  for (const id of ["united-states", "united-states/boston", "canada", "england-and-wales", "australia", "ireland", "italy", "germany", "france", "poland", "spain", "mexico", "philippines", "india", "brazil"]) assert.ok(ids.includes(id), id);
  assert.equal(cal.liturgicalDay("2027-01-03").celebration.id, "second_sunday_after_christmas");
  assert.equal(cal.liturgicalDay("2027-01-03", {}).calendar, "general-roman");
  assert.equal(cal.liturgicalDay("2027-01-03", { calendar: undefined }).calendar, "general-roman");
});

test("a US parish: the Epiphany and the Ascension on Sunday, with where they came from", () => {
  const us = { calendar: "united-states" };
  const epiphany = cal.liturgicalDay("2027-01-03", us);
  assert.equal(epiphany.celebration.id, "epiphany_of_the_lord");
  assert.equal(epiphany.transferredFrom, "2027-01-06");
  assert.equal(epiphany.holyDayOfObligation, true);
  assert.deepEqual(epiphany.readings, [{ first: "Is 60:1-6", psalm: "Ps 72", second: "Eph 3:2-3a, 5-6", gospel: "Mt 2:1-12", mass: null, vigil: false, number: 20,
    osis: { first: ["Isa.60.1-Isa.60.6"], psalm: ["Ps.72"], second: ["Eph.3.2-Eph.3.3,Eph.3.5-Eph.3.6"], gospel: ["Matt.2.1-Matt.2.12"] } }]);
  const thursday = cal.liturgicalDay("2027-05-06", us);
  assert.equal(thursday.celebration.id, "easter_time_6_thursday");
  assert.equal(thursday.holyDayOfObligation, false);
  assert.equal(cal.liturgicalDay("2027-05-09", us).celebration.id, "ascension_of_the_lord");
  const boston = cal.liturgicalDay("2027-05-06", { calendar: "united-states/boston" });
  assert.equal(boston.celebration.id, "ascension_of_the_lord");
  assert.equal(boston.holyDayOfObligation, true);
  const year = cal.liturgicalYear(2027, us);
  assert.deepEqual([year.calendar, year.epiphany, year.ascension, year.corpusChristi], ["united-states", "2027-01-03", "2027-05-09", "2027-05-30"]);
  // No Epiphany/Ascension note left that a page cannot act on.
  assert.deepEqual(cal.liturgicalDay("2027-05-06").notes, []);
});

test("England and Wales: the Ascension on Thursday, All Saints on the Sunday before a Monday", () => {
  const ew = { calendar: "england-and-wales" };
  assert.equal(cal.liturgicalDay("2027-05-06", ew).celebration.id, "ascension_of_the_lord");
  const allSaints = cal.liturgicalDay("2027-10-31", ew);
  assert.equal(allSaints.celebration.id, "all_saints");
  assert.equal(allSaints.transferredFrom, "2027-11-01");
  assert.equal(cal.liturgicalDay("2027-04-23", ew).celebration.rank, "solemnity");
});

test("a bad calendar or options object is invalid_input", () => {
  for (const options of [{ calendar: "narnia" }, { calendar: 7 }, "united-states", 5]) {
    assert.throws(() => cal.liturgicalDay("2027-01-03", options), (e) => cal.isMagisteriumError(e) && e.kind === "invalid_input");
    assert.throws(() => cal.liturgicalYearIcs(2027, options), (e) => cal.isMagisteriumError(e) && e.kind === "invalid_input");
  }
  assert.throws(() => cal.liturgicalYearIcs(2027.5), (e) => e.kind === "invalid_input");
  assert.equal(cal.liturgicalYearIcs(2200), null);
});

test("the year's feed parses with ical.js: one all-day event a day, as liturgicalDay says", () => {
  const text = cal.liturgicalYearIcs(2027, { calendar: "united-states" });
  assert.ok(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75), "folded at 75 octets");
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  assert.equal(vcalendar.getFirstPropertyValue("version"), "2.0");
  assert.match(vcalendar.getFirstPropertyValue("x-wr-calname"), /^United States of America \(2027\)$/);
  const events = vcalendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  assert.equal(events.length, 365);
  assert.equal(new Set(events.map((e) => e.uid)).size, 365);
  for (const event of events) {
    assert.ok(event.startDate.isDate && event.endDate.isDate, "all-day");
    const date = event.startDate.toString();
    const day = cal.liturgicalDay(date, { calendar: "united-states" });
    assert.equal(event.summary, day.celebration.name, date);
    assert.equal(event.endDate.toJSDate() - event.startDate.toJSDate(), 86_400_000, date);
    const [rank, colour] = event.component.getFirstProperty("categories").getValues();
    assert.equal(colour, day.celebration.colour, date);
    assert.ok(rank.length > 0);
    for (const r of day.readings) assert.ok(event.description.includes(r.gospel), `${date}: ${r.gospel}`);
  }
  const epiphany = events.find((e) => e.startDate.toString() === "2027-01-03");
  assert.equal(epiphany.summary, "The Epiphany of the Lord");
  assert.match(epiphany.description, /^Solemnity · white\n/);
  assert.match(epiphany.description, /Readings: Is 60:1-6 \| Ps 72 \| Eph 3:2-3a, 5-6 \| Mt 2:1-12/);
});
