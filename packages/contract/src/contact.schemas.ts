import { z } from 'zod';
import { ZEmail, zText } from './common';

/** requirements §3 Feedback/contact message. Only the message is required. */
export const ZContactMessage = z.object({
  name: zText().trim().max(200).optional(),
  /** Where to answer; optional, but must be an address when given. */
  email: z.preprocess((v) => (v === '' ? undefined : v), ZEmail.optional()),
  subject: zText().trim().max(300).optional(),
  message: zText().trim().min(1, 'message must not be empty').max(5000, 'message must be at most 5000 characters'),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

/**
 * docs/security.md#mail: what really happens to a contact message on this server, so the page never claims
 * a mail that is not sent. 'email': stored and mailed to the operator; 'stored': kept in the database
 * only, where the operator reads it (GET /api/operator/messages or `pnpm --filter @paperbench/api run messages`).
 */
export const ZContactDelivery = z.enum(['email', 'stored']);
export type TContactDelivery = z.infer<typeof ZContactDelivery>;

export const ZContactStatus = z.object({ delivery: ZContactDelivery });
export type TContactStatus = z.infer<typeof ZContactStatus>;

export const ZContactSendResponse = z.object({ ok: z.boolean(), delivery: ZContactDelivery });
export type TContactSendResponse = z.infer<typeof ZContactSendResponse>;

/** A stored contact message, as the operator reads it (newest first). */
export const ZStoredContactMessage = z.object({
  id: z.number().int(),
  created_at: zText(),
  name: zText().nullable(),
  email: zText().nullable(),
  subject: zText().nullable(),
  message: zText(),
  /** When it was mailed to OPERATOR_EMAIL; null when it was not (see mail_error). */
  mailed_at: zText().nullable(),
  mail_error: zText().nullable(),
});
export type TStoredContactMessage = z.infer<typeof ZStoredContactMessage>;

export const ZOperatorMessagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Only messages with an id below this one (the next page). */
  before: z.coerce.number().int().min(1).max(2147483647).optional(),
});
