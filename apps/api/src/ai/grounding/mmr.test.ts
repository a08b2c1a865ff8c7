import { describe, expect, it } from 'vitest';
import { mmr } from './mmr';

type TItem = { id: string; paper: string; topic: string };
const item = (id: string, paper: string, topic: string): TItem => ({ id, paper, topic });
const sameTopic = (a: TItem, b: TItem) => (a.topic === b.topic ? 1 : 0);

const candidates = [
  { item: item('a1', 'A', 'x'), relevance: 10 },
  { item: item('a2', 'A', 'x'), relevance: 9.5 },
  { item: item('a3', 'A', 'y'), relevance: 9 },
  { item: item('a4', 'A', 'z'), relevance: 8.5 },
  { item: item('b1', 'B', 'w'), relevance: 5 },
];

describe('mmr', () => {
  it.each([
    ['λ = 1 is plain relevance order', { lambda: 1, limit: 3 }, ['a1', 'a2', 'a3']],
    ['λ = 0.7 skips a near duplicate', { lambda: 0.7, limit: 3 }, ['a1', 'a3', 'a4']],
    ['the per-paper cap lets another paper in', { lambda: 1, limit: 4, perGroupLimit: 3 }, ['a1', 'a2', 'a3', 'b1']],
    ['fewer candidates than the limit', { lambda: 0.7, limit: 10, perGroupLimit: 1 }, ['a1', 'b1']],
  ])('%s', (_case, options, expected) => {
    const picked = mmr(candidates, { ...options, similarity: sameTopic, groupOf: (x) => x.paper });
    expect(picked.map(({ item: chosen }) => chosen.id)).toEqual(expected);
  });

  it('is deterministic on ties', () => {
    const tied = [
      { item: item('p', 'A', 'x'), relevance: 1 },
      { item: item('q', 'B', 'y'), relevance: 1 },
    ];
    expect(mmr(tied, { limit: 1, similarity: sameTopic }).map(({ item: chosen }) => chosen.id)).toEqual(['p']);
  });
});
