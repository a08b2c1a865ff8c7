import { describe, expect, it } from 'vitest';
import { tokenize } from '../text/normalize';
import { paraphrasesOf } from '../text/paraphrases';
import { expandQuestion, FEEDBACK_WEIGHT, LITERAL_WEIGHT, PARAPHRASE_WEIGHT, withParaphrases } from './query-expansion';

const stem = (word: string) => tokenize(word)[0] ?? '';

describe('paraphrasesOf', () => {
  it('relates the common academic paraphrases both ways, never a word to itself', () => {
    expect(paraphrasesOf(stem('employs'))).toContain(stem('uses'));
    expect(paraphrasesOf(stem('uses'))).toContain(stem('adopt'));
    expect(paraphrasesOf(stem('outperforms'))).toContain(stem('improves'));
    expect(paraphrasesOf(stem('corpus'))).toContain(stem('dataset'));
    expect(paraphrasesOf(stem('uses'))).not.toContain(stem('uses'));
    expect(paraphrasesOf('zzz').size).toBe(0);
  });
});

describe('expandQuestion', () => {
  const passages = [
    'specter embeddings citation graph triplet loss',
    'triplet loss margin hard negatives citation',
    'hospital survey patients waiting',
    'hospital staff survey',
  ].map(tokenize);

  it('weighs the literal words fully and their paraphrases below them', () => {
    const weights = withParaphrases(tokenize('employs dataset'));
    expect(weights.get(stem('employs'))).toBe(LITERAL_WEIGHT);
    expect(weights.get(stem('uses'))).toBe(PARAPHRASE_WEIGHT);
    expect(weights.get(stem('corpus'))).toBe(PARAPHRASE_WEIGHT);
    expect(PARAPHRASE_WEIGHT).toBeLessThan(LITERAL_WEIGHT);
  });

  it('a literal word keeps its weight when it is also a paraphrase of another', () => {
    const weights = withParaphrases(tokenize('uses employs'));
    expect(weights.get(stem('uses'))).toBe(LITERAL_WEIGHT);
    expect(weights.get(stem('employs'))).toBe(LITERAL_WEIGHT);
  });

  it('learns feedback words from the passages the question ranks first, at most FEEDBACK_WEIGHT', () => {
    const weights = expandQuestion(tokenize('triplet citation'), passages);
    const feedback = [...weights].filter(([term]) => !['triplet', 'citat'].includes(term));
    expect(weights.get(stem('loss'))).toBeGreaterThan(0);
    for (const [, weight] of feedback) expect(weight).toBeLessThanOrEqual(Math.max(FEEDBACK_WEIGHT, PARAPHRASE_WEIGHT));
    // Words of passages the question does not reach are not learned.
    expect(weights.has(stem('hospital'))).toBe(false);
  });
});
