import { normalizeText } from '../text/normalize';

/**
 * A quote whose text diverges from the passage only after this much of it still counts: models end
 * a quote loosely ("…", a changed last word) more often than they invent its beginning. docs/ai.md#chat:
 * a long prefix, at least 80 % of the quote or 60 characters.
 */
const MIN_PREFIX_SHARE = 0.8;
const MIN_PREFIX_CHARS = 60;
/** Quotes shorter than this prove nothing ("the", "we"): they must be longer to count. */
const MIN_QUOTE_CHARS = 8;
const ELLIPSIS = /\s*\.{3}\s*/;

/** The length of the longest prefix of `quote` found in `passage` (prefix presence is monotone). */
function longestPrefixInPassage(quote: string, passage: string): number {
  let low = 0;
  let high = quote.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (passage.includes(quote.slice(0, middle))) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Whether each part of a quote elided with "…" appears in the passage, in order. */
function elidedPartsInOrder(parts: readonly string[], passage: string): boolean {
  let from = 0;
  for (const part of parts) {
    const at = passage.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

/**
 * Whether a model's quote is verbatim from the passage, after normalisation (ligatures, dashes,
 * quotes, hyphenated line breaks, case, whitespace): an exact substring, parts elided with "…" in
 * order, or a long prefix. Never by embedding similarity, which passes an invented on-topic quote.
 */
export function quoteMatchesPassage(quote: string, passage: string): boolean {
  const normalQuote = normalizeText(quote).replace(/^[.\s]+|[.\s]+$/g, '');
  const normalPassage = normalizeText(passage);
  if (normalQuote.length < MIN_QUOTE_CHARS) return false;
  if (normalPassage.includes(normalQuote)) return true;
  const parts = normalQuote.split(ELLIPSIS).filter((part) => part.length > 0);
  if (parts.length > 1 && parts.every((part) => part.length >= MIN_QUOTE_CHARS)) {
    if (elidedPartsInOrder(parts, normalPassage)) return true;
  }
  const prefix = longestPrefixInPassage(normalQuote, normalPassage);
  return prefix >= MIN_PREFIX_CHARS || prefix >= MIN_PREFIX_SHARE * normalQuote.length;
}
