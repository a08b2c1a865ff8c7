import { describe, expect, it } from 'vitest';
import { lastFiveDayLabels, metricStepSize } from './metric-scale';

describe('metricStepSize (requirements §9: max / 3 rounded up)', () => {
  it('rounds max / 3 up', () => {
    expect(metricStepSize([1, 5, 10, 2, 0])).toBe(4);
    expect(metricStepSize([9, 3, 3, 3, 3])).toBe(3);
  });

  it('is at least 1 so an empty week still draws', () => {
    expect(metricStepSize([0, 0, 0, 0, 0])).toBe(1);
  });
});

describe('lastFiveDayLabels', () => {
  it('labels five UTC days, oldest first', () => {
    expect(lastFiveDayLabels(new Date('2025-03-03T10:00:00Z'))).toEqual([
      'Feb 27',
      'Feb 28',
      'Mar 1',
      'Mar 2',
      'Mar 3',
    ]);
  });
});
