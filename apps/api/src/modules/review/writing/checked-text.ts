import type { TCitedPassage } from '@paperbench/contract';
import { checkCitations } from '../../../ai/grounding/check-citations';
import { keepSupportedSentences } from '../../conversational/grounded-text';

/** A section's text after the deterministic checker: only sentences it verified, still citing passage numbers. */
export interface CheckedText {
  text: string;
  /** Sentences of the written text the checker could not verify, removed from `text`. */
  dropped: number;
  /** Passage numbers cited by a dropped sentence (numbers that are no passage included). */
  unsupported: number[];
}

const passageMap = (passages: readonly TCitedPassage[]) =>
  new Map(passages.map((passage) => [passage.n, passage.text]));

/**
 * docs/review.md#writing: "the checker passes on every generated section". The text is checked
 * (ai/grounding/check-citations.ts: each `[n]` a passage that was sent, its quote in the passage, the
 * sentence's words and numbers there), the sentences it cannot verify are dropped
 * (conversational/grounded-text.ts), and what is left is checked again: it must pass whole, or nothing
 * is kept.
 */
export function checkedText(
  text: string,
  quotes: ReadonlyMap<number, readonly string[]>,
  passages: readonly TCitedPassage[],
): CheckedText {
  const input = { quotes, passages: passageMap(passages) };
  const verdict = checkCitations({ ...input, answer: text });
  const kept = keepSupportedSentences(text, verdict.citations.supported);
  const recheck = checkCitations({ ...input, answer: kept });
  const passes = kept !== '' && recheck.sentences.every((sentence) => sentence.supported);
  const keptCount = passes ? recheck.sentences.length : 0;
  return {
    text: passes ? kept : '',
    dropped: Math.max(0, verdict.sentences.length - keptCount),
    unsupported: verdict.citations.unsupported,
  };
}
