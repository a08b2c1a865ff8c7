import { describe, expect, it } from 'vitest';
import { isCategoryTopic } from './topic-match';

describe('isCategoryTopic', () => {
  it.each(['cs.CL', 'math.AG', 'hep-th', 'astro-ph.GA', 'q-bio.NC'])('treats %s as a category', (topic) => {
    expect(isCategoryTopic(topic)).toBe(true);
  });
  it.each(['graph neural networks', 'transformers', 'cs CL', 'large-scale optimisation', 'self-attention'])(
    'treats %s as a text query',
    (topic) => {
      expect(isCategoryTopic(topic)).toBe(false);
    },
  );
});
