import { describe, expect, it } from 'vitest';
import { quoteMatchesPassage } from './quote-match';

const passage =
  'We propose SPECTER, a new method to generate document-level embeddings of scientiﬁc documents based on pretraining a Transformer language model on a powerful signal of document-level related-\nness: the citation graph.';

describe('quoteMatchesPassage', () => {
  it.each([
    ['an exact substring', 'a new method to generate document-level embeddings', true],
    ['ligature and hyphenated line break in the passage', 'embeddings of scientific documents', true],
    ['relatedness joined across the line break', 'document-level relatedness: the citation graph', true],
    [
      'curly quotes, en dash, case and spacing',
      'We  propose SPECTER, a new method to generate document\u2013level   EMBEDDINGS',
      true,
    ],
    ['parts elided with an ellipsis, in order', 'We propose SPECTER … pretraining a Transformer language model', true],
    ['elided parts out of order', 'pretraining a Transformer language model ... We propose SPECTER', false],
    [
      'a long prefix with a loose ending',
      'based on pretraining a Transformer language model on a powerful signal of document-level relatedness, namely co-views',
      true,
    ],
    ['a quote not in the passage', 'SPECTER is trained with a graph neural network over co-authorship', false],
    [
      'a short addition at the end passes on its prefix (numbers are checked per sentence)',
      'a powerful signal of document-level relatedness: the citation graph of 2019',
      true,
    ],
    ['a too short quote', 'the', false],
  ])('%s', (_case, quote, expected) => {
    expect(quoteMatchesPassage(quote, passage)).toBe(expected);
  });
});
