import type { TMonitorTopic } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { rememberNewness, type TVisitNewness, withVisitNewness } from './monitor-visit';

const paper = (paper_id: string, is_new: boolean) => ({
  paper_id,
  platform: 'arxiv',
  title: paper_id,
  authors: [],
  published_date: null,
  abstract: null,
  categories: [],
  pdf_url: null,
  is_new,
});
const topic = (name: string, newCount: number, papers: ReturnType<typeof paper>[]): TMonitorTopic => ({
  topic: name,
  new_count: newCount,
  last_seen_at: '2020-01-01T00:00:00.000Z',
  papers,
});

describe('monitor visit', () => {
  it('marks only topics with new papers, and keeps showing what was new after they were marked', () => {
    const memory: TVisitNewness = new Map();
    const first = [topic('GNN', 2, [paper('a', true), paper('b', true), paper('c', false)]), topic('cs.CL', 0, [])];
    expect(rememberNewness(memory, first)).toEqual(['GNN']);
    // The refetch after marking: the server now says nothing is new.
    const after = [topic('GNN', 0, [paper('a', false), paper('b', false), paper('c', false)]), topic('cs.CL', 0, [])];
    expect(rememberNewness(memory, after)).toEqual([]);
    const shown = withVisitNewness(after, memory);
    expect(shown[0]?.new_count).toBe(2);
    expect(shown[0]?.papers.map((p) => p.is_new)).toEqual([true, true, false]);
    expect(shown[1]).toEqual(after[1]);
  });

  it('adds papers that arrive during the visit', () => {
    const memory: TVisitNewness = new Map();
    rememberNewness(memory, [topic('gnn', 1, [paper('a', true)])]);
    expect(rememberNewness(memory, [topic('gnn', 3, [paper('d', true), paper('a', false)])])).toEqual(['gnn']);
    const shown = withVisitNewness([topic('gnn', 0, [paper('d', false), paper('a', false)])], memory);
    expect(shown[0]?.new_count).toBe(3);
    expect(shown[0]?.papers.map((p) => p.is_new)).toEqual([true, true]);
  });
});
