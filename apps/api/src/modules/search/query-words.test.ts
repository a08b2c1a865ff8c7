import { describe, expect, it } from 'vitest';
import { applyCorrections, correctableWords, normaliseQuery } from './query-words';

describe('correctableWords', () => {
  it('skips OR, excluded terms, words with digits and words under 3 letters', () => {
    const words = correctableWords('"Tranformer atention" OR lstm -rnn of 3d x2 non-linear');
    expect(words.map((w) => w.word)).toEqual(['tranformer', 'atention', 'lstm', 'non', 'linear']);
  });

  it('treats a hyphen inside a word as part of it, not as an exclusion', () => {
    expect(correctableWords('-quantum (-classical) self-dual').map((w) => w.word)).toEqual(['self', 'dual']);
  });
});

describe('applyCorrections', () => {
  it('replaces corrected words in place and keeps quotes, operators and spacing', () => {
    const query = '"Tranformer  atention" OR lstm -tranformer';
    const corrected = applyCorrections(
      query,
      correctableWords(query),
      new Map([
        ['tranformer', 'transformer'],
        ['atention', 'attention'],
      ]),
    );
    expect(corrected).toBe('"transformer  attention" OR lstm -tranformer');
  });
});

describe('normaliseQuery', () => {
  it('trims, lower-cases and collapses whitespace', () => {
    expect(normaliseQuery('  Graph   Neural\tNetworks ')).toBe('graph neural networks');
  });
});
