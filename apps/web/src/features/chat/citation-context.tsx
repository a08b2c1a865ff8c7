import type { TCitationCheck, TCitedPassage } from '@paperbench/contract';
import { createContext, useContext } from 'react';

/** Whether the checker verified a citation; 'unchecked' while the answer streams or for a stored answer. */
export type TCitationVerdict = 'supported' | 'unsupported' | 'unchecked';

export type TCitations = {
  passage: (n: number) => TCitedPassage | undefined;
  verdict: (n: number) => TCitationVerdict;
  /** Opens the passage's PDF at its page with the passage marked; null when the paper has no PDF here. */
  opener: (passage: TCitedPassage) => (() => void) | null;
  /**
   * Where `[n]` numbers a reference rather than a passage (a review draft, docs/review.md#writing): what
   * the chip shows for it, and what a click opens (null: nothing).
   */
  reference?: (n: number) => { heading: string; text: string; open: (() => void) | null } | undefined;
};

const NO_CITATIONS: TCitations = { passage: () => undefined, verdict: () => 'unchecked', opener: () => null };

const CitationsContext = createContext<TCitations>(NO_CITATIONS);
export const CitationsProvider = CitationsContext.Provider;
export const useCitations = () => useContext(CitationsContext);

/**
 * The citations of one answer. Once checked, a number counts as supported only when the checker
 * says so: anything else (unsupported, or not a passage that was sent) is shown as not verified.
 */
export function citationsOf(
  passages: readonly TCitedPassage[],
  check: TCitationCheck | null,
  opener: TCitations['opener'],
): TCitations {
  const byNumber = new Map(passages.map((passage) => [passage.n, passage]));
  const supported = new Set(check?.supported);
  return {
    passage: (n) => byNumber.get(n),
    verdict: (n) => (!check ? 'unchecked' : supported.has(n) && byNumber.has(n) ? 'supported' : 'unsupported'),
    opener,
  };
}
