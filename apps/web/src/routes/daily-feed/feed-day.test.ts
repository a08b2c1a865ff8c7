import { describe, expect, it } from 'vitest';
import { feedDayPath, formatFeedDay, formatShortDay, readDayParam } from './feed-day';

describe('feed days', () => {
  it.each([
    ['2019-12-31', 'Tuesday, 31 December 2019'],
    ['2020-02-29', 'Saturday, 29 February 2020'],
    ['2019-01-01', 'Tuesday, 1 January 2019'],
  ])('writes %s as %s, whatever the time zone', (day, text) => {
    expect(formatFeedDay(day)).toBe(text);
  });

  it('writes the short form for the step buttons', () => {
    expect(formatShortDay('2019-12-30')).toBe('Mon 30 Dec');
  });

  it.each([
    [null, null],
    ['', null],
    ['2019-12-31', '2019-12-31'],
    ['2019-02-30', 'invalid'],
    ['yesterday', 'invalid'],
    ['2019-12-31T00:00', 'invalid'],
  ])('reads ?day=%s as %s', (value, expected) => {
    expect(readDayParam(value)).toBe(expected);
  });

  it('links to a day', () => {
    expect(feedDayPath('2019-12-30')).toBe('/daily-feed?day=2019-12-30');
  });
});
