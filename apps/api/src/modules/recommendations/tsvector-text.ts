import type { LexemeOccurrences } from './term-vectors';

/** `'lexeme':1A,5,9C` items of a tsvector's text form; a lexeme's own quotes are doubled. */
const ITEM = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

/**
 * Reads a tsvector's text output (`'attent':1A,12C 'transform':2A`) into occurrences per lexeme:
 * positions marked A are title words, the others abstract words (author positions, B, are filtered
 * out in SQL). One text per paper travels far lighter than one row per lexeme.
 */
export function parseTsvector(text: string): LexemeOccurrences[] {
  const occurrences: LexemeOccurrences[] = [];
  for (const [, quoted = '', positions = ''] of text.matchAll(ITEM)) {
    let inTitle = 0;
    let inAbstract = 0;
    for (const position of positions ? positions.split(',') : ['']) {
      if (position.endsWith('A')) inTitle += 1;
      else inAbstract += 1;
    }
    occurrences.push({ lexeme: quoted.replaceAll("''", "'").replaceAll('\\\\', '\\'), inTitle, inAbstract });
  }
  return occurrences;
}
