import { paperRefKey } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { graphGroups } from './graph-groups';

const ref = (paper_id: string) => ({ platform: 'arxiv', paper_id });
const edge = (source: string, target: string, label = '') => ({ source: ref(source), target: ref(target), label });
const keys = (...ids: string[]) => ids.map((id) => paperRefKey(ref(id)));

describe('graphGroups', () => {
  it('makes one group per connected component, read undirected, and gathers unlinked papers last', () => {
    const groups = graphGroups(['a', 'b', 'c', 'd', 'e', 'f'].map(ref), [
      edge('b', 'a', 'extends'),
      edge('c', 'a', 'compares with'),
      edge('e', 'd', 'uses the data of'),
    ]);
    expect(groups.map((group) => group.papers)).toEqual([keys('a', 'b', 'c'), keys('d', 'e'), keys('f')]);
    expect(groups.map((group) => group.id)).toEqual(['g1', 'g2', 'g3']);
    expect(groups.map((group) => group.labels)).toEqual([['extends', 'compares with'], ['uses the data of'], []]);
    expect(groups.map((group) => group.isolated)).toEqual([false, false, true]);
  });

  it('joins components an edge bridges, whichever way it points', () => {
    const groups = graphGroups(['a', 'b', 'c', 'd'].map(ref), [edge('a', 'b'), edge('d', 'c'), edge('c', 'b')]);
    expect(groups.map((group) => group.papers)).toEqual([keys('a', 'b', 'c', 'd')]);
    expect(groups[0]?.labels).toEqual([]);
    expect(groups[0]?.edges).toHaveLength(3);
  });

  it('keeps one spelling of a label and drops empty ones', () => {
    const [group] = graphGroups(['a', 'b', 'c'].map(ref), [
      edge('a', 'b', 'Extends'),
      edge('c', 'b', 'extends'),
      edge('a', 'c'),
    ]);
    expect(group?.labels).toEqual(['Extends']);
  });

  it('puts every paper in one group when there is no edge, and ignores edges to papers outside the session', () => {
    const groups = graphGroups(['a', 'b'].map(ref), [edge('a', 'z', 'extends')]);
    expect(groups).toEqual([{ id: 'g1', papers: keys('a', 'b'), labels: [], edges: [], isolated: true }]);
  });
});
