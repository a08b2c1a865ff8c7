import { describe, expect, it } from 'vitest';
import { missingTerms, searchableText, specificTerms } from './specific-terms';

describe('specificTerms', () => {
  it.each([
    ['How does SPECTER perform on the BEIR benchmark?', ['SPECTER', 'BEIR']],
    ['What nDCG does it reach on TREC-COVID?', ['nDCG', 'TREC-COVID']],
    ['What does the metal_compare function do?', ['metal_compare']],
    ['How many of the 7,918 genes were tested in 2016?', ['7918', '2016']],
    [
      "What is the bed capacity at Kamuzu Central Hospital's Medical Department?",
      ['Kamuzu', 'Central', 'Hospital', 'Medical', 'Department'],
    ],
    // A paraphrase is all lowercase words the paper may not use: none of them is specific.
    ['How were the learned vectors squashed into two dimensions?', []],
    // The capital of the question's first word is no name, nor are the capitals of a title-case question.
    ['Which toolkit was the system built with?', []],
    ['What Toolkit Was The SPECTER System Built With?', ['SPECTER']],
  ])('%s', (question, terms) => {
    expect(specificTerms(question)).toEqual(terms);
  });
});

describe('missingTerms', () => {
  const text = searchableText([
    'SPECTER is evaluated on SCIDOCS with nDCG and MAP.',
    'We trained on a single Titan V GPU. The dataset has 7,918 gene families.',
  ]);

  it.each([
    [['SPECTER', 'BEIR'], ['BEIR']],
    [['TREC-COVID'], ['TREC-COVID']],
    // Case, plurals and thousands separators do not make a term missing.
    [['specter', 'GPUs', 'SciDocs', '7918'], []],
    // A word inside another word is not there: "MA" is not "MAP".
    [['MA'], ['MA']],
  ])('%j → %j', (terms, missing) => {
    expect(missingTerms(terms, text)).toEqual(missing);
  });
});
