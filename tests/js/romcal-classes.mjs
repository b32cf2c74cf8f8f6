// What the romcal cross-checks share (tests/js/liturgy-romcal*.test.mjs): romcal's keys in ours,
// the facets on which a day can differ, and the classes of differences found in the General Roman
// Calendar, each with the norm that decides it.
export const RANK = { SOLEMNITY: "solemnity", SUNDAY: "sunday", FEAST: "feast", MEMORIAL: "memorial", OPTIONAL_MEMORIAL: "optional_memorial", WEEKDAY: "weekday" };
export const COLOUR = { PURPLE: "violet", WHITE: "white", RED: "red", GREEN: "green", ROSE: "rose" };
export const SATURDAY_OF_MARY = "saturday_memorial_of_the_blessed_virgin_mary";

const christmasTime = (date, ours) => ours.season === "christmas";

// Each class says which facet of a day it explains (`id`, `rank`, `colour`, `psalter`, `optional`),
// why, and on how many days of 2025–2035 it occurs.
export const CLASSES = [
  // Where the norms side with us.
  {
    name: "The Baptism of the Lord is a feast; romcal ranks it a solemnity",
    norm: "Table of Liturgical Days (GNLY 59) II.5, feasts of the Lord; the Missal: 'Feast'",
    days: 11,
    explains: (f, date, o, t) => f === "rank" && o.celebration.id === "baptism_of_the_lord" && t.rank === "SOLEMNITY",
  },
  {
    name: "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart",
    norm: "Congregation for Divine Worship, Notitiae 1998 (decree of 1 January 1996 raising it to a memorial): when it coincides with another obligatory memorial, both are optional",
    days: 5,
    explains: (f, date, o, t) => ["id", "optional"].includes(f) && t.id === "immaculate_heart_of_mary" && o.celebration.rank === "weekday"
      && o.optional.some((c) => c.id === "immaculate_heart_of_mary") && o.optional.some((c) => c.rank === "memorial" && c.id !== "immaculate_heart_of_mary"),
  },
  {
    name: "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity",
    norm: "GNLY 60 and the Table of Liturgical Days: a solemnity (I.3) outranks an obligatory memorial (III.10), which is omitted",
    days: 2,
    explains: (f, date, o, t) => f === "id" && t.id === "immaculate_heart_of_mary" && o.celebration.rank === "solemnity",
  },
  {
    name: "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it",
    norm: "GNLY 60: an impeded solemnity is transferred (the Dicastery for Divine Worship moved it to June 23 in 2022)",
    days: 1,
    explains: (f, date, o, t) => ["id", "optional"].includes(f) && o.celebration.id === "nativity_of_john_the_baptist" && date.endsWith("-06-23"),
  },
  {
    name: "St Joseph in Holy Week is anticipated to the Saturday before Palm Sunday; romcal drops it",
    norm: "GNLY 60 and the Congregation for Divine Worship's 2008 decision (St Joseph impeded by Holy Week is kept on the Saturday before Palm Sunday)",
    days: 1,
    explains: (f, date, o, t) => ["id", "optional"].includes(f) && o.celebration.id === "joseph_spouse_of_mary" && t.id === "lent_5_saturday",
  },
  // Labels: the same day, named or ranked differently.
  {
    name: "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first",
    norm: "GNLY 19: the Triduum begins with the evening Mass of the Lord's Supper",
    days: 11,
    explains: (f, date, o, t, list) => f === "id" && o.celebration.id === "thursday_of_the_lords_supper" && t.id === "holy_thursday"
      && list.some((x) => x.id === "thursday_of_the_lords_supper"),
  },
  {
    name: "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II",
    norm: "Table of Liturgical Days I.1; the Missal's colour for the altar on Holy Saturday; GILH 133",
    days: 22,
    explains: (f, date, o) => ["rank", "colour", "psalter"].includes(f) && ["friday_of_the_passion_of_the_lord", "holy_saturday"].includes(o.celebration.id),
  },
  {
    name: "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity",
    norm: "Table of Liturgical Days I.3; the Missal: 'The Commemoration of All the Faithful Departed'",
    days: 11,
    explains: (f, date, o) => f === "rank" && o.celebration.id === "commemoration_of_all_the_faithful_departed",
  },
  {
    name: "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id",
    norm: "Francis, Aperuit illis (2019), 3",
    days: 11,
    explains: (f, date, o, t) => f === "id" && o.celebration.id === "ordinary_time_3_sunday" && t.id === "sunday_of_the_word_of_god",
  },
  {
    name: "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas",
    norm: "GILH 133: the four-week cycle starts again on the First Sunday of Advent, in the first week in Ordinary Time, on the First Sunday of Lent and on Easter Sunday",
    days: 171,
    explains: (f, date, o) => f === "psalter" && christmasTime(date, o),
  },
  {
    name: "The Saturday memorial of Mary is listed; romcal does not list it",
    norm: "GNLY 15 and the Missal (Common of the Blessed Virgin Mary): on Saturdays in Ordinary Time without an obligatory memorial",
    days: 230,
    explains: (f, date, o, t, list) => f === "optional" && o.optional.some((c) => c.id === SATURDAY_OF_MARY)
      && sameOptional(o.optional.filter((c) => c.id !== SATURDAY_OF_MARY), list, o),
  },
  {
    name: "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)",
    norm: "Data scope: crates/liturgy/data/general_roman_calendar.toml lists the universal calendar of the Missal with its additions up to 2021",
    days: 9,
    explains: (f, date, o, t, list) => f === "optional" && date.endsWith("-09-05") && list.some((x) => x.id === "teresa_of_calcutta_virgin")
      && sameOptional(o.optional.filter((c) => c.id !== SATURDAY_OF_MARY), list.filter((x) => x.id !== "teresa_of_calcutta_virgin"), o),
  },
];

export function sameOptional(ours, list, o) {
  const a = ours.map((c) => c.id).sort().join();
  const b = list.slice(1).map((x) => x.id).filter((id) => id !== o.celebration.id && id !== "thursday_of_the_lords_supper").sort().join();
  return a === b || (list[0].id !== o.celebration.id && a === list.map((x) => x.id).filter((id) => id !== o.celebration.id).sort().join());
}

/** The facets on which the two calendars disagree for one date. */
export function facets(o, list) {
  const t = list[0];
  const out = [];
  if (o.celebration.id !== t.id) out.push("id");
  else {
    if (o.celebration.rank !== RANK[t.rank]) out.push("rank");
    if (o.celebration.colour !== COLOUR[t.colors[0]]) out.push("colour");
  }
  if (`YEAR_${o.sundayCycle}` !== t.cycles.sundayCycle) out.push("sundayCycle");
  if (`YEAR_${o.weekdayCycle === "I" ? 1 : 2}` !== t.cycles.weekdayCycle) out.push("weekdayCycle");
  if (`WEEK_${o.psalterWeek}` !== t.cycles.psalterWeek) out.push("psalter");
  if (!sameOptional(o.optional, list, o)) out.push("optional");
  return out;
}

