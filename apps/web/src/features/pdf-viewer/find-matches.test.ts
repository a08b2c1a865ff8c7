import { describe, expect, it } from 'vitest';
import {
  findInDocument,
  findInText,
  indexOnPage,
  matchCountText,
  piecesInRange,
  piecesOfItems,
  stepMatch,
} from './find-matches';

describe('find in the document (docs/reading.md#find)', () => {
  it('matches without regard to case, every occurrence in order', () => {
    const text = 'Attention is all you need. ATTENTION heads attend.';
    expect(findInText(text, 'attention')).toEqual([
      { start: 0, end: 9 },
      { start: 27, end: 36 },
    ]);
  });

  it('tolerates whitespace: a line break or a run of spaces in the text matches one space in the query', () => {
    const text = 'self-\nattention and multi  head\nattention';
    expect(findInText(text, 'multi head attention')).toEqual([{ start: 20, end: 41 }]);
    expect(findInText(text, '  Multi   Head  ')).toEqual([{ start: 20, end: 31 }]);
  });

  it('finds nothing for a blank query, and does not count overlapping matches twice', () => {
    expect(findInText('anything', '   ')).toEqual([]);
    expect(findInText('aaaa', 'aa')).toHaveLength(2);
  });

  it('builds a page text like the text layer: items, and a line break after an item that ends a line', () => {
    const pieces = piecesOfItems([
      { str: 'Scaled dot-', hasEOL: true },
      { str: 'product', hasEOL: false },
      { str: ' attention', hasEOL: false },
      {},
    ]);
    expect(pieces).toEqual(['Scaled dot-', '\n', 'product', ' attention']);
    const [match] = findInText(pieces.join(''), 'product attention');
    expect(match && piecesInRange(pieces, match)).toEqual([2, 3]);
    const [across] = findInText(pieces.join(''), 'dot- product');
    expect(across && piecesInRange(pieces, across)).toEqual([0, 1, 2]);
  });

  it('numbers matches across pages and steps through them, wrapping', () => {
    const matches = findInDocument(['a cat', 'no', 'cat cat'], 'cat');
    expect(matches.map((match) => match.page)).toEqual([1, 3, 3]);
    expect(indexOnPage(matches, 2)).toBe(1);
    expect(indexOnPage(matches, 5)).toBe(-1);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(-1, 0, 1)).toBe(-1);
    expect(matchCountText(2, 12)).toBe('3 of 12');
    expect(matchCountText(-1, 0)).toBe('No matches');
  });
});
