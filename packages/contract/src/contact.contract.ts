import { c, ZError, ZOk } from './common';
import { ZContactMessage } from './contact.schemas';

export const contactContract = c.router({
  send: {
    method: 'POST',
    path: '/api/contact',
    body: ZContactMessage,
    responses: { 201: ZOk, 429: ZError },
    summary: 'Send feedback to the operators',
    description:
      'Needs X-User-ID. Stored first, then mailed to the operator when SMTP and OPERATOR_EMAIL are set (a mail ' +
      'failure never loses the message). Rate-limited per user: 429 with Retry-After.',
  },
});
