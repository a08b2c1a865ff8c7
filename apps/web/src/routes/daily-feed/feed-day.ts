import { ZDay } from '@paperbench/contract';

const LONG_PARTS = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const SHORT_PARTS = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD day as a UTC date, so no time zone moves it to a neighbour. */
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);

function partsOf(format: Intl.DateTimeFormat, day: string): Record<string, string> {
  return Object.fromEntries(format.formatToParts(toDate(day)).map((part) => [part.type, part.value]));
}

/** '2019-12-31' → 'Tuesday, 31 December 2019' (built from parts: locales disagree on the commas). */
export function formatFeedDay(day: string): string {
  const { weekday, day: date, month, year } = partsOf(LONG_PARTS, day);
  return `${weekday}, ${date} ${month} ${year}`;
}

/** '2019-12-30' → 'Mon 30 Dec', for the previous and next buttons. */
export function formatShortDay(day: string): string {
  const { weekday, day: date, month } = partsOf(SHORT_PARTS, day);
  return `${weekday} ${date} ${month}`;
}

/** The ?day= of the URL: absent → null (the latest day); a real YYYY-MM-DD → itself; anything else → 'invalid'. */
export function readDayParam(value: string | null): string | null | 'invalid' {
  if (value === null || value === '') return null;
  return ZDay.safeParse(value).success ? value : 'invalid';
}

export const feedDayPath = (day: string) => `/daily-feed?day=${day}`;
