import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { sendEventStream } from '../../lib/event-stream';
import { requireUser } from '../../plugins/identity';
import { createSession, listMessages, listSessions, removeSession, renameSession } from './chat-sessions.service';
import { CHAT_FAILURE, prepareChatTurn, streamChatAnswer } from './stream-chat.service';

const s = initServer();
const { chat } = contract;

/**
 * The chat group's sessions, messages and streamed answers (docs/ai.md#chat). The group's router
 * (user-files.router.ts) spreads these next to its File List operations.
 */
export const createChatHandlers = (context: AppContext) => {
  const { db, config } = context;
  return {
    listSessions: s.route(chat.listSessions, async ({ request }) => ({
      status: 200,
      body: await listSessions(db, 'chat', requireUser(request)),
    })),
    createSession: s.route(chat.createSession, async ({ body, request }) => ({
      status: 201,
      body: await createSession(db, requireUser(request), config.USER_CHAT_SESSION_QUOTA, body.title),
    })),
    deleteSession: s.route(chat.deleteSession, async ({ query, request }) => {
      await removeSession(db, 'chat', requireUser(request), query.session_id);
      return { status: 200, body: { ok: true } };
    }),
    messages: s.route(chat.messages, async ({ query, request }) => ({
      status: 200,
      body: await listMessages(db, 'chat', requireUser(request), query.session_id),
    })),
    updateSessionTitle: s.route(chat.updateSessionTitle, async ({ body, request }) => ({
      status: 200,
      body: await renameSession(db, 'chat', requireUser(request), body.session_id, body.title),
    })),
    streamChat: s.route(chat.streamChat, async ({ body, request, reply }) => {
      // Authenticated and authorized before the stream starts, so refusals keep their status codes.
      const turn = await prepareChatTurn(context, 'chat', requireUser(request), body);
      const answer = (signal: AbortSignal) => streamChatAnswer(context, turn, signal, request.log);
      return sendEventStream(reply, request.log, answer, CHAT_FAILURE);
    }),
  };
};
