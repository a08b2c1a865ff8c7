import { describe, expect, it } from 'vitest';
import { describeGrantCount, describeGrantDates, formatGrantAmount } from './grant-format';

describe('grant amounts', () => {
  it('are whole units of their currency', () => {
    expect(formatGrantAmount(1_250_000, 'USD', 'en-US')).toBe('$1,250,000');
    expect(formatGrantAmount(99_999.6, 'USD', 'en-US')).toBe('$100,000');
    expect(formatGrantAmount(5000, 'EUR', 'en-US')).toBe('€5,000');
    expect(formatGrantAmount(0, 'USD', 'en-US')).toBe('$0');
  });

  it('show a code Intl does not know after the number, and nothing without an amount', () => {
    expect(formatGrantAmount(1200, 'dollars', 'en-US')).toBe('1,200 dollars');
    expect(formatGrantAmount(null, 'USD', 'en-US')).toBeNull();
  });
});

describe('grant dates', () => {
  const award = { kind: 'award' as const, start_date: null, end_date: null, close_date: null };
  const call = { ...award, kind: 'opportunity' as const };

  it("are an award's period, or the end it has", () => {
    expect(describeGrantDates({ ...award, start_date: '2019-09-01', end_date: '2022-08-31' })).toBe(
      'Sep 1, 2019 – Aug 31, 2022',
    );
    expect(describeGrantDates({ ...award, start_date: '2019-09-01' })).toBe('From Sep 1, 2019');
    expect(describeGrantDates({ ...award, end_date: '2022-08-31' })).toBe('Until Aug 31, 2022');
    expect(describeGrantDates(award)).toBeNull();
  });

  it('are when an open call closes, or when it opens if that is all there is', () => {
    expect(describeGrantDates({ ...call, start_date: '2026-01-05', close_date: '2026-03-14' })).toBe(
      'Closes Mar 14, 2026',
    );
    expect(describeGrantDates({ ...call, start_date: '2026-01-05' })).toBe('Opens Jan 5, 2026');
    expect(describeGrantDates(call)).toBeNull();
  });
});

it('counts grants in words', () => {
  expect(describeGrantCount(1, 'en-US')).toBe('1 grant');
  expect(describeGrantCount(1234, 'en-US')).toBe('1,234 grants');
  expect(describeGrantCount(0, 'en-US')).toBe('0 grants');
});
