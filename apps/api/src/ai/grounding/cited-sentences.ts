import { splitSentences } from '../text/sentences';

/** `[3]`, `[1, 2]` or `[1,2,5]`: the citation markers the prompt asks for. */
const MARKER = /\[(\d+(?:\s*,\s*\d+)*)\]/g;
const LEADING_MARKERS = /^(?:\[\d+(?:\s*,\s*\d+)*\]\s*)+/;

export type TCitedSentence = { text: string; citations: number[] };

/** The citation numbers of a text, in order of first appearance. */
export function citationsIn(text: string): number[] {
  const numbers = new Set<number>();
  for (const [, list] of text.matchAll(MARKER)) {
    for (const n of (list ?? '').split(',')) numbers.add(Number(n.trim()));
  }
  return [...numbers];
}

/** The text without its citation markers, so that "[12]" is neither a word nor a number of a claim. */
export function withoutMarkers(text: string): string {
  return text.replace(MARKER, ' ');
}

/**
 * The sentences of an answer with the citations each makes. Lines are split first (Markdown list
 * items are claims of their own), and markers written after a sentence's period ("… graph. [2]")
 * belong to the sentence they follow, not to the next one.
 */
export function citedSentences(answer: string): TCitedSentence[] {
  const spans: Array<{ start: number; end: number }> = [];
  let lineStart = 0;
  for (const line of answer.split('\n')) {
    for (const sentence of splitSentences(line)) {
      const start = lineStart + sentence.start;
      const end = lineStart + sentence.end;
      const leading = LEADING_MARKERS.exec(sentence.text)?.[0];
      const previous = spans.at(-1);
      if (leading && previous) {
        previous.end = start + leading.trimEnd().length;
        if (leading.length < sentence.text.length) spans.push({ start: start + leading.length, end });
      } else {
        spans.push({ start, end });
      }
    }
    lineStart += line.length + 1;
  }
  return spans.map(({ start, end }) => {
    const text = answer.slice(start, end);
    return { text, citations: citationsIn(text) };
  });
}
