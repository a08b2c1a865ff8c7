import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

describe('splitSentences', () => {
  it.each([
    ['plain sentences', 'We train a model. It works well.', ['We train a model.', 'It works well.']],
    [
      'Fig. and Eq. with numbers',
      'As shown in Fig. 3, accuracy rises. See Eq. 5 for the loss.',
      ['As shown in Fig. 3, accuracy rises.', 'See Eq. 5 for the loss.'],
    ],
    [
      'Sec. and Tab.',
      'Details are in Sec. 4.2 and Tab. 2 lists them. We stop.',
      ['Details are in Sec. 4.2 and Tab. 2 lists them.', 'We stop.'],
    ],
    [
      'et al. before a year',
      'This follows Smith et al. 2020 closely. Then we test.',
      ['This follows Smith et al. 2020 closely.', 'Then we test.'],
    ],
    [
      'et al. before a bracket',
      'As Smith et al. (2020) showed, it helps. Then we test.',
      ['As Smith et al. (2020) showed, it helps.', 'Then we test.'],
    ],
    [
      'et al. ending a sentence',
      'This was shown by Smith et al. We extend it.',
      ['This was shown by Smith et al.', 'We extend it.'],
    ],
    [
      'e.g., i.e., cf. and vs.',
      'We use e.g. BERT, i.e. a transformer, cf. GPT. Results vs. baselines are good.',
      ['We use e.g. BERT, i.e. a transformer, cf. GPT.', 'Results vs. baselines are good.'],
    ],
    [
      'No. and Dr.',
      'Trial No. 4 was run by Dr. Smith. It failed.',
      ['Trial No. 4 was run by Dr. Smith.', 'It failed.'],
    ],
    [
      'author initials',
      'The method of J. Smith and A. B. Jones is used. It is fast.',
      ['The method of J. Smith and A. B. Jones is used.', 'It is fast.'],
    ],
    [
      'decimals and percentages',
      'Accuracy rose by 3.5% to 91.2. Loss fell.',
      ['Accuracy rose by 3.5% to 91.2.', 'Loss fell.'],
    ],
    [
      'a hyphenated line break stays in place',
      'We compare with the base-\nline model. It is weaker.',
      ['We compare with the base-\nline model.', 'It is weaker.'],
    ],
    [
      'a URL broken by periods',
      'See www. semanticscholar. org for the data. It is open.',
      ['See www. semanticscholar. org for the data.', 'It is open.'],
    ],
    [
      'an attribution in brackets after a quote',
      'One nurse said "we wait for hours." (Centre A, R4). Others agreed.',
      ['One nurse said "we wait for hours." (Centre A, R4).', 'Others agreed.'],
    ],
    ['empty text', '', []],
    ['whitespace only', '  \n ', []],
  ])('%s', (_case, text, expected) => {
    expect(splitSentences(text).map((sentence) => sentence.text)).toEqual(expected);
  });

  it.each([
    ['leading and inner whitespace', '  First one.\n\n  Second one here.  '],
    [
      'PDF text with line breaks',
      'A ﬁne-grained model (Fig.\n2) is trained on 3.5% of the data.\nIt con-\nverges fast.',
    ],
    ['unicode before a sentence', '“Quoted” text — with dashes. Next sentence… ends here.'],
  ])('offsets point into the input: %s', (_case, text) => {
    const sentences = splitSentences(text);
    expect(sentences.length).toBeGreaterThan(1);
    for (const sentence of sentences) {
      expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
      expect(sentence.text).toBe(sentence.text.trim());
    }
  });
});
