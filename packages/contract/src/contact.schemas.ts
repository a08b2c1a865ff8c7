import { z } from 'zod';
import { ZEmail } from './common';

/** spec §3 Feedback/contact message. Only the message is required. */
export const ZContactMessage = z.object({
  name: z.string().trim().max(200).optional(),
  /** Where to answer; optional, but must be an address when given. */
  email: z.preprocess((v) => (v === '' ? undefined : v), ZEmail.optional()),
  subject: z.string().trim().max(300).optional(),
  message: z.string().trim().min(1, 'message must not be empty').max(5000, 'message must be at most 5000 characters'),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;
