import type { TCitedPassage } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { judgeModelAnswer, missingTermsAbstention } from './answer-verdict';
import { ABSTENTION_ANSWER } from './chat-prompt';

const PASSAGES: TCitedPassage[] = [
  {
    n: 1,
    paper_id: '1903.10676',
    platform: 'arxiv',
    page: 2,
    text: 'The survey covered 3,200 patients in Ghana. Waiting time at outpatient clinics was the main complaint.',
  },
];
const quotes = (entries: [number, string][]) => new Map(entries.map(([n, quote]) => [n, [quote]]));

describe('judgeModelAnswer: abstention layers 2 and 3, and the unsupported sentences marked', () => {
  it('keeps a supported answer, marking the sentence whose number is not in its passage', () => {
    const answer = 'The survey covered 3,200 patients in Ghana [1]. It covered 4,100 patients in Ghana [1].';
    const verdict = judgeModelAnswer(answer, quotes([[1, 'The survey covered 3,200 patients']]), PASSAGES);
    expect(verdict).toMatchObject({
      content: answer,
      abstained: false,
      citations: { supported: [], unsupported: [1] },
    });
    expect(verdict.unsupportedSpans.map(({ start, end }) => answer.slice(start, end))).toEqual([
      'It covered 4,100 patients in Ghana [1].',
    ]);
  });

  it.each([
    ['the model says it cannot find the answer', 'I cannot find this in the selected papers.', quotes([])],
    ['in its own casing and quotes', 'i cannot find this in the selected papers', quotes([])],
    ['an empty answer', '', quotes([])],
    ['no sentence survives the checker', 'Ghana has 9 clinics [1].', quotes([[1, 'nine clinics']])],
  ])('abstains when %s', (_case, answer, given) => {
    const verdict = judgeModelAnswer(answer, given, PASSAGES);
    expect(verdict).toMatchObject({ content: ABSTENTION_ANSWER, abstained: true, unsupportedSpans: [] });
  });
});

describe('missingTermsAbstention: the abstention sentence names what the papers lack', () => {
  it.each([
    [['BEIR'], 'The selected papers do not mention BEIR.'],
    [['BEIR', 'TREC-COVID'], 'The selected papers do not mention BEIR or TREC-COVID.'],
    [['A', 'B', 'C'], 'The selected papers do not mention A, B or C.'],
  ])('%j', (terms, content) => {
    expect(missingTermsAbstention(terms)).toEqual({
      content,
      abstained: true,
      citations: { supported: [], unsupported: [] },
      unsupportedSpans: [],
    });
  });
});
