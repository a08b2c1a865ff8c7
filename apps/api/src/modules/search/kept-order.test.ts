import { describe, expect, it } from 'vitest';
import { rankedFromIndexOrder } from './kept-order';

const key = (paperId: string, score: number) => ({ platform: 'arxiv', paperId, score });

// docs/search.md#common-words: a kept index order is paged as rankedKeys pages a search.
describe('rankedFromIndexOrder', () => {
  it("re-ranks the window by full score, ties in the index's order, and leaves the rest in the index's order unscored", () => {
    const order = [key('a', 1), key('b', 3), key('c', 1), key('d', 2), key('e', 9), key('f', 8)];
    expect(rankedFromIndexOrder(order, 4)).toEqual([
      key('b', 3),
      key('d', 2),
      key('a', 1),
      key('c', 1),
      { platform: 'arxiv', paperId: 'e', score: null },
      { platform: 'arxiv', paperId: 'f', score: null },
    ]);
  });

  it('ranks every key when the order is shorter than the window', () => {
    expect(rankedFromIndexOrder([key('a', 0.5), key('b', 2.5)], 200).map((k) => k.paperId)).toEqual(['b', 'a']);
    expect(rankedFromIndexOrder([], 200)).toEqual([]);
  });
});
