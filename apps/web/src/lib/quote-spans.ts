/** Letters and digits only, lowercased and unaccented: PDF text layers and extracted passages differ in spaces, hyphens, ligatures and quotes. */
function normalizeChar(char: string): string {
  return char
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** How many normalized characters of the quote's start and end locate it when the whole does not match. */
const ANCHOR_LENGTH = 40;

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
  let start = page.indexOf(wanted);
  let end = start + wanted.length;
  if (start === -1) {
    start = page.indexOf(wanted.slice(0, ANCHOR_LENGTH));
    const tail = wanted.slice(-ANCHOR_LENGTH);
    const tailAt = start === -1 ? -1 : page.indexOf(tail, start);
    // The anchors must enclose about the quote's length, not two far-apart repeats.
    if (tailAt === -1 || tailAt + tail.length - start > wanted.length * 1.5) return [];
    end = tailAt + tail.length;
  }
  const first = owner[start] ?? 0;
  const last = owner[end - 1] ?? first;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
