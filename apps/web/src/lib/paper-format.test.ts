import { describe, expect, it } from 'vitest';
import { formatAuthors, formatPaperDate, isTruncatable, truncateText } from './paper-format';

describe('formatAuthors (requirements §2)', () => {
  it('lists up to three authors', () => {
    expect(formatAuthors(['Ada Lovelace'])).toBe('Ada Lovelace');
    expect(formatAuthors(['A', 'B', 'C'])).toBe('A, B, C');
  });

  it("adds 'et al.' after three", () => {
    expect(formatAuthors(['A', 'B', 'C', 'D'])).toBe('A, B, C et al.');
  });

  it("says 'Unknown authors' when there are none", () => {
    expect(formatAuthors([])).toBe('Unknown authors');
    expect(formatAuthors(null)).toBe('Unknown authors');
    expect(formatAuthors(['  '])).toBe('Unknown authors');
  });
});

describe('truncateText (requirements §2: 250 characters)', () => {
  it('keeps a short text whole', () => {
    const text = 'x'.repeat(250);
    expect(isTruncatable(text)).toBe(false);
    expect(truncateText(text)).toBe(text);
  });

  it('cuts at 250 characters and adds an ellipsis', () => {
    const text = 'y'.repeat(300);
    expect(isTruncatable(text)).toBe(true);
    expect(truncateText(text)).toBe(`${'y'.repeat(250)}…`);
  });

  it('ends on a whole word when one ends shortly before the limit', () => {
    const text = `${'word '.repeat(49)}abcdefghij and more`;
    expect(truncateText(text)).toBe(`${'word '.repeat(49).trimEnd()}…`);
  });

  it('never cuts inside a formula', () => {
    const text = `${'a'.repeat(245)} $x^2 + y^2$ and more`;
    expect(truncateText(text)).toBe(`${'a'.repeat(245)}…`);
  });
});

describe('formatPaperDate', () => {
  it("formats an ISO date as 'Mar 14, 2019' whatever the time zone", () => {
    expect(formatPaperDate('2019-03-14')).toBe('Mar 14, 2019');
    expect(formatPaperDate('2024-01-01')).toBe('Jan 1, 2024');
  });

  it('shows a date whose year alone is known as that year', () => {
    expect(formatPaperDate('2016-01-01', 'year')).toBe('2016');
    expect(formatPaperDate(null, 'year')).toBeNull();
  });

  it('gives nothing for a missing or unreadable date', () => {
    expect(formatPaperDate(null)).toBeNull();
    expect(formatPaperDate('soon')).toBeNull();
  });
});
