import { z } from 'zod';
import {
  ZChatMessage,
  ZChatSession,
  ZChatSessionSummary,
  ZCreateSessionRequest,
  ZSessionQuery,
  ZStreamChatRequest,
  ZUpdateSessionTitleRequest,
} from './chat.schemas';
import { c, ZEventStream, ZOk } from './common';

/** requirements §7 Chat, its conversation half: sessions, messages and streamed answers (the File List is filesContract). */
export const chatContract = c.router({
  listSessions: {
    method: 'GET',
    path: '/api/chat/sessions',
    responses: { 200: z.array(ZChatSessionSummary) },
    summary: 'Chat sessions, most recently updated first',
  },
  createSession: {
    method: 'POST',
    path: '/api/chat/sessions',
    body: ZCreateSessionRequest,
    responses: { 201: ZChatSession },
    summary: 'Start a chat session',
  },
  deleteSession: {
    method: 'DELETE',
    path: '/api/chat/sessions',
    query: ZSessionQuery,
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: 'Delete a chat session and its messages',
  },
  messages: {
    method: 'GET',
    path: '/api/chat/messages',
    query: ZSessionQuery,
    responses: { 200: z.array(ZChatMessage) },
    summary: 'Messages of a chat session, oldest first',
  },
  updateSessionTitle: {
    method: 'POST',
    path: '/api/chat/update_session_title',
    body: ZUpdateSessionTitleRequest,
    responses: { 200: ZChatSessionSummary },
    summary: 'Rename a chat session',
  },
  streamChat: {
    method: 'POST',
    path: '/api/chat/stream_chat',
    body: ZStreamChatRequest,
    responses: { 200: ZEventStream },
    summary: 'Ask about the selected papers; the answer streams back',
    description: 'Server-sent events: each data line is a ZStreamEvent JSON object; the stream ends with data: [DONE].',
  },
});
