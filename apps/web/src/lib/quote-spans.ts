import { locateQuote, quoteLetters } from '@paperbench/contract';

/**
 * Which of a page's text-layer spans show `quote` (a cited passage), by index: the whole quote found
 * as letters, or else the stretch between its first and last letters (locateQuote). Empty when the
 * quote is not on the page.
 */
export function findQuoteSpans(spanTexts: readonly string[], quote: string): number[] {
  let page = '';
  const owner: number[] = [];
  spanTexts.forEach((text, index) => {
    for (const char of text) {
      const letters = quoteLetters(char);
      page += letters;
      for (let i = 0; i < letters.length; i += 1) owner.push(index);
    }
  });
  const found = locateQuote(page, quoteLetters(quote));
  if (!found) return [];
  const [start, end] = found;
  const first = owner[start] ?? 0;
  const last = owner[end - 1] ?? first;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
