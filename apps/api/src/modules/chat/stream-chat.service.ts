import {
  paperRefKey,
  type TCitedPassage,
  type TPaperRef,
  type TStreamChatRequest,
  type TStreamEvent,
} from '@paperbench/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { answerFromPassages } from '../../ai/grounding/answer-sentences';
import type { AppContext } from '../../app-context';
import type { EventStreamFailure } from '../../lib/event-stream';
import { modelFailure } from '../../lib/model-failure';
import { requireAccess } from '../../policies/access';
import { type AnswerVerdict, abstention, judgeModelAnswer, missingTermsAbstention } from './answer-verdict';
import { resolveChatPapers } from './chat-context';
import { chatSystemPrompt, conversationMessages, rewritePrompt } from './chat-prompt';
import {
  type ChatMessageRow,
  deleteEmptySession,
  findSession,
  insertExchange,
  insertSession,
  type SessionKind,
  selectMessages,
} from './chat-sessions.repo';
import { insertChatSession, sessionNotFound } from './chat-sessions.service';
import { modelAnswerDeltas } from './model-answer';
import { type RetrievedContext, retrievePassages } from './retrieve-passages';
import { DEFAULT_SESSION_TITLE, titleFromQuestion } from './session-title';

type ChatContext = Pick<AppContext, 'db' | 'ai' | 'config'>;

/** A question, authorized and ready to be answered: everything checked before the stream starts. */
export interface ChatTurn {
  kind: SessionKind;
  userId: number;
  sessionId: number;
  /** The server made the session for this question: the stream's first event names it. */
  createdSession: boolean;
  /** The session's first question names it (unless the user gave it a name). */
  retitle: boolean;
  question: string;
  papers: TPaperRef[];
  history: ChatMessageRow[];
}

/**
 * Everything that can fail with a status code, before any byte is streamed: the selected papers must
 * all be readable (404), the session must be the user's (404), a new chat session must fit the user's
 * quota (409; a new review session's bound is its caller's). A new session is made here, titled by the
 * question.
 */
export async function prepareChatTurn(
  { db, config }: ChatContext,
  kind: SessionKind,
  userId: number,
  request: TStreamChatRequest,
): Promise<ChatTurn> {
  const papers = await resolveChatPapers(db, userId, request.selected_files);
  const turn = { kind, userId, question: request.message, papers };
  if (request.session_id === undefined) {
    const title = titleFromQuestion(request.message, kind);
    const session =
      kind === 'chat'
        ? await insertChatSession(db, userId, title, config.USER_CHAT_SESSION_QUOTA)
        : await insertSession(db, kind, userId, title);
    return { ...turn, sessionId: session.id, createdSession: true, retitle: false, history: [] };
  }
  await requireAccess(db, { userId }, 'chatSession.use', [request.session_id]);
  const session = await findSession(db, kind, userId, request.session_id);
  if (!session) throw sessionNotFound(kind, request.session_id);
  const history = await selectMessages(db, kind, userId, session.id);
  const retitle = history.length === 0 && session.title === DEFAULT_SESSION_TITLE[kind];
  return { ...turn, sessionId: session.id, createdSession: false, retitle, history };
}

const ZRewrittenQuery = z.object({ query: z.string().min(1).max(1_000) });

