import { describe, expect, it } from 'vitest';
import { mathSafeCut, mayContainMath, splitTex } from './tex-segments';

describe('splitTex', () => {
  it('separates inline and display math from text', () => {
    expect(splitTex('Energy $E=mc^2$ and $$\\int f$$.').map(({ kind, value }) => [kind, value])).toEqual([
      ['text', 'Energy '],
      ['math', 'E=mc^2'],
      ['text', ' and '],
      ['math', '\\int f'],
      ['text', '.'],
    ]);
  });

  it('marks $$…$$ as display math', () => {
    expect(splitTex('$$x$$')[0]).toMatchObject({ kind: 'math', isDisplay: true, start: 0, end: 5 });
  });

  it('keeps an escaped or unmatched dollar as text', () => {
    expect(splitTex('costs \\$5 today')).toEqual([{ kind: 'text', value: 'costs $5 today', start: 0, end: 15 }]);
    expect(splitTex('a $ b')).toEqual([{ kind: 'text', value: 'a $ b', start: 0, end: 5 }]);
  });

  it('only flags texts with a dollar as possible math', () => {
    expect(mayContainMath('plain words')).toBe(false);
    expect(mayContainMath('$x$')).toBe(true);
  });
});

describe('mathSafeCut', () => {
  it('moves a cut inside a formula to the formula start', () => {
    expect(mathSafeCut('ab $xyz$ cd', 5)).toBe(3);
  });

  it('keeps a cut outside formulas', () => {
    expect(mathSafeCut('ab $x$ cdefg', 9)).toBe(9);
    expect(mathSafeCut('short', 250)).toBe(5);
  });
});
