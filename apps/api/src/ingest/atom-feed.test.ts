import { describe, expect, it } from 'vitest';
import { parseArxivIdentifier } from './arxiv-id';
import { parseAtomFeed } from './atom-feed';
import { arxivFixture } from './replay-server';

describe('parseAtomFeed', () => {
  it('reads the older API format', () => {
    expect(parseAtomFeed(arxivFixture('atom/api-query-id_list-1601.00001-2020.xml'))).toEqual([
      {
        paper: expect.objectContaining({
          paperId: '1601.00001',
          title: 'Inelastic effects in molecular transport junctions: The probe technique at high bias',
          authors: ['Michael Kilgour', 'Dvira Segal'],
          categories: ['cond-mat.mes-hall'],
          publishedDate: '2015-12-26',
          updatedDate: null,
          doi: '10.1063/1.4944470',
        }),
      },
    ]);
    const [outcome] = parseAtomFeed(arxivFixture('atom/api-query-id_list-1601.00001-2020.xml'));
    expect(outcome && 'paper' in outcome && outcome.paper.abstract).toContain('Landauer-B\\"uttiker');
  });

  it('reads the 2025 format: namespaces on <feed>, https ids, a v2', () => {
    expect(parseAtomFeed(arxivFixture('synthetic/atom-2025-format-1601.00001v2.xml'))).toEqual([
      {
        paper: expect.objectContaining({
          paperId: '1601.00001',
          categories: ['cond-mat.mes-hall', 'physics.chem-ph'],
          publishedDate: '2015-12-26',
          updatedDate: '2016-03-30',
          doi: '10.1063/1.4944470',
          comments: '12 pages',
        }),
      },
    ]);
  });

  it('reads a search feed with several entries and no entries at all', () => {
    const outcomes = parseAtomFeed(arxivFixture('atom/api-query-search-cs.RO-neural-2025.xml'));
    expect(outcomes).toHaveLength(2);
    for (const outcome of outcomes)
      expect(outcome).toHaveProperty('paper.categories', expect.arrayContaining([expect.stringMatching(/^cs\./)]));
    expect(parseAtomFeed(arxivFixture('synthetic/atom-empty.xml'))).toEqual([]);
  });

  it('refuses a response that is not a feed', () => {
    expect(() => parseAtomFeed('<html></html>')).toThrow(/not an Atom feed/);
  });
});

describe('parseArxivIdentifier', () => {
  it.each([
    ['1601.00001v2', '1601.00001', 2],
    ['http://arxiv.org/abs/1601.00001v1', '1601.00001', 1],
    ['https://arxiv.org/abs/hep-th/9901001v3', 'hep-th/9901001', 3],
    ['oai:arXiv.org:0704.0471', '0704.0471', null],
    ['math.AG/0601001', 'math.AG/0601001', null],
  ])('%s → %s v%s', (raw, paperId, version) => {
    expect(parseArxivIdentifier(raw)).toEqual({ paperId, version });
  });
});
