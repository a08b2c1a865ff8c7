import { describe, expect, it } from 'vitest';
import { answerFromPassages, isTableRun, MAX_ANSWER_SENTENCES } from './answer-sentences';

const numbered = (texts: readonly string[]) => texts.map((text, index) => ({ n: index + 1, text, coverage: 1 }));

const NEGATIVES = numbered([
  'We denote as hard negatives the papers that are not cited by the query paper, but are cited by a paper cited by the query paper. We expect the hard negatives to be somewhat related to the query paper.',
  'For each query paper we construct up to five training triples. We empirically found it helpful to use 2 hard negatives and 3 easy negatives for each query paper. This process results in about 684K training triples.',
  'Including hard negatives results in more accurate embeddings compared to using random negatives alone.',
]);

const NEGATIVES_TEXT = NEGATIVES[0]?.text ?? '';

describe('answerFromPassages', () => {
  it('answers "how many" with the sentence that states the numbers, first', () => {
    const answer = answerFromPassages('How many hard and easy negatives per query paper?', NEGATIVES);
    expect(answer?.sentences[0]?.text).toBe(
      'We empirically found it helpful to use 2 hard negatives and 3 easy negatives for each query paper.',
    );
    expect(answer?.sentences[0]?.n).toBe(2);
  });

  it('quotes 1-3 sentences, each verbatim from the passage it cites', () => {
    const answer = answerFromPassages('What are hard negatives and why are they used?', NEGATIVES);
    expect(answer?.sentences.length).toBeGreaterThanOrEqual(1);
    expect(answer?.sentences.length).toBeLessThanOrEqual(MAX_ANSWER_SENTENCES);
    for (const sentence of answer?.sentences ?? []) {
      const passage = NEGATIVES.find((p) => p.n === sentence.n)?.text ?? '';
      expect(passage.slice(sentence.start, sentence.end)).toBe(sentence.text);
    }
  });

  it('stops when the next sentence adds no question word the chosen ones lack', () => {
    const answer = answerFromPassages(
      'How many training triples result from the process?',
      numbered([
        'This process results in about 684K training triples and 145K validation triples.',
        'The training triples are sampled from direct citations of the query. Each of the training triples has a query, a positive and a negative paper.',
      ]),
    );
    expect(answer?.sentences.map((sentence) => sentence.text)).toEqual([
      'This process results in about 684K training triples and 145K validation triples.',
    ]);
  });

  it('abstains on a quantity nobody states beside its number', () => {
    const passages = numbered([
      'Citation edges link a citing paper to the paper it cites. Citation edges carry the contexts of the citation.',
      'The literature graph has 12M author nodes and 0.4M entity nodes.',
    ]);
    expect(answerFromPassages('How many citation edges does the literature graph contain?', passages)).toBeNull();
  });

  it('quotes a sentence closed by a reference marker without the marker', () => {
    const answer = answerFromPassages(
      'Which model could the department adopt to enhance communication among staff?',
      numbered(['The department could adopt the SBAR model to enhance communication among staff [25]. Staff agreed.']),
    );
    expect(answer?.sentences[0]?.text).toBe(
      'The department could adopt the SBAR model to enhance communication among staff',
    );
    expect(answer?.text).not.toContain('[25]');
  });

  it('abstains when no passage covers enough of the question', () => {
    expect(
      answerFromPassages('What is the boiling point of mercury?', [{ n: 1, text: NEGATIVES_TEXT, coverage: 0.1 }]),
    ).toBeNull();
  });
});

describe('isTableRun', () => {
  it.each([
    ['SPECTER 84.2 88.4 91.5 36.9 80.0 − abstract 82.2 72.2 73.6 34.5 68.1 + venue 84.5 88.0.', true],
    ['We use 2 hard negatives and 3 easy negatives for each query paper.', false],
    ['SPECTER reaches an average score of 80.0, 3.1 points above the best baseline.', false],
  ])('%s → %s', (text, expected) => {
    expect(isTableRun(text)).toBe(expected);
  });
});
