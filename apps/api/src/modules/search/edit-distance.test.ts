import { describe, expect, it } from 'vitest';
import { adjacentSwaps, closestSpelling, editDistance } from './edit-distance';

describe('editDistance', () => {
  it.each([
    ['graph', 'graph', 0],
    ['grpah', 'graph', 1],
    ['atention', 'attention', 1],
    ['differental', 'differential', 1],
    ['differental', 'different', 2],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
  ])('%s → %s: %i', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
  });
});

describe('closestSpelling', () => {
  it('picks the fewest edits, then the more common word', () => {
    const counts = new Map([
      ['different', 900],
      ['differential', 300],
      ['differentiable', 50],
    ]);
    expect(closestSpelling('differental', [...counts.keys()], counts)).toBe('differential');
    const tie = new Map([
      ['cat', 5],
      ['car', 50],
    ]);
    expect(closestSpelling('cax', [...tie.keys()], tie)).toBe('car');
  });

  it('gives nothing when every candidate is too many edits away', () => {
    expect(closestSpelling('quorblax', ['quantum'], new Map([['quantum', 100]]))).toBeNull();
  });
});

describe('adjacentSwaps', () => {
  it('swaps each pair of different neighbours once', () => {
    expect(adjacentSwaps('grpah')).toEqual(['rgpah', 'gprah', 'graph', 'grpha']);
    expect(adjacentSwaps('aab')).toEqual(['aba']);
    expect(adjacentSwaps('a')).toEqual([]);
  });
});
