import { describe, expect, it } from 'vitest';
import { splitCitations } from './citation-pieces';

describe('splitCitations', () => {
  it.each([
    ['no citation', [{ kind: 'text', value: 'no citation' }]],
    [
      'Attention is enough [1].',
      [
        { kind: 'text', value: 'Attention is enough ' },
        { kind: 'cite', n: 1 },
        { kind: 'text', value: '.' },
      ],
    ],
    [
      '[2][10]',
      [
        { kind: 'cite', n: 2 },
        { kind: 'cite', n: 10 },
      ],
    ],
    ['a [x] and [1000] stay text', [{ kind: 'text', value: 'a [x] and [1000] stay text' }]],
  ])('%s', (text, pieces) => {
    expect(splitCitations(text)).toEqual(pieces);
  });
});
