import { describe, expect, it } from 'vitest';
import { matchRanges } from './search-highlights';

describe('matchRanges', () => {
  it('turns ts_headline markers into offsets of the original text', () => {
    const original = 'Deep $\\alpha$-graphs and graph nets';
    const marked = 'Deep $\\alpha$-\u0001graphs\u0002 and \u0001graph\u0002 nets';
    const ranges = matchRanges(original, marked);
    expect(ranges.map(([s, e]) => original.slice(s, e))).toEqual(['graphs', 'graph']);
  });

  it('counts offsets in UTF-16 code units, as JavaScript strings do', () => {
    const original = '𝔽-modules over 𝔽';
    const marked = '𝔽-\u0001modules\u0002 over 𝔽';
    expect(matchRanges(original, marked)).toEqual([[3, 10]]);
  });

  it('gives no ranges when the marked text does not reduce to the original, or either is missing', () => {
    expect(matchRanges('a \u0001b', 'a \u0001b')).toEqual([]);
    expect(matchRanges(null, null)).toEqual([]);
    expect(matchRanges('text', null)).toEqual([]);
  });
});
