import { z } from 'zod';
import { splitList } from './fields';

/** docs/deploy.md#the-admin-page: who administers this server. */
export const adminEnv = {
  /**
   * Comma-separated emails of administrators, case-insensitive. A signed-in user with one of them sees /admin;
   * everyone else gets 404 there. Unset: no administrators (the admin page does not exist).
   */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) => splitList(value).map((email) => email.toLowerCase()))
    .pipe(z.array(z.string().email('each of ADMIN_EMAILS must be an email address'))),
};
