/**
 * A few words and the lexemes the 'english' configuration makes of them: what the highlighting unit
 * tests take for granted (modules/search/search-highlights.test.ts), checked against the database on
 * both drivers (modules/search/search-highlights.db.test.ts).
 */
export const ENGLISH_LEXEMES: Readonly<Record<string, readonly string[]>> = {
  graph: ['graph'],
  graphs: ['graph'],
  based: ['base'],
  x: ['x'],
  ray: ['ray'],
  'ads/cft': ['ads/cft'],
  ads: ['ad'],
  cft: ['cft'],
  '10.5': ['10.5'],
  modules: ['modul'],
  the: [],
};