/** With a model and a conversation, the question is rewritten to stand alone before retrieval. */
async function retrievalQuery({ ai }: ChatContext, turn: ChatTurn, abortSignal: AbortSignal, log: FastifyBaseLogger) {
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
function* extractiveDeltas(turn: ChatTurn, context: RetrievedContext): Generator<TStreamEvent, AnswerVerdict> {
  const numbered = context.passages.map((passage, index) => ({
    n: passage.n,
    text: passage.text,
    coverage: context.coverage[index] ?? 0,
  }));
  const answer = answerFromPassages(turn.question, numbered);
  if (!answer) return abstention();
  for (const [index, sentence] of answer.sentences.entries()) {
    yield { type: 'delta', content: `${index === 0 ? '' : ' '}${sentence.text} [${sentence.n}]` };
  }
  // Every sentence is its passage's own text, cited by construction.
  const citations = { supported: answer.citations, unsupported: [] };
  return { content: answer.text, abstained: false, citations, unsupportedSpans: [] };
}

const sourcesOf = (passages: readonly TCitedPassage[]): TPaperRef[] => [
  ...new Map(
    passages.map(({ paper_id, platform }) => [paperRefKey({ platform, paper_id }), { paper_id, platform }]),
  ).values(),
];

/** A chat answer failing after its stream started (chat and review chat): nothing was stored. */
export const CHAT_FAILURE: EventStreamFailure = {
  what: 'chat: the answer',
  toError: (error) =>
    modelFailure(
      error,
      'The answer could not be completed (the AI model failed); nothing was saved. Please try again.',
    ),
};

/**
 * The streamed answer (docs/ai.md#chat-protocol): session (when made here), sources, passages, deltas,
 * then done; an error it throws is the stream's error event (CHAT_FAILURE). The question and its answer are stored together at the end, in one
 * transaction: a failure or a client that left stores nothing, and a chat session made for a question
 * whose client left before it was stored is deleted again.
 */
export async function* streamChatAnswer(
  context: ChatContext,
  turn: ChatTurn,
  abortSignal: AbortSignal,
  log: FastifyBaseLogger,
): AsyncGenerator<TStreamEvent> {
  try {
    yield* answerEvents(context, turn, abortSignal, log);
  } finally {
    // Whether the client left during a model call (the signal) or between two events (the generator is
    // returned): the session it never saw used would be an empty "New chat" in its list. After a model
    // failure it stays: the client was told, and retries in it. Review sessions hold their files already.
    if (abortSignal.aborted && turn.createdSession && turn.kind === 'chat') {
      await deleteEmptySession(context.db, turn.kind, turn.userId, turn.sessionId).catch((error: unknown) =>
        log.error({ err: error }, 'chat: the empty session of a stream the client left could not be deleted'),
      );
    }
  }
}

async function* answerEvents(
  context: ChatContext,
  turn: ChatTurn,
  abortSignal: AbortSignal,
  log: FastifyBaseLogger,
): AsyncGenerator<TStreamEvent> {
  if (turn.createdSession) yield { type: 'session', session_id: turn.sessionId };
  const query = await retrievalQuery(context, turn, abortSignal, log);
  const retrieved = await retrievePassages(context, turn.papers, query, abortSignal);
  const { passages } = retrieved;
  yield { type: 'sources', papers: sourcesOf(passages) };
  yield { type: 'passages', passages };
  let verdict: AnswerVerdict;
  if (retrieved.abstain || retrieved.missing.length > 0) {
    // Layer 1: nothing good enough to answer from, so no model is asked; saying what the papers lack
    // when that is the reason.
    verdict = retrieved.missing.length > 0 ? missingTermsAbstention(retrieved.missing) : abstention();
    yield { type: 'delta', content: verdict.content };
  } else if (context.ai.mode === 'extractive') {
    verdict = yield* extractiveDeltas(turn, retrieved);
    if (verdict.abstained) yield { type: 'delta', content: verdict.content };
  } else {
    const { answer, quotes } = yield* modelAnswerDeltas(context.ai, {
      system: chatSystemPrompt(passages),
      messages: conversationMessages(turn.history, turn.question),
      abortSignal,
    });
    verdict = judgeModelAnswer(answer, quotes, passages);
  }
  abortSignal.throwIfAborted();
  // The mode, not the layer that answered: a model-mode abstention is no offline answer.
  const source = context.ai.mode === 'model' ? 'model' : 'extractive';
  const messageId = await storeExchange(context, turn, passages, source, verdict);
  yield { type: 'done', message_id: messageId, source, abstained: verdict.abstained, citations: verdict.citations };
}

async function storeExchange(
  { db }: ChatContext,
  turn: ChatTurn,
  passages: TCitedPassage[],
  source: 'model' | 'extractive',
  verdict: AnswerVerdict,
): Promise<number> {
  const { answerId } = await db.transaction((tx) =>
    insertExchange(tx, turn.sessionId, {
      question: { role: 'user', content: turn.question, source: null },
      answer: {
        role: 'assistant',
        content: verdict.content,
        source,
        passages,
        citations: verdict.citations,
        unsupportedSpans: verdict.unsupportedSpans,
        abstained: verdict.abstained,
      },
      title: turn.retitle ? titleFromQuestion(turn.question, turn.kind) : undefined,
    }),
  );
  return answerId;
}
