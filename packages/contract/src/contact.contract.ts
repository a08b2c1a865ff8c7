import { z } from 'zod';
import { c, ZError, zText } from './common';
import {
  ZContactMessage,
  ZContactSendResponse,
  ZContactStatus,
  ZOperatorMessagesQuery,
  ZStoredContactMessage,
} from './contact.schemas';

export const contactContract = c.router({
  send: {
    method: 'POST',
    path: '/api/contact',
    body: ZContactMessage,
    responses: { 201: ZContactSendResponse, 429: ZError },
    summary: 'Send feedback to the operators',
    description:
      'Needs X-User-ID. Stored first, then mailed to the operator when SMTP and OPERATOR_EMAIL are set (a mail ' +
      'failure never loses the message). Rate-limited per user and IP: 429 with Retry-After. `delivery` says which.',
  },
  // docs/security.md#mail (extension): the contact page says what really happens to a message.
  status: {
    method: 'GET',
    path: '/api/contact/status',
    responses: { 200: ZContactStatus },
    summary: 'How contact messages reach the operators on this server',
    description: "'email' when SMTP_HOST and OPERATOR_EMAIL are set, else 'stored' (kept for the operator to read).",
  },
  // docs/security.md#mail (extension): the operator reads stored messages; Bearer OPERATOR_TOKEN, 404 when unset.
  operatorMessages: {
    method: 'GET',
    path: '/api/operator/messages',
    query: ZOperatorMessagesQuery,
    headers: z.object({ authorization: zText().optional() }),
    responses: { 200: z.object({ messages: z.array(ZStoredContactMessage) }) },
    summary: 'Stored contact messages, newest first (operator only)',
    description:
      'Needs `Authorization: Bearer <OPERATOR_TOKEN>`; 401 with a wrong token, 404 when the server has no OPERATOR_TOKEN.',
  },
});
