import { describe, expect, it } from 'vitest';
import { markPieces, shiftMarks, snippetStart } from './text-marks';

describe('markPieces', () => {
  it('cuts a text into plain and matched pieces, in order whatever the order of the marks', () => {
    expect(
      markPieces('graph neural networks', [
        [13, 21],
        [0, 5],
      ]),
    ).toEqual([
      { text: 'graph', isMatch: true },
      { text: ' neural ', isMatch: false },
      { text: 'networks', isMatch: true },
    ]);
  });

  it('clips marks to the slice asked for and ignores those outside it', () => {
    const text = 'one two three four';
    expect(
      markPieces(
        text,
        [
          [0, 3],
          [4, 7],
          [14, 18],
        ],
        5,
        13,
      ),
    ).toEqual([
      { text: 'wo', isMatch: true },
      { text: ' three', isMatch: false },
    ]);
  });

  it('returns the text as one plain piece without marks, and nothing for an empty slice', () => {
    expect(markPieces('plain', [])).toEqual([{ text: 'plain', isMatch: false }]);
    expect(markPieces('plain', [[0, 5]], 2, 2)).toEqual([]);
  });
});

describe('shiftMarks', () => {
  it('moves marks and drops those that fall before the start', () => {
    expect(
      shiftMarks(
        [
          [2, 4],
          [10, 12],
        ],
        -5,
      ),
    ).toEqual([[5, 7]]);
  });
});

describe('snippetStart', () => {
  const filler = 'word '.repeat(60); // 300 characters

  it('keeps the usual preview when it already shows the first match', () => {
    expect(snippetStart(`match ${filler}`, [[0, 5]], 250)).toBe(0);
    expect(snippetStart(filler, [], 250)).toBe(0);
  });

  it('starts at a word about 70 characters before a match past the preview', () => {
    const text = `${filler}match and more`;
    const start = snippetStart(text, [[300, 305]], 250);
    expect(300 - start).toBeLessThanOrEqual(70);
    expect(300 - start).toBeGreaterThan(60);
    expect(text[start - 1]).toBe(' ');
  });

  it('never starts inside a formula', () => {
    const formula = `$${'x+'.repeat(60)}y$`; // 123 characters of math
    const text = `${filler}${formula} then the match`;
    const matchAt = text.indexOf('match');
    const start = snippetStart(text, [[matchAt, matchAt + 5]], 250);
    expect(start).toBe(filler.length);
  });
});
