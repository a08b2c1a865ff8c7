import { citedSentences, withoutMarkers } from '../../ai/grounding/cited-sentences';
import { tokenize } from '../../ai/text/normalize';
import { splitSentences } from '../../ai/text/sentences';

/**
 * A checked text reduced to what the deterministic checker verified (docs/ai.md#conversational-search):
 * a sentence stays when it cites something and every number it cites is supported. The checker marks
 * every citation of a failing sentence unsupported (ai/grounding/check-citations.ts), so this keeps
 * exactly the sentences it verified.
 */
export function keepSupportedSentences(text: string, supported: readonly number[]): string {
  const verified = new Set(supported);
  return citedSentences(text)
    .filter(({ citations }) => citations.length > 0 && citations.every((n) => verified.has(n)))
    .map(({ text: sentence }) => sentence.trim())
    .join(' ');
}

/** The citation numbers of a text, ascending, with the sentences citing each. */
export function citingSentences(text: string): Map<number, string[]> {
  const byNumber = new Map<number, string[]>();
  for (const { text: sentence, citations } of citedSentences(text)) {
    for (const n of citations) byNumber.set(n, [...(byNumber.get(n) ?? []), withoutMarkers(sentence)]);
  }
  return new Map([...byNumber.entries()].sort(([a], [b]) => a - b));
}

/**
 * The sentence of a cited passage the citing sentences quote, or else lean on most (shared content
 * words, stemmed; the first sentence on a tie). A verbatim extract of the passage, so the reader sees its own words.
 */
export function bestQuote(passage: string, citing: readonly string[]): string {
  const sentences = splitSentences(passage);
  // A sentence quoted verbatim (the offline texts are made of them) is its own quote.
  const verbatim = sentences.find(
    (sentence) => sentence.text.trim().length >= 20 && citing.some((text) => text.includes(sentence.text.trim())),
  );
  if (verbatim) return verbatim.text.trim();
  const wanted = new Set(tokenize(citing.join(' ')));
  let best = { text: passage.trim(), shared: -1 };
  for (const sentence of sentences) {
    const shared = new Set(tokenize(sentence.text).filter((term) => wanted.has(term))).size;
    if (shared > best.shared) best = { text: sentence.text.trim(), shared };
  }
  return best.text;
}
