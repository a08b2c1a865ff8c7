import { describe, expect, it } from 'vitest';
import { contentPairs, groupConcepts, partialNotice, plainWords, type WordStat } from './query-concepts';
import { chooseRelated, surfaceForm } from './related-words';

const stats = (words: [string, string][]): WordStat[] => words.map(([word, tsQuery]) => ({ word, tsQuery }));

describe('plainWords', () => {
  it('splits a plain query into words, and refuses operators, quotes and long queries', () => {
    expect(plainWords(' machine  learning cancer ')).toEqual(['machine', 'learning', 'cancer']);
    expect(plainWords("long-term people's health")).toEqual(['long-term', "people's", 'health']);
    for (const query of ['"machine learning" cancer', 'a OR b', 'cancer -breast', 'a b c d e f g h i', '']) {
      expect(plainWords(query)).toBeNull();
    }
  });
});

describe('groupConcepts', () => {
  const words = stats([
    ['machine', "'machin'"],
    ['learning', "'learn'"],
    ['for', ''],
    ['cancer', "'cancer'"],
  ]);

  it('joins neighbouring words the grants use as a phrase, keeps the rest apart, drops stop words between', () => {
    expect(contentPairs(words)).toEqual(['machine learning', 'learning for cancer']);
    expect(
      groupConcepts(words, [
        { phrase: 8, both: 10 },
        { phrase: 0, both: 0 },
      ]),
    ).toEqual(['machine learning', 'cancer']);
    // A phrase used once, or in under half the grants holding both words, is two concepts.
    expect(
      groupConcepts(words, [
        { phrase: 1, both: 1 },
        { phrase: 0, both: 0 },
      ]),
    ).toEqual(['machine', 'learning', 'cancer']);
    expect(
      groupConcepts(words, [
        { phrase: 4, both: 9 },
        { phrase: 0, both: 0 },
      ]),
    ).toEqual(['machine', 'learning', 'cancer']);
    // A stop word inside a phrase stays in it.
    const history = stats([
      ['history', "'histori'"],
      ['of', ''],
      ['medicine', "'medicin'"],
    ]);
    expect(groupConcepts(history, [{ phrase: 3, both: 4 }])).toEqual(['history of medicine']);
  });
});

describe('partialNotice', () => {
  it('names the concepts no grant holds together, and those shown', () => {
    expect(partialNotice('award', ['machine learning', 'cancer'], 0, ['cancer', 'machine learning'])).toBe(
      'No award mentions all of machine learning, cancer; showing awards on cancer and on machine learning',
    );
    expect(partialNotice('opportunity', ['quantum', 'computing'], 1, ['computing'])).toBe(
      'Only 1 open call mentions all of quantum, computing; also showing open calls on computing',
    );
    expect(partialNotice(undefined, ['a', 'b'], 2, ['a', 'b'])).toBe(
      'Only 2 grants mention all of a, b; also showing grants on a and on b',
    );
  });
});

describe('related words', () => {
  it('keeps lexemes far more frequent in the hits than at large, not the query, at most three', () => {
    const chosen = chooseRelated(
      [
        { lexeme: 'tumor', inHits: 20, holding: 25 },
        { lexeme: 'research', inHits: 60, holding: 1500 },
        { lexeme: 'cancer', inHits: 81, holding: 81 },
        { lexeme: 'oncolog', inHits: 10, holding: 12 },
        { lexeme: 'rare', inHits: 2, holding: 2 },
        { lexeme: 'screen', inHits: 15, holding: 40 },
        { lexeme: 'breast', inHits: 12, holding: 30 },
        { lexeme: 'canc', inHits: 30, holding: 30 },
      ],
      81,
      2313,
      new Set(['cancer']),
    );
    expect(chosen).toEqual(['tumor', 'screen', 'oncolog']);
    expect(chooseRelated([], 0, 10, new Set())).toEqual([]);
  });

  it('writes a stem as the hits write it most often', () => {
    const texts = [
      'Oncology clinics and oncology nurses',
      'An oncologist',
      'Studies of a study',
      'Quality and qualitative',
    ];
    expect(surfaceForm('oncolog', texts)).toBe('oncology');
    expect(surfaceForm('studi', texts)).toBe('studies');
    expect(surfaceForm('qualiti', texts)).toBe('quality');
    expect(surfaceForm('zebra', texts)).toBe('zebra');
  });
});
