import { describe, expect, it } from 'vitest';
import { digestPeriod, isoWeek } from './digest-period';

describe('digest periods', () => {
  it.each([
    ['2026-11-23', '2026-W48'], // a Monday
    ['2026-11-29', '2026-W48'], // the Sunday of the same week
    ['2026-11-30', '2026-W49'],
    ['2021-01-03', '2020-W53'], // early January can belong to the previous year's last week
    ['2024-12-30', '2025-W01'], // late December can belong to next year's first week
  ])('%s is in ISO week %s', (date, week) => {
    expect(isoWeek(date)).toBe(week);
  });

  it('names a daily period by the day and a weekly one by the ISO week', () => {
    expect(digestPeriod('daily', '2026-11-25')).toBe('daily:2026-11-25');
    expect(digestPeriod('weekly', '2026-11-25')).toBe('weekly:2026-W48');
  });
});
