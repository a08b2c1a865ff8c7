import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from './rank-fusion';

describe('reciprocalRankFusion', () => {
  it.each([
    ['one ranking keeps its order', [['a', 'b', 'c']], ['a', 'b', 'c']],
    [
      'an item high in both wins',
      [
        ['a', 'b', 'c'],
        ['b', 'c', 'a'],
      ],
      ['b', 'a', 'c'],
    ],
    ['an item in one list only still counts', [['a'], ['b', 'c']], ['a', 'b', 'c']],
    ['no rankings, no items', [], []],
  ])('%s', (_case, rankings, expected) => {
    const fused = reciprocalRankFusion(rankings);
    expect([...fused].sort(([, x], [, y]) => y - x).map(([item]) => item)).toEqual(expected);
  });

  it('scores 1 / (k + rank)', () => {
    expect(reciprocalRankFusion([['a', 'b']], 60).get('b')).toBeCloseTo(1 / 62);
  });
});
