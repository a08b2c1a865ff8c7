import { paperRefKey } from '@paperbench/contract';
/**
 * What the daily feed knows of the caller's library (the papers in their folders): how many of them
 * list each category, and the title words of each (Postgres lexemes, stemmed as the search vectors are).
 */
export interface LibraryProfile {
  categoryCounts: ReadonlyMap<string, number>;
  titles: readonly LibraryTitle[];
}

export interface LibraryTitle {
  key: string;
  title: string;
  lexemes: ReadonlySet<string>;
}

export const EMPTY_LIBRARY: LibraryProfile = { categoryCounts: new Map(), titles: [] };

/**
 * Stems so common in paper titles that sharing them says nothing about closeness (the 'english'
 * configuration already drops stop words such as 'of' and 'the').
 */
const GENERIC_LEXEMES = new Set([
  'analysi',
  'approach',
  'base',
  'case',
  'effect',
  'general',
  'larg',
  'method',
  'model',
  'new',
  'note',
  'novel',
  'problem',
  'properti',
  'result',
  'studi',
  'system',
  'theori',
  'toward',
  'use',
  'via',
]);

/** Title lexemes worth comparing: not generic, not one- or two-letter fragments, not numbers. */
export const isTellingLexeme = (lexeme: string): boolean =>
  lexeme.length >= 3 && !GENERIC_LEXEMES.has(lexeme) && !/^\d+$/.test(lexeme);

export interface LibraryPaperRow {
  platform: string;
  paperId: string;
  title: string;
  categories: string[] | null;
  lexemes: string[] | null;
}

/** Library rows → the profile the ranking reads. */
export function buildLibraryProfile(rows: readonly LibraryPaperRow[]): LibraryProfile {
  const categoryCounts = new Map<string, number>();
  for (const row of rows) {
    for (const category of new Set(row.categories ?? [])) {
      categoryCounts.set(category, (categoryCounts.get(category) ?? 0) + 1);
    }
  }
  const titles = rows.map((row) => ({
    key: paperRefKey({ platform: row.platform, paper_id: row.paperId }),
    title: row.title,
    lexemes: new Set((row.lexemes ?? []).filter(isTellingLexeme)),
  }));
  return { categoryCounts, titles };
}

/** Every telling lexeme of the library's titles: the day's papers are intersected with these in SQL. */
export const libraryLexemes = (library: LibraryProfile): string[] => [
  ...new Set(library.titles.flatMap((title) => [...title.lexemes])),
];
