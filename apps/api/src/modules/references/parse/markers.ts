/**
 * In-text citation markers: "[12]", "[3, 7]", "[3–5]" in numbered lists; "(Cohan et al., 2020)",
 * "Cohan et al. (2020)", "(Lo and Wang, 2020; Beltagy et al., 2019)" in author-year lists. Offsets
 * count within the page's text, as passages' do (docs/references.md#parsing).
 */
export interface Marker {
  /** 1-based page. */
  page: number;
  charStart: number;
  charEnd: number;
  /** The 1-based entry numbers it points to. */
  entries: number[];
}

/** A part of the text not to scan (the reference list itself): from (page, offset) to (page, offset). */
export interface Span {
  from: { page: number; offset: number };
  to: { page: number; offset: number };
}

const MAX_RANGE = 60;

function inside(span: Span | null, page: number, offset: number): boolean {
  if (!span) return false;
  const after = page > span.from.page || (page === span.from.page && offset >= span.from.offset);
  const before = page < span.to.page || (page === span.to.page && offset < span.to.offset);
  return after && before;
}

/** "3, 7" · "3–5" · "1-3, 8" → [3, 7] · [3, 4, 5] · [1, 2, 3, 8]; null when a number is out of range. */
export function expandNumbers(list: string, count: number): number[] | null {
  const numbers = new Set<number>();
  for (const part of list.split(/\s*,\s*/)) {
    const [from, to] = part.split(/\s*[-–—]\s*/).map(Number);
    if (from === undefined || !Number.isInteger(from)) return null;
    const last = to ?? from;
    if (!Number.isInteger(last) || last < from || last - from > MAX_RANGE) return null;
    for (let n = from; n <= last; n++) numbers.add(n);
  }
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.length > 0 && sorted.every((n) => n >= 1 && n <= count) ? sorted : null;
}

export function numericMarkers(pages: readonly string[], count: number, skip: Span | null): Marker[] {
  const markers: Marker[] = [];
  pages.forEach((text, index) => {
    for (const match of text.matchAll(/\[(\d{1,3}(?:\s*[-–—,]\s*\d{1,3})*)\]/g)) {
      const entries = expandNumbers(match[1] ?? '', count);
      if (!entries || inside(skip, index + 1, match.index)) continue;
      markers.push({ page: index + 1, charStart: match.index, charEnd: match.index + match[0].length, entries });
    }
  });
  return markers;
}

/** Lower case without accents, so "Araújo" in the text finds "ARAUJO" in the list. */
export const foldName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const YEAR_IN_TEXT = /((?:1[89]|20)\d{2})([a-z]?)/g;
const NAME = /\p{Lu}[\p{L}'’-]+/u;

/** Entry numbers by "surname|year" of the first author, as the list prints them. */
export type AuthorYearIndex = Map<string, number[]>;

function lookUp(index: AuthorYearIndex, part: string): number[] {
  const name = NAME.exec(part.replace(/^(?:e\.g\.|see|cf\.|i\.e\.)[,\s]*/i, ''))?.[0];
  if (!name) return [];
  return [...part.matchAll(YEAR_IN_TEXT)].flatMap((year) => index.get(`${foldName(name)}|${year[1]}`) ?? []);
}

export function authorYearMarkers(pages: readonly string[], index: AuthorYearIndex, skip: Span | null): Marker[] {
  const markers: Marker[] = [];
  const add = (page: number, start: number, end: number, entries: number[]) => {
    const unique = [...new Set(entries)].sort((a, b) => a - b);
    if (unique.length > 0 && !inside(skip, page, start))
      markers.push({ page, charStart: start, charEnd: end, entries: unique });
  };
  pages.forEach((text, at) => {
    const page = at + 1;
    for (const match of text.matchAll(/\(([^()]{0,400}?(?:1[89]|20)\d{2}[a-z]?[^()]{0,80}?)\)/g)) {
      add(
        page,
        match.index,
        match.index + match[0].length,
        (match[1] ?? '').split(';').flatMap((part) => lookUp(index, part)),
      );
    }
    const narrative =
      /(\p{Lu}[\p{L}'’-]+)((?:\s+et\s+al\.?)|(?:\s+(?:and|&)\s+\p{Lu}[\p{L}'’-]+))?\s+\(((?:1[89]|20)\d{2})[a-z]?\)/gu;
    for (const match of text.matchAll(narrative)) {
      add(page, match.index, match.index + match[0].length, index.get(`${foldName(match[1] ?? '')}|${match[3]}`) ?? []);
    }
  });
  return markers.sort((a, b) => a.page - b.page || a.charStart - b.charStart);
}
