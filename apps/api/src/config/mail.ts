import { z } from 'zod';
import { zFlag, zOptional } from './fields';

/** Outgoing mail. */
export const mailEnv = {
  // Mail (email digests, subscription confirmations, contact form). No SMTP_HOST: nothing is mailed.
  SMTP_HOST: zOptional(z.string()),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  SMTP_SECURE: zFlag(false),
  SMTP_USER: zOptional(z.string()),
  SMTP_PASSWORD: zOptional(z.string()),
  MAIL_FROM: z.string().min(3).default('Paperbench <no-reply@localhost>'),
  /** Where contact-form messages are mailed; unset keeps them in the database only. */
  OPERATOR_EMAIL: zOptional(z.string().email()),
  /** The address users reach the app at, for links in mails; default http://localhost:PORT. */
  PUBLIC_URL: zOptional(z.string().url()),
  /** Contact-form messages one user may send per hour. */
  CONTACT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
};
