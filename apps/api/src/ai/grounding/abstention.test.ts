import { describe, expect, it } from 'vitest';
import {
  MIN_PARAPHRASED_COVERAGE,
  MIN_QUESTION_COVERAGE,
  PARAPHRASE_CREDIT,
  questionCoverage,
  shouldAbstain,
} from './abstention';
import { rankPassages } from './rank-passages';
import { TEST_PASSAGES } from './test-passages';

describe('questionCoverage', () => {
  const idf = (term: string) => (term === 'rare' ? 3 : 1);
  it.each([
    ['all terms', ['rare', 'common'], ['rare', 'common'], 1],
    ['the rare term weighs more', ['rare', 'common'], ['rare'], 0.75],
    ['only the common term', ['rare', 'common'], ['common'], 0.25],
    ['no question terms', [], ['rare'], 0],
  ])('%s', (_case, question, passage, expected) => {
    expect(questionCoverage(question, new Set(passage), idf)).toBeCloseTo(expected);
  });
});

describe('questionCoverage with paraphrases', () => {
  const idf = () => 1;
  const related = (term: string) => new Set(term === 'employ' ? ['use'] : []);
  it('a term said only in other words counts PARAPHRASE_CREDIT of its weight', () => {
    expect(questionCoverage(['employ', 'loss'], new Set(['use', 'loss']), idf, related)).toBeCloseTo(
      (1 + PARAPHRASE_CREDIT) / 2,
    );
    expect(questionCoverage(['employ', 'loss'], new Set(['employ', 'loss']), idf, related)).toBe(1);
    expect(questionCoverage(['employ', 'loss'], new Set(['use', 'loss']), idf)).toBe(0.5);
  });

  it('the chat threshold is below the literal one, and shouldAbstain takes it', () => {
    expect(MIN_PARAPHRASED_COVERAGE).toBeLessThan(MIN_QUESTION_COVERAGE);
    expect(shouldAbstain([{ coverage: MIN_PARAPHRASED_COVERAGE }], MIN_PARAPHRASED_COVERAGE)).toBe(false);
    expect(shouldAbstain([{ coverage: MIN_PARAPHRASED_COVERAGE }])).toBe(true);
  });
});

describe('shouldAbstain', () => {
  it.each([
    ['a question the papers answer', 'What average score does SPECTER reach on SciDocs?', false],
    ['a keyword question with one inflected term', 'How were hard negatives chosen for the triplet loss?', false],
    ['an off-topic question', 'What is the boiling point of water?', true],
    ['an off-topic question sharing a common word', 'What is the population of rural Paris in winter?', true],
    ['a question with no content word', 'What is it about?', true],
  ])('%s', (_case, question, expected) => {
    expect(shouldAbstain(rankPassages({ question, passages: TEST_PASSAGES }))).toBe(expected);
  });

  it('uses the documented threshold', () => {
    expect(shouldAbstain([{ coverage: MIN_QUESTION_COVERAGE }])).toBe(false);
    expect(shouldAbstain([{ coverage: MIN_QUESTION_COVERAGE - 0.01 }])).toBe(true);
    expect(shouldAbstain([])).toBe(true);
  });
});
