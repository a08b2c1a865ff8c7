/**
 * Scores one streamed offline answer against its question (docs/benchmarks.md, "Grounded QA"). Pure:
 * the events in, the verdict out. The scoring reads the stream as a client does and does not reuse
 * the server's own citation code, so a bug there cannot hide itself here.
 */
import type { TCitedPassage, TStreamEvent } from '@paperbench/contract';
import type { QaSetQuestion } from './question-set';

export interface PageRef {
  paper: string;
  page: number;
}

export interface ScoredAnswer<Q extends QaSetQuestion = QaSetQuestion> {
  question: Q;
  answer: string;
  abstained: boolean;
  /** The passages sent (the `passages` event), in their `[n]` order. */
  sent: PageRef[];
  /** How many cited sentences the answer quotes. */
  sentences: number;
  /** The passages the answer's sentences cite, in citation order, without repeats. */
  cited: PageRef[];
  /** Answerable only: a cited passage is on a gold page of the gold paper. */
  goldCited: boolean;
  /** Answerable only: a passage sent is on a gold page (retrieval found it, whether or not it was quoted). */
  goldSent: boolean;
  /** `[n]` the answer cites that is no passage sent. */
  citedNotSent: number[];
  /** Citations the server's checker itself marked unsupported (`done.citations.unsupported`). */
  unsupported: number[];
  /** Answer sentences that are not a verbatim substring of the passage they cite. */
  notVerbatim: number;
  /** Bracketed numbers inside a quoted sentence (the paper's own reference markers, "[14]"): a reader sees them as citations. */
  carriedMarkers: string[];
  /** The stream's `error` event, if any. */
  error?: string;
}

/** An offline answer's delta is one verbatim sentence and its citation: "<sentence> [n]" (leading space after the first). */
const CITED_PIECE = /^\s?([\s\S]*?)\s\[(\d+)\]$/;
const MARKER = /\[\d+(?:\s*,\s*\d+)*\]/g;

const pageOf = (passage: TCitedPassage, paperOf: (ref: TCitedPassage) => string): PageRef => ({
  paper: paperOf(passage),
  page: passage.page,
});

const isGold = (question: QaSetQuestion, ref: PageRef) =>
  question.paper === ref.paper && question.pages.includes(ref.page);

export function scoreAnswer<Q extends QaSetQuestion>(
  question: Q,
  events: readonly TStreamEvent[],
  paperOf: (ref: TCitedPassage) => string,
): ScoredAnswer<Q> {
  const passages = events.flatMap((event) => (event.type === 'passages' ? event.passages : []));
  const byNumber = new Map(passages.map((passage) => [passage.n, passage]));
  const deltas = events.flatMap((event) => (event.type === 'delta' ? [event.content] : []));
  const done = events.find((event) => event.type === 'done');
  const error = events.find((event) => event.type === 'error');

  const citedNumbers: number[] = [];
  const citedNotSent: number[] = [];
  const carriedMarkers: string[] = [];
  let notVerbatim = 0;
  let sentences = 0;
  for (const piece of deltas) {
    const match = CITED_PIECE.exec(piece);
    if (!match) continue;
    sentences++;
    const [, sentence = '', number] = match;
    const n = Number(number);
    if (!citedNumbers.includes(n)) citedNumbers.push(n);
    const passage = byNumber.get(n);
    if (!passage) citedNotSent.push(n);
    else if (!passage.text.includes(sentence)) notVerbatim++;
    carriedMarkers.push(...(sentence.match(MARKER) ?? []));
  }

  const sent = passages.map((passage) => pageOf(passage, paperOf));
  const cited = citedNumbers.flatMap((n) => {
    const passage = byNumber.get(n);
    return passage ? [pageOf(passage, paperOf)] : [];
  });
  return {
    question,
    answer: deltas.join(''),
    abstained: done?.type === 'done' ? done.abstained : false,
    sentences,
    sent,
    cited,
    goldCited: cited.some((ref) => isGold(question, ref)),
    goldSent: sent.some((ref) => isGold(question, ref)),
    citedNotSent,
    unsupported: done?.type === 'done' ? done.citations.unsupported : [],
    notVerbatim,
    carriedMarkers,
    error: error?.type === 'error' ? `${error.error}: ${error.message}` : undefined,
  };
}
