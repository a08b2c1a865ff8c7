import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * ts_headline marks matches with these control characters (HTML-like markers such as <b> could occur
 * in an abstract; C0 controls never do in metadata). The markers are turned into offsets here, so no
 * markup ever reaches a client.
 */
const START = '\u0001';
const STOP = '\u0002';

/**
 * The whole text with every match marked (HighlightAll): the client cuts the snippet itself, because
 * only it knows where a TeX formula starts and ends and must not be cut.
 */
export const markMatches = (text: AnyColumn, query: SQL): SQL<string | null> =>
  sql<
    string | null
  >`ts_headline('english', ${text}, ${query}, ${`HighlightAll=true, StartSel=${START}, StopSel=${STOP}`})`;

export type MatchRange = [start: number, end: number];

/**
 * [start, end) offsets of the marked matches in the original text. When the marked text does not
 * reduce to the original (it held a marker character itself), no ranges are better than wrong ones.
 */
export function matchRanges(original: string | null, marked: string | null): MatchRange[] {
  if (!original || !marked) return [];
  const ranges: MatchRange[] = [];
  let plain = '';
  let start = -1;
  for (const char of marked) {
    if (char === START) start = plain.length;
    else if (char === STOP) {
      if (start >= 0 && plain.length > start) ranges.push([start, plain.length]);
      start = -1;
    } else plain += char;
  }
  return plain === original ? ranges : [];
}
