import { paperRefKey } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { discoverLinks, distinctiveTerms, type LbdDoc, type LbdSource } from './literature-discovery';

/** A document of unit-ish weights over the given terms. */
const doc = (id: string, terms: Record<string, number>): LbdDoc => ({
  ref: { platform: 'arxiv', paper_id: id },
  vector: new Map(Object.entries(terms)),
});

const CORPUS = [
  doc('basis1', { fish: 0.8, oil: 0.6 }),
  doc('basis2', { fish: 0.7, oil: 0.5, viscosity: 0.4 }),
  doc('ab1', { oil: 0.6, viscosity: 0.7 }),
  doc('bc1', { viscosity: 0.8, raynaud: 0.6 }),
  doc('bc2', { viscosity: 0.7, raynaud: 0.5, platelet: 0.3 }),
  doc('mixed', { fish: 0.5, platelet: 0.5 }),
];

/** The corpus in memory, as ideas-corpus.repo.ts serves it from the database. */
const source: LbdSource = {
  async papersWith(term, without) {
    return CORPUS.filter((d) => d.vector.has(term) && !(without && d.vector.has(without)));
  },
  // 'oil' stands for a term too common to name a concept.
  isSelective: (term) => term !== 'oil',
  async cooccurring(pairs) {
    return new Set(
      pairs.filter(([a, c]) => CORPUS.some((d) => d.vector.has(a) && d.vector.has(c))).map(([a, c]) => `${a} ${c}`),
    );
  },
};

describe("Swanson's ABC discovery", () => {
  const basis = CORPUS.slice(0, 2);

  it('takes A terms from the basis, the topic terms first', () => {
    expect(distinctiveTerms(basis, new Set(), 2)).toEqual(['fish', 'oil']);
    expect(distinctiveTerms(basis, new Set(['oil']), 1)).toEqual(['oil']);
  });

  it('links A to C through B, never proposing a C that appears with A in a paper', async () => {
    const links = await discoverLinks(source, basis, { topicTerms: new Set(['fish']), count: 5 });
    const pairs = links.map((link) => `${link.a}→${link.c}`);
    expect(pairs).toContain('fish→raynaud');
    // platelet appears with fish in 'mixed': excluded for A = fish.
    expect(pairs).not.toContain('fish→platelet');
    for (const link of links) {
      expect(CORPUS.some((d) => d.vector.has(link.a) && d.vector.has(link.c))).toBe(false);
      for (const ref of link.bcPapers) {
        const paper = CORPUS.find((d) => paperRefKey(d.ref) === paperRefKey(ref));
        expect(paper?.vector.has(link.b) && paper.vector.has(link.c)).toBe(true);
      }
    }
    // The strongest bridge wins: platelet (with fish in 'mixed') leads to raynaud in bc2, which lacks fish.
    const raynaud = links.find((link) => link.c === 'raynaud' && link.a === 'fish');
    expect(raynaud).toMatchObject({
      b: 'platelet',
      abPapers: [{ paper_id: 'mixed' }],
      bcPapers: [{ paper_id: 'bc2' }],
    });
    // Each C once; deterministic.
    expect(new Set(links.map((link) => link.c)).size).toBe(links.length);
    expect(await discoverLinks(source, basis, { topicTerms: new Set(['fish']), count: 5 })).toEqual(links);
  });

  it('stops at count', async () => {
    expect((await discoverLinks(source, basis, { topicTerms: new Set(), count: 1 })).length).toBe(1);
  });
});
