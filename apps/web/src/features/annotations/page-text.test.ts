import { describe, expect, it } from 'vitest';
import { itemStretches, pageOffsetOf, pageTextOf, quoteOf, trimRange } from './page-text';

const items = [
  { str: '  ', hasEOL: true },
  { str: 'Deep ', hasEOL: false },
  { str: 'learning\0 works', hasEOL: true },
  { str: 'very well. ', hasEOL: false },
];

describe('pageTextOf', () => {
  it('joins items with a newline after each line end, drops NUL, trims, and remembers the leading trim', () => {
    const page = pageTextOf(items);
    expect(page.text).toBe('Deep learning works\nvery well.');
    expect(page.leading).toBe(3);
    expect(page.starts).toEqual([0, 3, 8, 23]);
  });
});

describe('pageOffsetOf', () => {
  it('maps an item offset to the trimmed page text', () => {
    const page = pageTextOf(items);
    expect(pageOffsetOf(page, items, 1, 0)).toBe(0);
    expect(page.text.slice(pageOffsetOf(page, items, 2, 0), pageOffsetOf(page, items, 2, 8))).toBe('learning');
    // Past the NUL: the drawn string holds it, the page text does not.
    expect(page.text.slice(pageOffsetOf(page, items, 2, 10), pageOffsetOf(page, items, 2, 15))).toBe('works');
    expect(pageOffsetOf(page, items, 3, 4)).toBe(24);
  });

  it('clamps into the page text (the trimmed white space at either end)', () => {
    const page = pageTextOf(items);
    expect(pageOffsetOf(page, items, 0, 1)).toBe(0);
    expect(pageOffsetOf(page, items, 3, 11)).toBe(page.text.length);
  });

  it('counts UTF-16 code units, like JavaScript strings', () => {
    const emoji = [{ str: '𝑥 = 1', hasEOL: false }];
    const page = pageTextOf(emoji);
    expect(pageOffsetOf(page, emoji, 0, 2)).toBe(2);
  });
});

describe('itemStretches', () => {
  it('gives back the items and stretches a page range covers', () => {
    const page = pageTextOf(items);
    expect(itemStretches(page, 5, 24)).toEqual([
      { item: 2, start: 0, end: 14 },
      { item: 3, start: 0, end: 4 },
    ]);
  });
});

describe('quoteOf and trimRange', () => {
  it('takes up to 32 characters either side', () => {
    const text = `${'a'.repeat(40)}MARK${'b'.repeat(40)}`;
    expect(quoteOf(text, 40, 44)).toEqual({ exact: 'MARK', prefix: 'a'.repeat(32), suffix: 'b'.repeat(32) });
    expect(quoteOf('xMARKy', 1, 5)).toEqual({ exact: 'MARK', prefix: 'x', suffix: 'y' });
  });

  it('narrows past white space and refuses a blank range', () => {
    expect(trimRange(' ab \n', 0, 5)).toEqual({ start: 1, end: 3 });
    expect(trimRange(' \n ', 0, 3)).toBeNull();
  });
});
