import { c, ZError, ZOk } from './common';
import { ZContactMessage } from './contact.schemas';

export const contactContract = c.router({
  send: {
    method: 'POST',
    path: '/api/contact',
    body: ZContactMessage,
    responses: { 201: ZOk, 429: ZError },
    summary: 'Send feedback to the operators',
    description: 'Stored, and mailed when SMTP is configured. Rate-limited per user (429).',
  },
});
