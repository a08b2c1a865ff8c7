import type { TCitationCheck } from '@paperbench/contract';
import { numbersIn, tokenize } from '../text/normalize';
import { citedSentences, withoutMarkers } from './cited-sentences';
import { quoteMatchesPassage } from './quote-match';

/**
 * The least share of a cited sentence's content words (stemmed) that its cited passages must
 * contain. No published threshold exists for this proxy (ai-notes); 0.5 passes the paraphrase a
 * model writes of a passage (usually 0.6-0.9 of its words are the passage's own) and fails an
 * on-topic sentence that borrows the passage's subject but not its claim (typically 0.3-0.45).
 * Tune it with the bench.
 */
export const MIN_CONTENT_RECALL = 0.5;

export type TSentenceCheck = {
  text: string;
  citations: number[];
  supported: boolean;
  /** Why the sentence is not supported, in words a reader understands; empty when it is. */
  reasons: string[];
};

export type TCheckCitationsInput = {
  /** The answer as shown, with `[n]` markers, without the evidence block. */
  answer: string;
  /** The quotes of the evidence block per citation number (see evidence-block.ts). */
  quotes: ReadonlyMap<number, readonly string[]>;
  /** The passages sent to the model, by the number it cites them with. */
  passages: ReadonlyMap<number, string>;
};

export type TCitationsVerdict = { sentences: TSentenceCheck[]; citations: TCitationCheck };

/** Why a citation itself cannot be trusted, whatever the sentence says: null when it can. */
function citationProblem(n: number, input: TCheckCitationsInput): string | null {
  const passage = input.passages.get(n);
  if (passage === undefined) return `[${n}] is not one of the passages sent`;
  const quotes = input.quotes.get(n) ?? [];
  if (quotes.length === 0) return `[${n}] comes without a quote`;
  if (!quotes.every((quote) => quoteMatchesPassage(quote, passage)))
    return `the quote for [${n}] is not in its passage`;
  return null;
}

function contentRecall(sentence: string, passageTerms: ReadonlySet<string>): number {
  const terms = new Set(tokenize(sentence));
  if (terms.size === 0) return 1;
  let found = 0;
  for (const term of terms) if (passageTerms.has(term)) found++;
  return found / terms.size;
}

function checkSentence(text: string, citations: number[], input: TCheckCitationsInput): TSentenceCheck {
  if (citations.length === 0) return { text, citations, supported: false, reasons: ['no citation'] };
  const reasons = citations.flatMap((n) => citationProblem(n, input) ?? []);
  const cited = citations.flatMap((n) => input.passages.get(n) ?? []).join('\n');
  const claim = withoutMarkers(text);
  const recall = contentRecall(claim, new Set(tokenize(cited)));
  if (recall < MIN_CONTENT_RECALL) {
    reasons.push(`only ${Math.round(recall * 100)} % of its words are in the cited passages`);
  }
  const citedNumbers = new Set(numbersIn(cited));
  for (const number of numbersIn(claim)) {
    if (!citedNumbers.has(number)) reasons.push(`${number} is not in the cited passages`);
  }
  return { text, citations, supported: reasons.length === 0, reasons };
}

/**
 * Checks an answer's citations without a model (docs/ai.md#chat): every `[n]` must be a passage that was
 * sent, with a quote found in that passage; every cited sentence must share enough content words,
 * and every number, with its cited passages. A citation is supported when it is sound and every
 * sentence citing it is supported, so a claim that fails marks all the citations it leans on.
 */
export function checkCitations(input: TCheckCitationsInput): TCitationsVerdict {
  const sentences = citedSentences(input.answer).map(({ text, citations }) => checkSentence(text, citations, input));
  const cited = [...new Set(sentences.flatMap((sentence) => sentence.citations))].sort((a, b) => a - b);
  const isSupported = (n: number) =>
    citationProblem(n, input) === null &&
    sentences.every((sentence) => sentence.supported || !sentence.citations.includes(n));
  return {
    sentences,
    citations: { supported: cited.filter(isSupported), unsupported: cited.filter((n) => !isSupported(n)) },
  };
}
