import { describe, expect, it } from 'vitest';
import { fitsType, hasQuantity, quantityFocus, questionType } from './question-type';

describe('questionType', () => {
  it.each([
    ['How many hard and easy negatives per query paper?', 'quantity'],
    ['What value of the margin m is used?', 'quantity'],
    ['How much did the ranker improve clickthrough rate?', 'quantity'],
    ['What percentage of respondents were self-referrals?', 'quantity'],
    ['Who pays for running the hospital?', 'name'],
    ['Which library converts each PDF page into tokens?', 'name'],
    ['What are hard negatives in SPECTER?', 'definition'],
    ['Why did some people stop exercising?', 'reason'],
    ['Does the software overwrite the data you give it?', 'other'],
  ])('%s → %s', (question, type) => {
    expect(questionType(question)).toBe(type);
  });
});

describe('quantityFocus', () => {
  it.each([
    ['How many hard and easy negatives per query paper?', ['negat']],
    ['How many stakeholders were purposively sampled?', ['stakehold']],
    ['How many citation edges does the graph contain?', ['edg']],
    ['How many of the 7,918 genes showed evidence of selection?', ['gene']],
    ['What share of total healthcare expenditures do the costs constitute?', ['expenditur']],
    ['What is SPECTER?', []],
  ])('%s', (question, focus) => {
    expect(quantityFocus(question)).toEqual(focus);
  });
});

describe('hasQuantity', () => {
  it.each([
    ['We use 2 hard negatives and 3 easy negatives.', true],
    ['About 146K query papers.', true],
    ['It improved clickthrough by 46.5%.', true],
    ['Fifteen participants took part.', true],
    ['The learning rate was 2e-5.', true],
    ['If P1 cites P2 then P3 is a candidate.', false],
    ['We use SciBERT (Beltagy et al., 2019) as the encoder.', false],
    ['Peters et al. (2017) train a language model.', false],
  ])('%s → %s', (sentence, expected) => {
    expect(hasQuantity(sentence)).toBe(expected);
  });
});

describe('fitsType', () => {
  it('a name question wants a name inside the sentence, a definition question a defining verb', () => {
    expect(fitsType('name', 'We implement our model in AllenNLP.')).toBe(true);
    expect(fitsType('name', 'we implement our model in a toolkit.')).toBe(false);
    expect(fitsType('definition', 'Hard negatives are the papers cited by a cited paper.')).toBe(true);
    expect(fitsType('definition', 'Hard negatives help.')).toBe(false);
    expect(fitsType('reason', 'This is because author names are sparse.')).toBe(true);
    expect(fitsType('other', 'Anything at all.')).toBe(false);
  });
});
