import { describe, expect, it } from 'vitest';
import { normalizeText, numbersIn, tokenize } from './normalize';

describe('normalizeText', () => {
  it.each([
    [
      'ligatures',
      'eﬃcient ﬁne-tuning of ﬂows, oﬀsets and baﬄes',
      'efficient fine-tuning of flows, offsets and baffles',
    ],
    ['curly quotes', '\u201CIt\u2019s\u201D', '"it\'s"'],
    ['dashes', 'a\u2013b \u2014 c\u2212d', 'a-b - c-d'],
    ['hyphenated line break', 'the base-\nline and pre-  trained', 'the baseline and pretrained'],
    ['a spaced dash is not a line break', 'models - not people', 'models - not people'],
    ['accents', 'naïve café', 'naive cafe'],
    ['soft hyphen', 'trans\u00ADformer', 'transformer'],
    ['whitespace and case', '  Deep\n\tLEARNING  ', 'deep learning'],
  ])('%s', (_case, text, expected) => {
    expect(normalizeText(text)).toBe(expected);
  });
});

describe('tokenize', () => {
  it.each([
    ['drops stopwords and stems', 'The models were trained on the datasets', ['model', 'train', 'dataset']],
    ['stems inflections alike', 'citation citations cited', ['citat', 'citat', 'cite']],
    ['drops bare numbers and single letters', 'In 2020 a b GPT-4 used 3 layers', ['gpt', 'use', 'layer']],
    ['keeps alphanumeric terms', 'BERT and F1 on SciDocs', ['bert', 'f1', 'scidoc']],
    ['joins hyphenated breaks first', 'the classi-\nfier', ['classifi']],
  ])('%s', (_case, text, expected) => {
    expect(tokenize(text)).toEqual(expected);
  });
});

describe('numbersIn', () => {
  it.each([
    ['percent and decimals', 'rose by 3.5% to 91.20 points', ['3.5', '91.2']],
    ['thousands separators', '1,024 and 12,000,000 papers', ['1024', '12000000']],
    ['a list is not a thousands separator', 'pages 3,4 and 12,34', ['3', '4', '12', '34']],
    ['duplicates once', '5 of 5', ['5']],
    ['none', 'no numbers here', []],
  ])('%s', (_case, text, expected) => {
    expect(numbersIn(text)).toEqual(expected);
  });
});
