import { paperRefKey } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { graphGroups } from './graph-groups';
import {
  applyNaming,
  cleanTitle,
  distinctiveTerms,
  ISOLATED_GROUP_TITLE,
  offlineOutline,
  outlineNamingSchema,
  type PaperText,
} from './outline';

const ref = (paper_id: string) => ({ platform: 'arxiv', paper_id });
const texts = new Map<string, PaperText>([
  [
    paperRefKey(ref('a')),
    { title: 'Protein language models for enzyme design', abstract: 'Enzymes designed with protein models.' },
  ],
  [
    paperRefKey(ref('b')),
    { title: 'Directed evolution of enzymes', abstract: 'Protein language models propose enzyme variants.' },
  ],
  [
    paperRefKey(ref('c')),
    { title: 'Enzyme activity from protein graphs', abstract: 'Graph networks of protein structure.' },
  ],
  [paperRefKey(ref('d')), { title: 'Parsing with transformers', abstract: 'Transformers parse sentences into trees.' }],
  [paperRefKey(ref('e')), { title: 'Speech recognition', abstract: 'Acoustic models of speech.' }],
]);
const groups = graphGroups(['d', 'a', 'b', 'c', 'e'].map(ref), [
  { source: ref('b'), target: ref('a'), label: 'extends' },
  { source: ref('c'), target: ref('a'), label: 'compares with' },
]);

describe('offline outline', () => {
  it('titles a group by the key phrases its papers share, larger groups first, unlinked papers last', () => {
    const outline = offlineOutline(groups, texts);
    expect(outline.map((section) => section.id)).toEqual(['g1', 'g2']);
    // A phrase of the papers, not a join of single words under machine labels ("Chemical and accuracy (compares with)").
    expect(outline[0]?.title).toBe('Protein language models');
    expect(outline[1]).toMatchObject({ title: ISOLATED_GROUP_TITLE, isolated: true });
  });

  it('names a method for a problem when the shared phrases hold both, else the edge labels', () => {
    const gnn = new Map<string, PaperText>([
      [paperRefKey(ref('m')), { title: 'Graph neural networks for molecular property prediction', abstract: null }],
      [paperRefKey(ref('n')), { title: 'Molecular property prediction with graph neural networks', abstract: null }],
      [paperRefKey(ref('o')), { title: 'Speech recognition', abstract: 'Acoustic models of speech.' }],
      [paperRefKey(ref('p')), { title: 'Acoustic scenes', abstract: 'Sound events in cities.' }],
    ]);
    const linked = graphGroups(['m', 'n', 'o', 'p'].map(ref), [
      { source: ref('n'), target: ref('m'), label: 'extends' },
      { source: ref('p'), target: ref('o'), label: 'compares with' },
    ]);
    expect(offlineOutline(linked, gnn).map((section) => section.title)).toEqual([
      'Graph neural networks for molecular property prediction',
      'Related work: compares with',
    ]);
  });

  it('names shared terms as words of the papers, preferring those rare in the rest of the session', () => {
    const group = ['a', 'b', 'c'].map((id) => paperRefKey(ref(id)));
    expect(distinctiveTerms(group, texts, 3)).toEqual(['enzyme', 'protein', 'language']);
  });

  it('titles a lone group of unlinked papers by its terms rather than "Other related work"', () => {
    const only = graphGroups(['a', 'b'].map(ref), []);
    expect(offlineOutline(only, texts)[0]?.title).not.toBe(ISOLATED_GROUP_TITLE);
  });
});

describe('model naming', () => {
  const schema = outlineNamingSchema(['g1', 'g2']);

  it('accepts a permutation of the groups and applies its order and titles', () => {
    const naming = schema.parse({
      sections: [
        { group: 'g2', title: '## 1. Other *work*' },
        { group: 'g1', title: 'Enzyme design' },
      ],
    });
    const outline = applyNaming(offlineOutline(groups, texts), naming);
    expect(outline.map((section) => [section.id, section.title])).toEqual([
      ['g2', 'Other work'],
      ['g1', 'Enzyme design'],
    ]);
    expect(outline[1]?.papers).toHaveLength(3);
  });

  it.each([
    ['a group left out', [{ group: 'g1', title: 'A' }]],
    [
      'a group twice',
      [
        { group: 'g1', title: 'A' },
        { group: 'g1', title: 'B' },
      ],
    ],
    [
      'a group added',
      [
        { group: 'g1', title: 'A' },
        { group: 'g2', title: 'B' },
        { group: 'g3', title: 'C' },
      ],
    ],
    [
      'an empty title',
      [
        { group: 'g1', title: ' ** ' },
        { group: 'g2', title: 'B' },
      ],
    ],
  ])('refuses %s', (_case, sections) => {
    expect(schema.safeParse({ sections }).success).toBe(false);
  });

  it('cleans titles to one plain line', () => {
    expect(cleanTitle('  3) Graph\nmodels\u0000 ')).toBe('Graph models');
    expect(cleanTitle('x'.repeat(200))).toHaveLength(120);
  });
});
