import { describe, expect, it } from 'vitest';
import { ReferenceNumbers, renumberCitations } from './citation-numbers';

describe('renumberCitations', () => {
  const paperOf = new Map([
    [1, 'A'],
    [2, 'B'],
    [3, 'A'],
    [4, 'C'],
  ]);

  it('numbers papers in order of first citation across texts, once per paper', () => {
    const numbers = new ReferenceNumbers();
    expect(renumberCitations('B does x [2]. A does y [1, 3].', (n) => paperOf.get(n), numbers)).toBe(
      'B does x [1]. A does y [2].',
    );
    expect(renumberCitations('C and A agree [4, 1].', (n) => paperOf.get(n), numbers)).toBe('C and A agree [2, 3].');
    expect(numbers.keys()).toEqual(['B', 'A', 'C']);
  });

  it('drops numbers with no paper, and a marker left empty with its space', () => {
    const numbers = new ReferenceNumbers();
    expect(renumberCitations('A does y [9]. B does x [2, 9].', (n) => paperOf.get(n), numbers)).toBe(
      'A does y. B does x [1].',
    );
    expect(numbers.keys()).toEqual(['B']);
  });
});
