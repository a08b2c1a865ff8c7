import { describe, expect, it } from 'vitest';
import { perPaperLimitFor, rankPassages } from './rank-passages';
import { TEST_PASSAGES } from './test-passages';

const textsOf = (question: string, options: { limit?: number; perPaperLimit?: number } = {}) =>
  rankPassages({ question, passages: TEST_PASSAGES, ...options }).map(({ passage }) => passage.text);

describe('rankPassages', () => {
  it.each([
    ['a keyword question finds its passage first', 'What average score does SPECTER reach on SciDocs?', 1],
    ['inflections match (waited ~ waiting)', 'How long have patients waited at clinics?', 4],
    ['framing words do not count ("the paper")', 'What does the paper say about entity linking?', 6],
  ])('%s', (_case, question, expectedIndex) => {
    expect(textsOf(question)[0]).toBe(TEST_PASSAGES[expectedIndex]?.text);
  });

  it('returns nothing when no passage shares a term with the question', () => {
    expect(textsOf('What is the boiling temperature of mercury?')).toEqual([]);
  });

  it('caps passages per paper and in total', () => {
    const question = 'SPECTER SciDocs citation papers health graph';
    const ranked = rankPassages({ question, passages: TEST_PASSAGES, perPaperLimit: 2, limit: 4 });
    expect(ranked).toHaveLength(4);
    expect(ranked.filter(({ passage }) => passage.paperKey === 'specter').length).toBeLessThanOrEqual(2);
  });

  it('is deterministic', () => {
    const question = 'citation embeddings of papers';
    expect(rankPassages({ question, passages: TEST_PASSAGES })).toEqual(
      rankPassages({ question, passages: TEST_PASSAGES }),
    );
  });

  it('fuses dense similarity when embeddings exist: a paraphrase finds its passage', () => {
    // The paraphrase shares no term with passage 5; its embedding points at it.
    const passages = TEST_PASSAGES.map((passage, index) => ({ ...passage, embedding: index === 5 ? [1, 0] : [0, 1] }));
    const question = 'Did more families in the countryside sign up once it got cheaper?';
    const ranked = rankPassages({ question, passages, questionEmbedding: [1, 0.05] });
    expect(ranked[0]?.passage.text).toBe(TEST_PASSAGES[5]?.text);
    expect(rankPassages({ question, passages })[0]?.passage.text).not.toBe(TEST_PASSAGES[5]?.text);
  });

  it('reports the question coverage of each passage', () => {
    const [best] = rankPassages({ question: 'SciDocs recommendation task', passages: TEST_PASSAGES });
    expect(best?.coverage).toBe(1);
  });
});

describe('perPaperLimitFor', () => {
  it('caps each paper at 3 when papers compete for the 10 passages, and lets fewer papers fill them', () => {
    expect([1, 2, 3, 4, 5, 20].map(perPaperLimitFor)).toEqual([10, 5, 4, 3, 3, 3]);
  });
});
