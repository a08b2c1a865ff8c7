import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { sendEventStream } from '../../lib/event-stream';
import { requireUser } from '../../plugins/identity';
import { createSession, listMessages, listSessions, removeSession, renameSession } from './chat-sessions.service';
import { CHAT_FAILURE, prepareChatTurn, streamChatAnswer } from './stream-chat.service';

const s = initServer();

/**
 * The contract's `chat` group: sessions, messages and streamed answers (docs/ai.md#chat). The File List
 * the answers draw on is the `files` group (modules/files).
 */
export const createChatRouter = (context: AppContext) => {
  const { db, config } = context;
  return s.router(contract.chat, {
    listSessions: async ({ request }) => ({
      status: 200,
      body: await listSessions(db, 'chat', requireUser(request)),
    }),
    createSession: async ({ body, request }) => ({
      status: 201,
      body: await createSession(db, requireUser(request), config.USER_CHAT_SESSION_QUOTA, body.title),
    }),
    deleteSession: async ({ query, request }) => {
      await removeSession(db, 'chat', requireUser(request), query.session_id);
      return { status: 200, body: { ok: true } };
    },
    messages: async ({ query, request }) => ({
      status: 200,
      body: await listMessages(db, 'chat', requireUser(request), query.session_id),
    }),
    updateSessionTitle: async ({ body, request }) => ({
      status: 200,
      body: await renameSession(db, 'chat', requireUser(request), body.session_id, body.title),
    }),
    streamChat: async ({ body, request, reply }) => {
      // Authenticated and authorized before the stream starts, so refusals keep their status codes.
      const turn = await prepareChatTurn(context, 'chat', requireUser(request), body);
      const answer = (signal: AbortSignal) => streamChatAnswer(context, turn, signal, request.log);
      return sendEventStream(reply, request.log, answer, CHAT_FAILURE);
    },
  });
};
