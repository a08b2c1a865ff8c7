import type { TDigestFrequency } from '@paperbench/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** ISO 8601 week of a 'YYYY-MM-DD' date: '2026-W48' (weeks start on Monday; week 1 holds the first Thursday). */
export function isoWeek(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay() || 7;
  // The Thursday of this week decides the year the week belongs to.
  const thursday = new Date(day.getTime() + (4 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The period a digest run on `slotDate` covers: 'daily:2026-11-23' or 'weekly:2026-W48'. A weekly
 * subscription's period is the same all week, so its digest goes out on the first run of the week.
 */
export function digestPeriod(frequency: TDigestFrequency, slotDate: string): string {
  return frequency === 'daily' ? `daily:${slotDate}` : `weekly:${isoWeek(slotDate)}`;
}

/** How far back a subscription's first digest looks. */
export const firstWindowMs = (frequency: TDigestFrequency) => (frequency === 'daily' ? DAY_MS : 7 * DAY_MS);
