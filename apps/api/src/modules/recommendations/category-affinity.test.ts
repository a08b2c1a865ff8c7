import { describe, expect, it } from 'vitest';
import { blendScore, CATEGORY_WEIGHT, categoryAffinity, categoryShares } from './category-affinity';

describe('category affinity', () => {
  const shares = categoryShares([['cs.CL', 'cs.LG'], ['cs.CL'], ['cs.CL', 'cs.CL'], ['stat.ML']]);

  it('counts each kept paper once per category', () => {
    expect(Object.fromEntries(shares)).toEqual({ 'cs.CL': 0.75, 'cs.LG': 0.25, 'stat.ML': 0.25 });
  });

  it("takes a candidate's best-covered category, 0 for none", () => {
    expect(categoryAffinity(shares, ['cs.LG', 'cs.CL'])).toBe(0.75);
    expect(categoryAffinity(shares, ['hep-th'])).toBe(0);
    expect(categoryAffinity(shares, [])).toBe(0);
    expect(categoryShares([]).size).toBe(0);
  });

  it('blends into 0..1 and gives nothing without shared words', () => {
    expect(blendScore(1, 1)).toBeCloseTo(1);
    expect(blendScore(0.5, 0)).toBeCloseTo(0.5 * (1 - CATEGORY_WEIGHT));
    expect(blendScore(0, 1)).toBe(0);
  });
});
