// The offline calendar entry as a user writes it; `tsc --strict` must accept it, and the
// `@ts-expect-error` lines prove the types are exact.
import init, {
  liturgicalDay,
  liturgicalYear,
  isMagisteriumError,
  type LiturgicalDay,
  type LiturgicalYear,
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
// @ts-expect-error a date is a Date or a string
liturgicalDay(20260319);
const year: LiturgicalYear | null = liturgicalYear(2026);
if (year) console.log(year.easter.length, year.firstSundayOfAdvent);
try {
  liturgicalDay("2026-02-30");
} catch (e) {
  if (isMagisteriumError(e)) console.log(e.kind);
}
