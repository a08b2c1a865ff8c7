/** A word of a search query and where it sits, so a correction can replace it in place. */
export interface QueryWord {
  word: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of a web-search query that a spelling correction may replace. Left alone: the OR
 * operator, excluded terms (-word: correcting them changes nothing about the hits), words with digits
 * (ids, years, formulas) and words shorter than 3 letters (too short to tell a typo from a word).
 */
export function correctableWords(query: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const match of query.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    const isExcluded = query[start - 1] === '-' && (start === 1 || /[\s"(]/.test(query[start - 2] ?? ''));
    if (isExcluded || /\d/.test(word) || word.length < 3 || word.toLowerCase() === 'or') continue;
    words.push({ word: word.toLowerCase(), start, end: start + word.length });
  }
  return words;
}

/** The query with each corrected word replaced, keeping quotes, operators and spacing as they were. */
export function applyCorrections(query: string, words: readonly QueryWord[], corrections: Map<string, string>): string {
  let corrected = query;
  for (const { word, start, end } of [...words].sort((a, b) => b.start - a.start)) {
    const replacement = corrections.get(word);
    if (replacement) corrected = corrected.slice(0, start) + replacement + corrected.slice(end);
  }
  return corrected;
}

/** How popular queries are stored and matched: trimmed, lower-case, single spaces. */
export const normaliseQuery = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase();
