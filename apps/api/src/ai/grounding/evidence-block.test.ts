import { describe, expect, it } from 'vitest';
import { shownAnswerPrefix, splitAnswerAndEvidence } from './evidence-block';

describe('splitAnswerAndEvidence', () => {
  it.each([
    [
      'the block is stripped and parsed',
      'SPECTER uses citations [1].\n\nEVIDENCE:\n[1] "pretraining a Transformer on the citation graph"',
      'SPECTER uses citations [1].',
      [[1, ['pretraining a Transformer on the citation graph']]],
    ],
    [
      'curly quotes, bullets, emphasis and several quotes per citation',
      'A [1] and B [2].\n**Evidence:**\n- [1]: “first quote”\n[2] second quote\n[1] "another quote"',
      'A [1] and B [2].',
      [
        [1, ['first quote', 'another quote']],
        [2, ['second quote']],
      ],
    ],
    ['no block', 'Just an answer [1].', 'Just an answer [1].', []],
    ['lines that are not quotes are ignored', 'A [1].\nEVIDENCE:\nnone\n[1] ""', 'A [1].', []],
  ])('%s', (_case, text, answer, quotes) => {
    const parsed = splitAnswerAndEvidence(text);
    expect(parsed.answer).toBe(answer);
    expect([...parsed.quotes]).toEqual(quotes);
  });
});

describe('shownAnswerPrefix', () => {
  it.each([
    ['plain text streams as is', 'SPECTER uses', 'SPECTER uses'],
    ['a line that may become the header is held back', 'Done [1].\nEVID', 'Done [1].'],
    ['emphasis that may open the header is held back', 'Done [1].\n**', 'Done [1].'],
    ['a line that cannot become the header is shown', 'Done [1].\nEven so', 'Done [1].\nEven so'],
    ['the block is never shown', 'Done [1].\nEVIDENCE:\n[1] "q', 'Done [1].'],
  ])('%s', (_case, streamed, expected) => {
    expect(shownAnswerPrefix(streamed)).toBe(expected);
  });

  it('each shown prefix extends the previous one and ends as the final answer', () => {
    const full = 'First claim [1].\nSecond claim [2].\n\n**EVIDENCE:**\n[1] "one"\n[2] "two"';
    let previous = '';
    for (let end = 1; end <= full.length; end++) {
      const shown = shownAnswerPrefix(full.slice(0, end));
      expect(shown.startsWith(previous)).toBe(true);
      previous = shown;
    }
    expect(previous).toBe(splitAnswerAndEvidence(full).answer);
  });
});
