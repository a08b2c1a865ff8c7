import { describe, expect, it } from 'vitest';
import { selectQueryTerms } from './query-terms';
import type { TermStats } from './term-stats';

/** A profile of equal weights over terms named by their document frequency, e.g. `df900`. */
function setUp(documents: number, frequencies: number[]) {
  const stats: TermStats = { documents, frequencies: new Map(frequencies.map((df) => [`df${df}`, df])) };
  const profile = new Map(frequencies.map((df) => [`df${df}`, 1]));
  return (extra: Map<string, number> = new Map()) =>
    selectQueryTerms(new Map([...profile, ...extra]), stats).map((term) => term.term);
}

describe('the terms of the "more like these" query', () => {
  it('leaves out terms in more than 3 % of a small corpus, rarer ones first by weight', () => {
    const select = setUp(25_000, [40, 600, 750, 751, 5_000]);
    expect(select()).toEqual(['df40', 'df600', 'df750']);
  });

  it('leaves out terms in more than 1,000 papers of a large corpus, whatever their share', () => {
    const select = setUp(2_600_000, [500, 1_000, 1_001, 2_000, 50_000]);
    expect(select()).toEqual(['df500', 'df1000']);
  });

  it('keeps terms in up to 50 papers of a tiny corpus, and never a term the statistics lack', () => {
    const select = setUp(200, [50, 51]);
    expect(select(new Map([['unknown', 5]]))).toEqual(['df50']);
  });

  it('takes the 40 heaviest', () => {
    const select = setUp(
      2_600_000,
      Array.from({ length: 60 }, (_, i) => 100 + i),
    );
    const terms = select();
    expect(terms).toHaveLength(40);
    // Equal profile weights: the rarest terms have the highest idf.
    expect(terms[0]).toBe('df100');
    expect(terms).not.toContain('df159');
  });
});
