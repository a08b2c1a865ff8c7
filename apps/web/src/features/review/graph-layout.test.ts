import { describe, expect, it } from 'vitest';
import { layoutGraph, NODE_HEIGHT, NODE_WIDTH } from './graph-layout';

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;

describe('layoutGraph', () => {
  it('places every node, edges pointing left to right, with no two nodes overlapping', () => {
    const positions = layoutGraph(
      ['a', 'b', 'c', 'd'],
      [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
      ],
    );
    expect([...positions.keys()]).toEqual(['a', 'b', 'c', 'd']);
    const at = (id: string) => positions.get(id) ?? { x: Number.NaN, y: Number.NaN };
    expect(at('a').x).toBeLessThan(at('b').x);
    expect(at('b').x).toBeLessThan(at('c').x);
    const all = ['a', 'b', 'c', 'd'].map(at);
    for (const [i, p] of all.entries()) for (const q of all.slice(i + 1)) expect(overlaps(p, q)).toBe(false);
  });

  it('lays out top to bottom when asked (the narrow screen)', () => {
    const positions = layoutGraph(['a', 'b'], [{ source: 'a', target: 'b' }], 'TB');
    expect(positions.get('a')?.y).toBeLessThan(positions.get('b')?.y ?? 0);
    expect(positions.get('a')?.x).toBe(positions.get('b')?.x);
  });

  it('ignores edges to papers that are not nodes, and self-loops', () => {
    const positions = layoutGraph(
      ['a'],
      [
        { source: 'a', target: 'gone' },
        { source: 'a', target: 'a' },
      ],
    );
    expect(positions.size).toBe(1);
  });

  it('gives the same positions for the same graph', () => {
    const edges = [{ source: 'x', target: 'y' }];
    expect([...layoutGraph(['x', 'y', 'z'], edges)]).toEqual([...layoutGraph(['x', 'y', 'z'], edges)]);
  });
});
