/** Letters and digits only, lowercased and unaccented: PDF text layers and extracted passages differ in spaces, hyphens, ligatures and quotes. */
function normalizeChar(char: string): string {
  return char
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * How many normalized characters of the quote's start and end locate it when the whole does not match:
 * 40, else 20 (the server's text cleaning may have dropped a page number or footnote mark near an end).
 */
const ANCHOR_LENGTHS = [40, 20];

/**
 * Which of a page's text-layer spans show `quote` (a cited passage), by index: the whole quote found
 * after normalization, or else the stretch from its first to its last 40 characters. Empty when the
 * quote is not on the page.
 */
export function findQuoteSpans(spanTexts: readonly string[], quote: string): number[] {
  let page = '';
  const owner: number[] = [];
  spanTexts.forEach((text, index) => {
    for (const char of text) {
      const normalized = normalizeChar(char);
      page += normalized;
      for (let i = 0; i < normalized.length; i += 1) owner.push(index);
    }
  });
  const wanted = [...quote].map(normalizeChar).join('');
  if (!wanted) return [];
  const found = locate(page, wanted);
  if (!found) return [];
  const [start, end] = found;
  const first = owner[start] ?? 0;
  const last = owner[end - 1] ?? first;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** [start, end) of `wanted` in `page`: whole, or between its first and last anchor letters. */
function locate(page: string, wanted: string): [number, number] | null {
  const start = page.indexOf(wanted);
  if (start !== -1) return [start, start + wanted.length];
  for (const length of ANCHOR_LENGTHS) {
    const head = page.indexOf(wanted.slice(0, length));
    const tail = wanted.slice(-length);
    const tailAt = head === -1 ? -1 : page.indexOf(tail, head);
    // The anchors must enclose about the quote's length, not two far-apart repeats.
    if (tailAt !== -1 && tailAt + tail.length - head <= wanted.length * 1.5) return [head, tailAt + tail.length];
  }
  return null;
}
