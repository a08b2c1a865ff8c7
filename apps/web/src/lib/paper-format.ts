import { mathSafeCut } from './tex-segments';

/** requirements §9: authors shown on a card. */
export const MAX_CARD_AUTHORS = 3;
/** requirements §9: abstract truncation. */
export const ABSTRACT_PREVIEW_LENGTH = 250;

/** requirements §2 Paper card: up to 3 authors, then 'et al.'; 'Unknown authors' if none. */
export function formatAuthors(authors: readonly string[] | null | undefined): string {
  const named = (authors ?? []).map((name) => name.trim()).filter(Boolean);
  if (named.length === 0) return 'Unknown authors';
  const shown = named.slice(0, MAX_CARD_AUTHORS).join(', ');
  return named.length > MAX_CARD_AUTHORS ? `${shown} et al.` : shown;
}

/** Whether a text is longer than the preview and so needs an expand toggle. */
export function isTruncatable(text: string, limit = ABSTRACT_PREVIEW_LENGTH): boolean {
  return text.length > limit;
}

/** How far back a cut may move to end on a whole word rather than mid-word. */
const WORD_BOUNDARY_SLACK = 30;

/**
 * requirements §2: at most the first 250 characters, with an ellipsis when something was cut. The cut ends
 * on a whole word when one ends shortly before, and never falls inside a formula.
 */
export function truncateText(text: string, limit = ABSTRACT_PREVIEW_LENGTH): string {
  if (!isTruncatable(text, limit)) return text;
  const cut = mathSafeCut(text, limit);
  const lastSpace = text.lastIndexOf(' ', cut);
  const end = /\s/.test(text[cut] ?? '') || lastSpace < cut - WORD_BOUNDARY_SLACK ? cut : lastSpace;
  return `${text.slice(0, end).trimEnd()}…`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * 'YYYY-MM-DD' → 'Mar 14, 2019'. Read as a calendar date in UTC so no time zone shifts the day.
 * Returns null for a missing or unreadable date (the card then shows nothing). A date whose year alone is
 * known (`published_precision: 'year'`, stored as YYYY-01-01) is its year: never a made-up 1 January.
 */
export function formatPaperDate(isoDate: string | null | undefined, precision?: 'year'): string | null {
  const match = isoDate?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!match) return null;
  if (precision === 'year') return match[1] as string;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return Number.isNaN(date.getTime()) ? null : DATE_FORMAT.format(date);
}
