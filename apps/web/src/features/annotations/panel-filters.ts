import { ANNOTATION_PALETTE, type TAnnotation } from '@paperbench/contract';

/** The Annotations panel's filters (docs/annotations.md#the-annotations-panel); '' is "any". */
export type TMarkFilters = {
  color: string;
  /** 'everyone', 'me', or authorFilter(name) for someone else's marks. */
  author: string;
  search: string;
};

export const NO_FILTERS: TMarkFilters = { color: '', author: 'everyone', search: '' };

/** Case- and accent-blind, white space collapsed: a search for "naive" finds "naïve". */
const normalize = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** An author filter's value, apart from 'everyone' and 'me' whatever the author calls themselves. */
const AUTHOR_PREFIX = 'by:';
export const authorFilter = (name: string) => `${AUTHOR_PREFIX}${name}`;

export function matchesFilters(mark: TAnnotation, filters: TMarkFilters): boolean {
  if (filters.color && mark.color !== filters.color) return false;
  if (filters.author === 'me' && !mark.is_mine) return false;
  if (filters.author.startsWith(AUTHOR_PREFIX) && (mark.is_mine || authorFilter(mark.author_name) !== filters.author))
    return false;
  const query = normalize(filters.search);
  if (!query) return true;
  return [mark.note ?? '', mark.quote?.exact ?? ''].some((text) => normalize(text).includes(query));
}

/** The marks by page, pages in order; the server's order (position, then age) is kept within a page. */
export function groupByPage(marks: readonly TAnnotation[]): [page: number, marks: TAnnotation[]][] {
  const pages = new Map<number, TAnnotation[]>();
  for (const mark of marks) pages.set(mark.page, [...(pages.get(mark.page) ?? []), mark]);
  return [...pages.entries()].sort(([a], [b]) => a - b);
}

/** The colours in use, the palette's first in its order, then custom ones as they come. */
export function colorsOf(marks: readonly TAnnotation[]): string[] {
  const used = new Set(marks.map((mark) => mark.color));
  return [...ANNOTATION_PALETTE.filter((color) => used.has(color)), ...[...used].filter((c) => c.startsWith('#'))];
}

/** Other people's display names, sorted: the author filter's entries after "Everyone" and "Me". */
export function otherAuthorsOf(marks: readonly TAnnotation[]): string[] {
  return [...new Set(marks.filter((mark) => !mark.is_mine).map((mark) => mark.author_name))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/** 'yellow' → 'Yellow'; a custom colour is named by its hex. */
export const colorLabel = (color: string) => (color.startsWith('#') ? color : color[0]?.toUpperCase() + color.slice(1));

/** A swatch's paint: the palette's light-theme tones (the pages' marks theme them for dark). */
const SWATCHES: Record<string, string> = {
  yellow: '#facc15',
  green: '#4ade80',
  blue: '#60a5fa',
  pink: '#f472b6',
  purple: '#c084fc',
  orange: '#fb923c',
};
export const swatchOf = (color: string) => SWATCHES[color] ?? color;

export const KIND_LABELS: Record<TAnnotation['kind'], string> = {
  highlight: 'Highlight',
  underline: 'Underline',
  note: 'Note',
  area: 'Area',
};
