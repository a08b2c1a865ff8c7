import { describe, expect, it } from 'vitest';
import { ENGLISH_LEXEMES } from '../../test-support/english-lexemes';
import {
  candidateWords,
  type Highlighting,
  highlightingOf,
  matchRanges,
  queryLexemes,
  runsToMark,
} from './search-highlights';

const matches = (highlighting: Highlighting) => (word: string) =>
  ENGLISH_LEXEMES[word]?.some((lexeme) => highlighting.lexemes.has(lexeme)) ?? false;

function marked(text: string, tsQuery: string): string[] {
  const highlighting = highlightingOf(tsQuery);
  if (!highlighting) return [];
  return matchRanges(runsToMark(text, highlighting), matches(highlighting)).map(([start, end]) =>
    text.slice(start, end),
  );
}

describe('queryLexemes', () => {
  it('reads the lexemes of a tsquery as PostgreSQL prints it, operators and weights aside', () => {
    expect([...queryLexemes("'mont' <-> 'carlo' & !'simul' | 'graph':A")]).toEqual(['mont', 'carlo', 'simul', 'graph']);
  });

  it("undoes the doubled quote of a lexeme holding one (it''s)", () => {
    expect([...queryLexemes("'it''s' & 'x'")]).toEqual(["it's", 'x']);
  });

  it('has none for an empty query, so nothing is marked', () => {
    expect(queryLexemes('').size).toBe(0);
    expect(highlightingOf('')).toBeUndefined();
  });
});

describe('matchRanges', () => {
  it('marks every word whose lexeme the query holds, in any case, and nothing else', () => {
    expect(marked('Deep $\\alpha$-graphs and Graph nets', "'graph'")).toEqual(['graphs', 'Graph']);
  });

  it('marks the parts of a hyphenated word on their own, as ts_headline does', () => {
    expect(marked('A graph-based X-ray study', "'graph' | 'x-ray' <-> 'x' <-> 'ray'")).toEqual(['graph', 'X', 'ray']);
  });

  it('marks a joined run whole only when none of its parts matches (a path, a number)', () => {
    expect(marked('The AdS/CFT duality at 10.5 GeV', "'ads/cft'")).toEqual(['AdS/CFT']);
    expect(marked('The AdS/CFT duality at 10.5 GeV', "'10.5'")).toEqual(['10.5']);
    expect(marked('The AdS/CFT duality', "'cft'")).toEqual(['CFT']);
  });

  it('finds a word whose run starts before it, and words after a run', () => {
    expect(marked('UV/X-ray graphs, then graph', "'ray' | 'graph'")).toEqual(['ray', 'graphs', 'graph']);
  });

  it('counts offsets in UTF-16 code units, as JavaScript strings do', () => {
    const text = '𝔽-modules over 𝔽 and modules';
    const highlighting = highlightingOf("'modul'") as Highlighting;
    expect(matchRanges(runsToMark(text, highlighting), matches(highlighting))).toEqual([
      [3, 10],
      [23, 30],
    ]);
  });

  it('takes regular-expression characters in lexemes literally', () => {
    expect(marked('c++ and (a+b)*', "'c++' | 'a+b' | '*'")).toEqual([]);
  });

  it('has no ranges for a missing text', () => {
    expect(matchRanges(runsToMark(null, highlightingOf("'graph'") as Highlighting), () => true)).toEqual([]);
  });
});

describe('candidateWords', () => {
  const wordsOf = (texts: (string | null)[], highlighting: Highlighting) =>
    candidateWords(
      texts.flatMap((text) => runsToMark(text, highlighting)),
      highlighting,
    );

  it('keeps only the words that may stem to a lexeme: those starting as it does, less its last two letters', () => {
    const highlighting = highlightingOf("'graph' | 'die'") as Highlighting;
    const words = wordsOf(['Graphs of dying graphene', null, 'a Grapheme, deaths and data on grids'], highlighting);
    // `gra` for graph; `d` for die (dying → die).
    expect([...words].sort()).toEqual(['data', 'deaths', 'dying', 'grapheme', 'graphene', 'graphs']);
  });

  it('offers a joined run as well as its parts, so a path or a number can be looked up whole', () => {
    const words = wordsOf(['AdS/CFT'], highlightingOf("'ads/cft' | 'ad'") as Highlighting);
    expect([...words].sort()).toEqual(['ads', 'ads/cft']);
  });
});
