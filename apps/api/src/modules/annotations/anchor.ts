import type { TAnnotationAnchor, TTextPosition, TTextQuote } from '@paperbench/contract';

/** Where a mark is in the page text as it is now (docs/annotations.md#re-anchoring). */
export interface Anchoring {
  anchor: TAnnotationAnchor;
  position: TTextPosition;
}

/** The text with every run of white space made one space, and for each of its characters the offset it came from. */
function collapseSpace(text: string): { text: string; offsets: number[] } {
  let out = '';
  const offsets: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (/\s/.test(char)) {
      if (out.endsWith(' ')) continue;
      out += ' ';
    } else {
      out += char;
    }
    offsets.push(index);
  }
  return { text: out, offsets };
}

/** How many characters of the context agree with the text beside the match (prefix read backwards, suffix forwards). */
function contextScore(text: string, start: number, end: number, quote: TTextQuote): number {
  let score = 0;
  const before = text.slice(Math.max(0, start - quote.prefix.length), start);
  for (let i = 1; i <= Math.min(before.length, quote.prefix.length); i += 1) {
    if (before[before.length - i] !== quote.prefix[quote.prefix.length - i]) break;
    score += 1;
  }
  const after = text.slice(end, end + quote.suffix.length);
  for (let i = 0; i < after.length; i += 1) {
    if (after[i] !== quote.suffix[i]) break;
    score += 1;
  }
  return score;
}

/** Every place `needle` starts in `haystack`. */
function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** The best of the candidates: most context agreeing, then nearest the old start. */
function best(candidates: { start: number; end: number; score: number }[], oldStart: number) {
  return candidates.reduce<(typeof candidates)[number] | null>((chosen, candidate) => {
    if (!chosen) return candidate;
    if (candidate.score !== chosen.score) return candidate.score > chosen.score ? candidate : chosen;
    return Math.abs(candidate.start - oldStart) < Math.abs(chosen.start - oldStart) ? candidate : chosen;
  }, null);
}

/**
 * Finds a text mark in the page text as it is now. Where it was stored, the quote still there:
 * 'placed'. Else the quote is searched on the page, exactly, then with white space runs taken as
 * one (a re-extraction often changes only line breaks); the place whose prefix and suffix agree most
 * wins, then the one nearest the old start: 'moved'. Not found: 'orphaned', at its stored place, so
 * the list still shows it ("could not be placed"), never drops it. Without the page text (not
 * extracted yet) the stored place is taken as it is.
 */
export function anchorMark(pageText: string | null, quote: TTextQuote, stored: TTextPosition): Anchoring {
  if (pageText === null || pageText.slice(stored.start, stored.end) === quote.exact) {
    return { anchor: 'placed', position: stored };
  }
  const exact = occurrences(pageText, quote.exact).map((start) => {
    const end = start + quote.exact.length;
    return { start, end, score: contextScore(pageText, start, end, quote) };
  });
  const found = best(exact, stored.start) ?? findLoosely(pageText, quote, stored.start);
  return found
    ? { anchor: 'moved', position: { start: found.start, end: found.end } }
    : { anchor: 'orphaned', position: stored };
}

/** The quote with white space runs taken as one, mapped back to offsets in the page text. */
function findLoosely(pageText: string, quote: TTextQuote, oldStart: number) {
  const page = collapseSpace(pageText);
  const needle = collapseSpace(quote.exact).text.trim();
  if (needle === '') return null;
  const candidates = occurrences(page.text, needle).map((at) => {
    const start = page.offsets[at] as number;
    const end = (page.offsets[at + needle.length - 1] as number) + 1;
    return { start, end, score: contextScore(pageText, start, end, quote) };
  });
  return best(candidates, oldStart);
}
