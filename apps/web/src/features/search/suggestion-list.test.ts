import { describe, expect, it } from 'vitest';
import { nextActiveIndex, typedPart } from './suggestion-list';

describe('typedPart', () => {
  it('marks the first case-insensitive occurrence of the typed text', () => {
    expect(typedPart('Graph Neural Networks', ' neural ')).toEqual([
      { text: 'Graph ', isMatch: false },
      { text: 'Neural', isMatch: true },
      { text: ' Networks', isMatch: false },
    ]);
  });

  it('leaves a suggestion that does not contain the text (a typo match) unmarked', () => {
    expect(typedPart('transformer', 'tranformer')).toEqual([{ text: 'transformer', isMatch: false }]);
  });
});

describe('nextActiveIndex', () => {
  it('moves down and up through the options and the typed text, wrapping around', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(2, 3, 'ArrowDown')).toBe(-1);
    expect(nextActiveIndex(-1, 3, 'ArrowUp')).toBe(2);
    expect(nextActiveIndex(0, 3, 'ArrowUp')).toBe(-1);
    expect(nextActiveIndex(-1, 0, 'ArrowDown')).toBe(-1);
  });
});
