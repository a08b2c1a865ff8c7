import type { TContactMessage } from '@paperbench/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { describeMailError } from '../../mail/mailer';
import { buildContactMail } from '../../mail/messages/contact-mail';
import { countRecentMessages, insertContactMessage, lockUserContact, recordMailOutcome } from './contact.repo';

const HOUR_MS = 60 * 60 * 1000;

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer'>;

/**
 * spec §7 POST /api/contact. The message is stored first (under the rate limit, in one transaction),
 * then mailed to OPERATOR_EMAIL when mail is set up; a mail failure is recorded on the row, never
 * lost, and the sender still gets 201.
 */
export async function sendContactMessage(
  { db, config, mailer }: Ctx,
  userId: number,
  message: TContactMessage,
  log: FastifyBaseLogger,
): Promise<void> {
  const limit = config.CONTACT_RATE_LIMIT_PER_HOUR;
  const id = await db.transaction(async (tx) => {
    await lockUserContact(tx, userId);
    const recent = await countRecentMessages(tx, userId, HOUR_MS);
    if (recent.count >= limit) {
      const freeAt = (recent.oldest?.getTime() ?? Date.now()) + HOUR_MS;
      const retryAfter = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `You can send ${limit} messages an hour; please try again in ${Math.ceil(retryAfter / 60)} min`,
        { retry_after_seconds: retryAfter },
      );
    }
    return insertContactMessage(tx, {
      userId,
      name: message.name || null,
      email: message.email ?? null,
      subject: message.subject || null,
      message: message.message,
    });
  });
  if (!mailer.isEnabled || !config.OPERATOR_EMAIL) return;
  const mail = buildContactMail({ id, ...message });
  try {
    await mailer.send({ to: config.OPERATOR_EMAIL, ...mail });
    await recordMailOutcome(db, id, { error: null });
  } catch (error) {
    const reason = describeMailError(error);
    log.warn({ contactMessageId: id, reason }, 'contact message stored but not mailed');
    await recordMailOutcome(db, id, { error: reason });
  }
}
