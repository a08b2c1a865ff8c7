import { checkCitations } from '../../ai/grounding/check-citations';
import { citedSentences } from '../../ai/grounding/cited-sentences';
import { bestQuote, citingSentences } from '../conversational/grounded-text';

export interface VerifiedText {
  text: string;
  /** Citation numbers of the sentences kept, and of those removed. */
  supported: number[];
  unsupported: number[];
}

/**
 * docs/ideas.md#grounding: a generated text with every sentence that cites `[n]` checked by the
 * deterministic checker (ai/grounding/check-citations.ts) against passage n, and removed when it fails
 * (a number not in the passage, too few of its words there, a passage that was not sent). The quote
 * the checker wants is the passage's own sentence the claim leans on most (bestQuote), so what decides
 * is the claim's content. Sentences citing nothing are the idea's own proposals, not claims about the
 * papers, and stay.
 */
export function keepVerifiedSentences(text: string, passages: ReadonlyMap<number, string>): VerifiedText {
  const sentences = citedSentences(text);
  if (sentences.every((sentence) => sentence.citations.length === 0)) {
    return { text: text.trim(), supported: [], unsupported: [] };
  }
  const quotes = new Map<number, string[]>();
  for (const [n, citing] of citingSentences(text)) {
    const passage = passages.get(n);
    if (passage !== undefined) quotes.set(n, [bestQuote(passage, citing)]);
  }
  const verdict = checkCitations({ answer: text, quotes, passages });
  const kept = verdict.sentences.filter((sentence) => sentence.citations.length === 0 || sentence.supported);
  return {
    text: kept
      .map((sentence) => sentence.text.trim())
      .join(' ')
      .trim(),
    supported: verdict.citations.supported,
    unsupported: verdict.citations.unsupported,
  };
}
