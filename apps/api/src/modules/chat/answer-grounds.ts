import type { TCitedPassage, TStreamEvent } from '@paperbench/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { answerFromPassages } from '../../ai/grounding/answer-sentences';
import type { AppContext } from '../../app-context';
import { type AnswerVerdict, abstention, missingTermsAbstention } from './answer-verdict';
import { rewritePrompt } from './chat-prompt';
import { type QuotedPassage, queryWithQuote, withQuote } from './chat-quote';
import type { ChatMessageRow } from './chat-sessions.repo';
import { markListDeltas, markNotesPrompt, noMarksVerdict, ownMarkPassages } from './own-marks';
import { type RetrievedContext, retrievePassages } from './retrieve-passages';

type ChatContext = Pick<AppContext, 'db' | 'ai' | 'config'>;

/** What a question is answered from, decided before any model is asked. */
export interface GroundsTurn {
  userId: number;
  question: string;
  papers: { platform: string; paper_id: string }[];
  history: ChatMessageRow[];
  /** The passage the reader asked about (Ask AI): passage [1]. */
  quote: QuotedPassage | null;
  /** The question asks about the reader's own marks (own-marks-intent.ts): they are the passages. */
  aboutOwnMarks: boolean;
}

export interface AnswerGrounds {
  /** Numbered as the answer cites them. */
  passages: TCitedPassage[];
  /** The answer when none is written from the passages (an abstention, or no marks to speak of). */
  settled: AnswerVerdict | null;
  /** The offline answer (docs/ai.md#offline-mode). */
  offline: () => Generator<TStreamEvent, AnswerVerdict>;
  /** Added to the model's system prompt: what the passages are, when not simply retrieved. */
  promptNote: string;
}

const ZRewrittenQuery = z.object({ query: z.string().min(1).max(1_000) });

/** With a model and a conversation, the question is rewritten to stand alone before retrieval. */
async function retrievalQuery(
  { ai }: ChatContext,
  turn: GroundsTurn,
  abortSignal: AbortSignal,
  log: FastifyBaseLogger,
) {
  if (ai.mode !== 'model' || turn.history.length === 0) return turn.question;
  try {
    const { query } = await ai.generateObject({
      schema: ZRewrittenQuery,
      name: 'search_query',
      prompt: rewritePrompt(turn.history, turn.question),
      abortSignal,
    });
    return query;
  } catch (error) {
    if (abortSignal.aborted) throw error;
    // Retrieval with the question as asked is still a fair search; the answer's own call reports a dead model.
    log.warn({ err: error }, 'chat: question rewriting failed; retrieving with the question as asked');
    return turn.question;
  }
}

/** The offline answer (docs/ai.md#offline-mode): verbatim sentences of the passages, one delta each. */
function* extractiveDeltas(question: string, context: RetrievedContext): Generator<TStreamEvent, AnswerVerdict> {
  const numbered = context.passages.map((passage, index) => ({
    n: passage.n,
    text: passage.text,
    coverage: context.coverage[index] ?? 0,
  }));
  const answer = answerFromPassages(question, numbered);
  if (!answer) return abstention();
  for (const [index, sentence] of answer.sentences.entries()) {
    yield { type: 'delta', content: `${index === 0 ? '' : ' '}${sentence.text} [${sentence.n}]` };
  }
  // Every sentence is its passage's own text, cited by construction.
  const citations = { supported: answer.citations, unsupported: [] };
  return { content: answer.text, abstained: false, citations, unsupportedSpans: [] };
}

/** docs/ai.md#my-highlights: the reader's own marks on the papers are the passages; none, and it says so. */
async function ownMarkGrounds({ db }: ChatContext, turn: GroundsTurn): Promise<AnswerGrounds> {
  const marks = await ownMarkPassages(db, turn.userId, turn.papers);
  return {
    passages: marks.passages,
    settled: marks.passages.length === 0 ? noMarksVerdict() : null,
    offline: () => markListDeltas(marks),
    promptNote: markNotesPrompt(marks),
  };
}

/**
 * Retrieval over the papers (docs/ai.md#full-text-and-passages), behind the reader's quote when there is
 * one (docs/ai.md#asking-about-a-quote), with abstention's first layer (docs/ai.md#abstention).
 */
async function retrievedGrounds(
  context: ChatContext,
  turn: GroundsTurn,
  abortSignal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<AnswerGrounds> {
  const { quote } = turn;
  const query = queryWithQuote(await retrievalQuery(context, turn, abortSignal, log), quote);
  const found = await retrievePassages(context, turn.papers, query, abortSignal);
  const retrieved = quote ? withQuote(found, quote) : found;
  // Layer 1: nothing good enough to answer from, so no model is asked; saying what the papers lack
  // when that is the reason.
  const settled =
    retrieved.missing.length > 0 ? missingTermsAbstention(retrieved.missing) : retrieved.abstain ? abstention() : null;
  return {
    passages: retrieved.passages,
    settled,
    offline: () => extractiveDeltas(queryWithQuote(turn.question, quote), retrieved),
    promptNote: quote ? `\nThe question is about passage [1], which the reader marked on page ${quote.page}.` : '',
  };
}

export const answerGrounds = (
  context: ChatContext,
  turn: GroundsTurn,
  abortSignal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<AnswerGrounds> =>
  turn.aboutOwnMarks && !turn.quote ? ownMarkGrounds(context, turn) : retrievedGrounds(context, turn, abortSignal, log);
