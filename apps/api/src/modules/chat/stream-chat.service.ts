import {
  paperRefKey,
  type TCitedPassage,
  type TPaperRef,
  type TStreamChatRequest,
  type TStreamEvent,
} from '@paperbench/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import type { EventStreamFailure } from '../../lib/event-stream';
import { modelFailure } from '../../lib/model-failure';
import { requireAccess } from '../../policies/access';
import { answerGrounds, type GroundsTurn } from './answer-grounds';
import { type AnswerVerdict, judgeModelAnswer } from './answer-verdict';
import { resolveChatPapers } from './chat-context';
import { chatSystemPrompt, conversationMessages } from './chat-prompt';
import { requireQuoteOnPage } from './chat-quote';
import {
  deleteEmptySession,
  findSession,
  insertExchange,
  insertSession,
  type SessionKind,
  selectMessages,
} from './chat-sessions.repo';
import { insertChatSession, sessionNotFound } from './chat-sessions.service';
import { modelAnswerDeltas } from './model-answer';
import { asksAboutOwnMarks } from './own-marks-intent';
import { DEFAULT_SESSION_TITLE, titleFromQuestion } from './session-title';

type ChatContext = Pick<AppContext, 'db' | 'ai' | 'config'>;

/** A question, authorized and ready to be answered: everything checked before the stream starts. */
export interface ChatTurn extends GroundsTurn {
  kind: SessionKind;
  sessionId: number;
  /** The server made the session for this question: the stream's first event names it. */
  createdSession: boolean;
  /** The session's first question names it (unless the user gave it a name). */
  retitle: boolean;
}

/**
 * Everything that can fail with a status code, before any byte is streamed: the selected papers and the
 * quote's paper must all be readable (404), the quote must be on its page (400), the session must be the
 * user's (404), a new chat session must fit the user's quota (409; a new review session's bound is its
 * caller's). A new session is made here, titled by the question.
 */
export async function prepareChatTurn(
  { db, config }: ChatContext,
  kind: SessionKind,
  userId: number,
  request: TStreamChatRequest,
): Promise<ChatTurn> {
  const quoted = request.quote ? [{ platform: request.quote.platform, paper_id: request.quote.paper_id }] : [];
  const papers = await resolveChatPapers(db, userId, request.selected_files, quoted);
  const quote = request.quote ? await requireQuoteOnPage(db, request.quote) : null;
  const aboutOwnMarks = asksAboutOwnMarks(request.message);
  const turn = { kind, userId, question: request.message, papers, quote, aboutOwnMarks };
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
  const grounds = await answerGrounds(context, turn, abortSignal, log);
  const { passages } = grounds;
  yield { type: 'sources', papers: sourcesOf(passages) };
  yield { type: 'passages', passages };
  let verdict: AnswerVerdict;
  if (grounds.settled) {
    verdict = grounds.settled;
    yield { type: 'delta', content: verdict.content };
  } else if (context.ai.mode === 'extractive') {
    verdict = yield* grounds.offline();
    if (verdict.abstained) yield { type: 'delta', content: verdict.content };
  } else {
    const { answer, quotes } = yield* modelAnswerDeltas(context.ai, {
      system: `${chatSystemPrompt(passages)}${grounds.promptNote}`,
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
