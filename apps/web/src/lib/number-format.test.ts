import { describe, expect, it } from 'vitest';
import { formatPageViews, formatPaperCount, searchPlaceholder } from './number-format';

describe('formatPaperCount (requirements §5)', () => {
  it('groups digits by locale', () => {
    expect(formatPaperCount(25002, 'en-US')).toBe('25,002');
    expect(formatPaperCount(1234567, 'de-DE')).toBe('1.234.567');
  });

  it("shows '**' for anything that is not a number", () => {
    expect(formatPaperCount('25002')).toBe('**');
    expect(formatPaperCount(null)).toBe('**');
    expect(formatPaperCount(Number.NaN)).toBe('**');
  });
});

describe('searchPlaceholder (requirements §2)', () => {
  it('carries the count once loaded', () => {
    expect(searchPlaceholder(true, 25002, 'en-US')).toBe('Search 25,002 papers from all fields of science.');
    expect(searchPlaceholder(true, { n: 1 })).toBe('Search ** papers from all fields of science.');
  });

  it("is the generic 'Search papers...' while unavailable", () => {
    expect(searchPlaceholder(false, undefined)).toBe('Search papers...');
  });
});

describe('formatPageViews', () => {
  it('shows a dash until loaded, then the grouped total', () => {
    expect(formatPageViews(undefined)).toBe('–');
    expect(formatPageViews(12345, 'en-US')).toBe('12,345');
  });
});
