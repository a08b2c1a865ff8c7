import { describe, expect, it } from 'vitest';
import { bm25, documentFrequencies, inverseDocumentFrequency } from './bm25';

const passages = [
  ['citat', 'graph', 'embed'],
  ['citat', 'citat', 'citat', 'model'],
  ['survey', 'health', 'servic', 'ghana', 'survey', 'patient', 'clinic', 'wait'],
  ['model', 'train'],
];

describe('bm25', () => {
  it.each([
    ['a term in no passage scores nothing', ['quantum'], [0, 0, 0, 0]],
    ['no query terms score nothing', [], [0, 0, 0, 0]],
  ])('%s', (_case, query, expected) => {
    expect(bm25(query, passages)).toEqual(expected);
  });

  it.each([
    ['the only passage with a rare term wins', ['ghana'], 2],
    ['term frequency counts, saturated', ['citat'], 1],
    ['more matched terms beat one', ['citat', 'graph'], 0],
  ])('%s', (_case, query, best) => {
    const scores = bm25(query, passages);
    expect(scores.indexOf(Math.max(...scores))).toBe(best);
  });

  it('a rarer term weighs more than a common one', () => {
    const [graphOnly] = bm25(['graph'], [passages[0] ?? []]);
    const scores = bm25(['graph', 'model'], [['graph'], ['model'], ['model'], ['graph', 'model']]);
    expect(graphOnly).toBeGreaterThan(0);
    expect(scores[0]).toBeGreaterThan(scores[1] ?? 0);
  });

  it('a repeated query term counts once', () => {
    expect(bm25(['citat', 'citat'], passages)).toEqual(bm25(['citat'], passages));
  });

  it('saturates: ten occurrences score less than ten times one', () => {
    const [many, one] = bm25(['x'], [Array(10).fill('x'), ['x', ...Array(9).fill('y')]]);
    expect(many).toBeLessThan((one ?? 0) * 10);
    expect(many).toBeGreaterThan(one ?? 0);
  });
});

describe('inverseDocumentFrequency', () => {
  it('is positive even for a term in every passage', () => {
    expect(inverseDocumentFrequency(4, 4)).toBeGreaterThan(0);
    expect(inverseDocumentFrequency(1, 4)).toBeGreaterThan(inverseDocumentFrequency(3, 4));
  });

  it('counts a passage once per term', () => {
    expect(documentFrequencies(passages).get('citat')).toBe(2);
  });
});

describe('bm25 with term weights', () => {
  it('scales each term by its weight, unweighted terms counting 1', () => {
    const passages = [['graph'], ['loss'], ['other', 'words']];
    const [plain = 0] = bm25(['graph'], passages);
    const [half = 0] = bm25(['graph'], passages, new Map([['graph', 0.5]]));
    expect(half).toBeCloseTo(plain / 2);
    expect(bm25(['graph', 'loss'], passages, new Map([['graph', 0.5]]))[1]).toBeCloseTo(
      bm25(['loss'], passages)[1] ?? 0,
    );
  });
});
