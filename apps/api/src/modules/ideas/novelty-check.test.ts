import { describe, expect, it } from 'vitest';
import { deterministicRationale, noveltyLabel, percentileOf, quantile } from './novelty-check';

const CALIBRATION = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

describe('noveltyLabel', () => {
  it('places the top similarity among the corpus nearest-neighbour similarities', () => {
    expect(quantile(CALIBRATION, 50)).toBeCloseTo(0.55);
    expect(quantile(CALIBRATION, 90)).toBeCloseTo(0.91);
    expect(percentileOf(0.05, CALIBRATION)).toBe(0);
    expect(percentileOf(0.35, CALIBRATION)).toBe(30);
    expect(percentileOf(0.3, CALIBRATION)).toBe(25);
  });

  it('labels below the median likely novel, up to the 90th percentile partly explored, above well explored', () => {
    expect(noveltyLabel(0.2, CALIBRATION)).toMatchObject({ label: 'likely_novel', percentile: 15 });
    expect(noveltyLabel(0.6, CALIBRATION)).toMatchObject({ label: 'partly_explored', percentile: 55 });
    expect(noveltyLabel(0.95, CALIBRATION)).toMatchObject({ label: 'well_explored', percentile: 90 });
    expect(noveltyLabel(0.6, CALIBRATION).cutoffs).toEqual({
      partly_explored: 0.55,
      well_explored: expect.closeTo(0.91),
    });
  });

  it('without calibration (an empty corpus) says likely novel', () => {
    expect(noveltyLabel(0.9, [])).toMatchObject({ label: 'likely_novel', percentile: 0 });
  });

  it('writes the rationale from the facts alone', () => {
    const facts = {
      ...noveltyLabel(0.6, CALIBRATION),
      searched: 1200,
      nearest: [
        { n: 1, platform: 'arxiv', paper_id: '1', title: 'Memory', similarity: 0.6, shared_terms: ['memory', 'sleep'] },
      ],
    };
    expect(deterministicRationale(facts)).toBe(
      "The closest of the 1200 papers searched, “Memory”, has a similarity of 0.60, above 55 % of corpus papers' similarity to their own nearest neighbour: partly explored. They share memory, sleep.",
    );
  });
});
