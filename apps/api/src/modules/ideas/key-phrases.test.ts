import { describe, expect, it } from 'vitest';
import { holdsPhrase, keyPhrases, phraseFrequencies, phraseKey } from './key-phrases';

const texts = (text: string) => keyPhrases(text).map((phrase) => phrase.text);

describe('key phrases (docs/ideas.md#offline-literature-based-discovery)', () => {
  it('finds the multi-word noun phrases of an abstract, never single words, verbs or maths', () => {
    expect(
      texts(
        'To this end, we propose GTPN, a graph transformer policy network for molecular property prediction using message passing neural networks ($\\alpha=0.3$).',
      ),
    ).toEqual(['graph transformer policy network', 'molecular property prediction', 'message passing neural networks']);
    expect(
      texts('We price options under stochastic volatility in illiquid markets with the Black-Scholes model.'),
    ).toEqual(['stochastic volatility', 'illiquid markets', 'Black-Scholes model']);
  });

  it('keeps acronyms and cuts a long run to its last four words (the head noun comes last)', () => {
    expect(texts('Deep GNN ensemble uncertainty estimation helps.')).toEqual(['GNN ensemble uncertainty estimation']);
    // "price" is a verb here: no phrase "price options".
    expect(texts('We price options.')).toEqual([]);
  });

  it("reads an abstract's TeX as prose: an en dash of --, maths in a word", () => {
    expect(texts('We price options under the Ornstein--Uhlenbeck process with $k$-means clustering.')).toEqual(
      expect.arrayContaining(['Ornstein–Uhlenbeck process', 'k-means clustering']),
    );
  });

  it('keeps nouns ending in -ly and ends phrases at adverbs', () => {
    expect(texts('Anomaly detection works reliably on sensor streams.')).toEqual([
      'anomaly detection',
      'sensor streams',
    ]);
  });

  it('counts papers per phrase across spellings, and finds a phrase inside a text', () => {
    const counts = phraseFrequencies(['Graph neural networks win.', 'A graph neural network loses.', 'Nothing here.']);
    expect(counts.get(phraseKey('graph neural networks'))).toMatchObject({ df: 2 });
    expect(holdsPhrase(phraseKey('Deep graph neural networks for molecules'), phraseKey('graph neural network'))).toBe(
      true,
    );
    expect(holdsPhrase(phraseKey('neural graph networks'), phraseKey('graph neural network'))).toBe(false);
  });
});
