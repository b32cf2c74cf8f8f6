// The offline calendar entry as a user writes it; `tsc --strict` must accept it, and the
// `@ts-expect-error` lines prove the types are exact.
import init, {
  liturgicalCalendars,
  liturgicalDay,
  liturgicalYear,
  liturgicalYearIcs,
  liturgicalLocale,
  loadLectionary,
  isMagisteriumError,
  type CalendarInfo,
  type CalendarOptions,
  type LiturgicalDay,
  type LiturgicalYear,
  type Readings,
  type Celebration,
  type Rank,
  type Colour,
  type Season,
} from "../../pkg/liturgy/index.js";

await init();
const day: LiturgicalDay | null = liturgicalDay(new Date());
if (day !== null) {
  const { id, name, rank, colour }: Celebration = day.celebration;
  const season: Season = day.season;
  const week: number | null = day.week;
  const psalter: 1 | 2 | 3 | 4 = day.psalterWeek;
  const cycles: string = `${day.sundayCycle}/${day.weekdayCycle}`;
  const optional: string[] = day.optional.map((c) => c.id);
  const notes: string[] = day.notes;
  const seasonDay: string = day.weekday.name;
  console.log(id, name, season, week, psalter, cycles, optional, notes, seasonDay);
  const r: Rank = rank;
  const c: Colour = colour;
  // @ts-expect-error a rank is one of the listed keys
  const wrong: Rank = "great_feast";
  // @ts-expect-error colours are lower-case keys
  const purple: Colour = "Purple";
  console.log(r, c, wrong, purple);
}
liturgicalDay("2026-03-19");
await liturgicalLocale("pt-BR");
// The readings' file, fetched once in a browser (ready on import in Node and workerd).
await loadLectionary();
// @ts-expect-error loadLectionary takes no argument
await loadLectionary("fr");
const named: string | undefined = liturgicalDay("2026-03-19", { calendar: "brazil", locale: "pt" })?.celebration.name;
console.log(named);
// @ts-expect-error a locale is a string such as "fr"
liturgicalDay("2026-03-19", { locale: 3 });
// @ts-expect-error liturgicalLocale returns a promise
const sync: void = liturgicalLocale("fr");
// A national calendar: the options object, the calendars listed, the day's readings and feed.
const options: CalendarOptions = { calendar: "united-states" };
const us: LiturgicalDay | null = liturgicalDay("2027-01-03", options);
if (us !== null) {
  const obliged: boolean = us.holyDayOfObligation;
  const movedFrom: string | null = us.transferredFrom;
  const readings: Readings[] = us.readings;
  const gospel: string | undefined = readings[0]?.gospel;
  const second: string | null | undefined = readings[0]?.second;
  const which: string = us.calendar;
  console.log(obliged, movedFrom, gospel, second, which);
}
const calendars: CalendarInfo[] = liturgicalCalendars();
console.log(calendars.map((c) => `${c.id}: ${c.name}`));
const feed: string | null = liturgicalYearIcs(2027, { calendar: "england-and-wales" });
const universalFeed: string | null = liturgicalYearIcs(2027);
console.log(feed?.length, universalFeed?.length);
const usYear: LiturgicalYear | null = liturgicalYear(2027, options);
if (usYear) console.log(usYear.epiphany, usYear.ascension, usYear.calendar);
// @ts-expect-error the calendar is named by its id, a string
liturgicalDay("2027-01-03", { calendar: 840 });
// @ts-expect-error the option is `calendar`
liturgicalDay("2027-01-03", { country: "US" });
// @ts-expect-error a date is a Date or a string
liturgicalDay(20260319);
const year: LiturgicalYear | null = liturgicalYear(2026);
if (year) console.log(year.easter.length, year.firstSundayOfAdvent);
try {
  liturgicalDay("2026-02-30");
} catch (e) {
  if (isMagisteriumError(e)) console.log(e.kind);
}
