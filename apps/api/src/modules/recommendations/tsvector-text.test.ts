import { describe, expect, it } from 'vitest';
import { parseTsvector } from './tsvector-text';

describe('parseTsvector', () => {
  it('counts title (A) and abstract positions per lexeme', () => {
    expect(parseTsvector("'attent':1A,12C,40C 'transform':2A 'translat':7")).toEqual([
      { lexeme: 'attent', inTitle: 1, inAbstract: 2 },
      { lexeme: 'transform', inTitle: 1, inAbstract: 0 },
      { lexeme: 'translat', inTitle: 0, inAbstract: 1 },
    ]);
  });

  it('reads doubled quotes and a vector without positions', () => {
    expect(parseTsvector("'o''neil' 'x'")).toEqual([
      { lexeme: "o'neil", inTitle: 0, inAbstract: 1 },
      { lexeme: 'x', inTitle: 0, inAbstract: 1 },
    ]);
  });

  it('reads an empty vector as no lexemes', () => {
    expect(parseTsvector('')).toEqual([]);
  });
});
