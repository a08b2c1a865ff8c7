import { MATCH_START, MATCH_STOP } from '../../db/sql/full-text';

export type MatchRange = [start: number, end: number];

/**
 * [start, end) offsets of the matches markMatches (db/sql/full-text.ts) marked in the original text.
 * When the marked text does not reduce to the original (it held a marker character itself), no
 * ranges are better than wrong ones.
 */
export function matchRanges(original: string | null, marked: string | null): MatchRange[] {
  if (!original || !marked) return [];
  const ranges: MatchRange[] = [];
  let plain = '';
  let start = -1;
  for (const char of marked) {
    if (char === MATCH_START) start = plain.length;
    else if (char === MATCH_STOP) {
      if (start >= 0 && plain.length > start) ranges.push([start, plain.length]);
      start = -1;
    } else plain += char;
  }
  return plain === original ? ranges : [];
}
