/**
 * How the PDF viewer finds a cited passage on a page (apps/web's quote-spans.ts), shared so the API's
 * tests and benchmarks measure the viewer's own rule (docs/ai.md#clean-text). PDF text layers and
 * extracted passages differ in spaces, hyphens, ligatures, quotes and accents, so both sides are
 * compared as letters and digits only, lowercased and unaccented.
 */
export function quoteLetters(text: string): string {
  let out = '';
  for (const char of text)
    out += char
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, '');
  return out;
}

/**
 * How many letters of the quote's start and end locate it when the whole does not match: 40, else 20
 * (the server's text cleaning may have dropped a page number or a footnote mark near an end).
 */
const ANCHOR_LENGTHS = [40, 20];

/**
 * [start, end) of `wanted` (letters, see quoteLetters) in `page` (letters too): found whole, or between
 * its first and last anchor letters, about its own length apart (not two far-apart repeats). Null when
 * the quote is not there.
 */
export function locateQuote(page: string, wanted: string): [number, number] | null {
  if (!wanted) return null;
  const start = page.indexOf(wanted);
  if (start !== -1) return [start, start + wanted.length];
  for (const length of ANCHOR_LENGTHS) {
    const head = page.indexOf(wanted.slice(0, length));
    const tail = wanted.slice(-length);
    const tailAt = head === -1 ? -1 : page.indexOf(tail, head);
    if (tailAt !== -1 && tailAt + tail.length - head <= wanted.length * 1.5) return [head, tailAt + tail.length];
  }
  return null;
}
