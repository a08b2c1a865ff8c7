import { describe, expect, it } from 'vitest';
import { findQuoteSpans } from './quote-spans';

const spans = [
  'Introduction',
  'Transformers rely on self-',
  'attention to model long',
  'range dependen-',
  'cies in text.',
  'Results follow.',
];

describe('findQuoteSpans', () => {
  it('finds a passage across spans despite hyphenated breaks, case and spacing', () => {
    expect(findQuoteSpans(spans, 'transformers rely on self-attention to model long-range dependencies')).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('folds ligatures and accents', () => {
    expect(findQuoteSpans(['the eﬃcient café'], 'The efficient cafe')).toEqual([0]);
  });

  it('falls back to the first and last characters when the middle differs', () => {
    const page = [
      'Intro',
      'Transformers rely on self-attention to model long range',
      'dependen-',
      'cies in text, which recurrent networks find hard to learn.',
      'Next',
    ];
    const quote =
      'Transformers rely on self-attention to model long range dependen ¶ cies in text, which recurrent networks find hard to learn.';
    expect(findQuoteSpans(page, quote.replace('¶', '(sic)'))).toEqual([1, 2, 3]);
  });

  it('finds a cleaned passage whose first 40 letters lost a footnote mark, and a page number inside it', () => {
    const page = [
      'Header',
      'We rely on curated domain ontologies9 built over many years,',
      '12',
      'and we extend them with terms mined from the corpus itself.',
      'Footer',
    ];
    // What the server's cleaning keeps of those lines: the mark "9" and the page number "12" dropped.
    const quote =
      'We rely on curated domain ontologies built over many years, and we extend them with terms mined from the corpus itself.';
    expect(findQuoteSpans(page, quote)).toEqual([1, 2, 3]);
  });

  it('finds nothing when the quote is not on the page', () => {
    expect(findQuoteSpans(spans, 'Convolutional networks dominate vision.')).toEqual([]);
    expect(findQuoteSpans(spans, '')).toEqual([]);
  });
});
