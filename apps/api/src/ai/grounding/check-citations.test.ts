import { describe, expect, it } from 'vitest';
import { checkCitations } from './check-citations';
import { splitAnswerAndEvidence } from './evidence-block';

const passages = new Map([
  [1, 'SPECTER learns document embeddings of scientiﬁc papers by pretraining a Transformer on the citation graph.'],
  [2, 'SPECTER reaches an average score of 80.0 on SciDocs, 3.1 points above the best base-\nline.'],
  [3, 'The survey covered 3,200 patients in Ghana; waiting time at outpatient clinics was the main complaint.'],
]);

const quote1 = '[1] "pretraining a Transformer on the citation graph"';
const quote2 = '[2] "an average score of 80.0 on SciDocs"';
const quote3 = '[3] "The survey covered 3,200 patients in Ghana"';

describe('checkCitations', () => {
  it.each([
    [
      'a supported sentence',
      'SPECTER pretrains a Transformer on the citation graph [1].',
      [quote1],
      { supported: true, reasons: [] },
      { supported: [1], unsupported: [] },
    ],
    [
      'a fabricated [7]',
      'SPECTER pretrains a Transformer on the citation graph [7].',
      ['[7] "pretraining a Transformer on the citation graph"'],
      {
        supported: false,
        reasons: ['[7] is not one of the passages sent', 'only 0 % of its words are in the cited passages'],
      },
      { supported: [], unsupported: [7] },
    ],
    [
      'a quote not in the passage',
      'SPECTER pretrains a Transformer on the citation graph [1].',
      ['[1] "SPECTER is trained with a graph neural network"'],
      { supported: false, reasons: ['the quote for [1] is not in its passage'] },
      { supported: [], unsupported: [1] },
    ],
    [
      'a number that differs',
      'SPECTER reaches an average score of 82.5 on SciDocs [2].',
      [quote2],
      { supported: false, reasons: ['82.5 is not in the cited passages'] },
      { supported: [], unsupported: [2] },
    ],
    [
      'ligatures, dashes and hyphen breaks normalised',
      'SPECTER learns embeddings of scientific papers [1], beating the baseline by 3.1 points [2].',
      ['[1] "embeddings of scientiﬁc papers"', '[2] "3.1 points above the best base\u2010 line"'],
      { supported: true, reasons: [] },
      { supported: [1, 2], unsupported: [] },
    ],
    [
      'a supported multi-citation sentence',
      'SPECTER scores 80.0 on SciDocs after pretraining on the citation graph [1, 2].',
      [quote1, quote2],
      { supported: true, reasons: [] },
      { supported: [1, 2], unsupported: [] },
    ],
    [
      'a thousands separator written differently',
      'The survey covered 3200 patients in Ghana [3].',
      [quote3],
      { supported: true, reasons: [] },
      { supported: [3], unsupported: [] },
    ],
    [
      'an on-topic claim the passage does not make',
      'Patients in Ghana preferred private hospitals because of lower fees and friendlier nurses [3].',
      [quote3],
      { supported: false, reasons: ['only 22 % of its words are in the cited passages'] },
      { supported: [], unsupported: [3] },
    ],
    [
      'a citation without a quote',
      'The survey covered 3,200 patients in Ghana [3].',
      [],
      { supported: false, reasons: ['[3] comes without a quote'] },
      { supported: [], unsupported: [3] },
    ],
    [
      'a sentence without a citation',
      'SPECTER is the best model ever built.',
      [],
      { supported: false, reasons: ['no citation'] },
      { supported: [], unsupported: [] },
    ],
  ])('%s', (_case, answer, evidence, sentence, citations) => {
    const parsed = splitAnswerAndEvidence(`${answer}\n\nEVIDENCE:\n${evidence.join('\n')}`);
    const verdict = checkCitations({ answer: parsed.answer, quotes: parsed.quotes, passages });
    expect(verdict.sentences).toEqual([{ text: answer, citations: expect.any(Array), ...sentence }]);
    expect(verdict.citations).toEqual(citations);
  });

  it('judges each sentence, and a citation by every sentence that leans on it', () => {
    const answer =
      'SPECTER pretrains a Transformer on the citation graph [1]. It reaches 95.0 on SciDocs [2]. The survey covered 3,200 patients in Ghana. [3]';
    const { quotes } = splitAnswerAndEvidence(`EVIDENCE:\n${quote1}\n${quote2}\n${quote3}`);
    const verdict = checkCitations({ answer, quotes, passages });
    expect(verdict.sentences.map(({ text, citations, supported }) => [text, citations, supported])).toEqual([
      ['SPECTER pretrains a Transformer on the citation graph [1].', [1], true],
      ['It reaches 95.0 on SciDocs [2].', [2], false],
      ['The survey covered 3,200 patients in Ghana. [3]', [3], true],
    ]);
    expect(verdict.citations).toEqual({ supported: [1, 3], unsupported: [2] });
  });

  it('checks list items as sentences of their own', () => {
    const answer = '- SPECTER pretrains on the citation graph [1]\n- The survey covered 3,200 patients [3]';
    const { quotes } = splitAnswerAndEvidence(`EVIDENCE:\n${quote1}\n${quote3}`);
    const verdict = checkCitations({ answer, quotes, passages });
    expect(verdict.sentences.map(({ citations, supported }) => [citations, supported])).toEqual([
      [[1], true],
      [[3], true],
    ]);
  });
});
