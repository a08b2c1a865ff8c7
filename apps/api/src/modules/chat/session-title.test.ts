import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_TITLE, titleFromQuestion } from './session-title';

describe('titleFromQuestion: a session named by its first question', () => {
  it.each([
    ['a short question stays whole', 'What is BM25?', 'What is BM25?'],
    ['whitespace is collapsed', '  What   is\n BM25?  ', 'What is BM25?'],
    [
      'a long question is cut at a word within 60 characters',
      'How do the authors evaluate retrieval quality across the different benchmark datasets they use?',
      'How do the authors evaluate retrieval quality across the…',
    ],
    ['one very long word is cut at 60 characters', 'x'.repeat(80), `${'x'.repeat(60)}…`],
    ['nothing but spaces falls back to the default', '   ', DEFAULT_SESSION_TITLE.chat],
  ])('%s', (_case, question, title) => {
    expect(titleFromQuestion(question)).toBe(title);
    expect(titleFromQuestion(question).length).toBeLessThanOrEqual(61);
  });
});
