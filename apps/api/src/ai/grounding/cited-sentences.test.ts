import { describe, expect, it } from 'vitest';
import { citationsIn, citedSentences, withoutMarkers } from './cited-sentences';

describe('citedSentences', () => {
  it.each([
    [
      'markers before the period',
      'A holds [1]. B holds [2][3].',
      [
        ['A holds [1].', [1]],
        ['B holds [2][3].', [2, 3]],
      ],
    ],
    [
      'a marker after the period belongs to its sentence',
      'A holds.[4] B holds.',
      [
        ['A holds.[4]', [4]],
        ['B holds.', []],
      ],
    ],
    ['a list of numbers', 'A and B hold [1, 3].', [['A and B hold [1, 3].', [1, 3]]]],
    [
      'list items are sentences',
      '- A holds [1]\n- B holds [2]',
      [
        ['- A holds [1]', [1]],
        ['- B holds [2]', [2]],
      ],
    ],
  ])('%s', (_case, answer, expected) => {
    expect(citedSentences(answer).map(({ text, citations }) => [text, citations])).toEqual(expected);
  });
});

describe('citationsIn and withoutMarkers', () => {
  it('reads each number once, in order, and removes the markers', () => {
    expect(citationsIn('x [2] y [1,2] z [10]')).toEqual([2, 1, 10]);
    expect(withoutMarkers('rose 5 % [12].')).toBe('rose 5 %  .');
  });
});
