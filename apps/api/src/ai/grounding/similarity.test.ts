import { describe, expect, it } from 'vitest';
import { cosine, termOverlap } from './similarity';

describe('cosine', () => {
  it.each([
    ['same direction', [1, 2], [2, 4], 1],
    ['orthogonal', [1, 0], [0, 3], 0],
    ['opposite', [1, 1], [-1, -1], -1],
    ['a zero vector', [0, 0], [1, 1], 0],
  ])('%s', (_case, a, b, expected) => {
    expect(cosine(a, b)).toBeCloseTo(expected);
  });
});

describe('termOverlap', () => {
  it.each([
    ['identical', ['a', 'b'], ['a', 'b'], 1],
    ['half shared', ['a', 'b', 'c'], ['b', 'c', 'd'], 0.5],
    ['disjoint', ['a'], ['b'], 0],
    ['both empty', [], [], 0],
  ])('%s', (_case, a, b, expected) => {
    expect(termOverlap(new Set(a), new Set(b))).toBeCloseTo(expected);
  });
});
