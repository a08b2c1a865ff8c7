import type { TContactDelivery, TContactMessage } from '@paperbench/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { takeGlobalMailSlot } from '../../mail/mail-budget';
import { describeMailError } from '../../mail/mailer';
import { buildContactMail } from '../../mail/messages/contact-mail';
import { insertContactMessage, recordMailOutcome } from './contact.repo';

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer' | 'counters'>;

/** docs/security.md#mail: what really happens to a message here; the contact page says exactly this. */
export function contactDelivery({ config, mailer }: Pick<Ctx, 'config' | 'mailer'>): TContactDelivery {
  return mailer.isEnabled && config.OPERATOR_EMAIL ? 'email' : 'stored';
}

/**
 * requirements §7 POST /api/contact. The message is stored first, then mailed to OPERATOR_EMAIL when mail is
 * set up; a mail failure (or the global mail budget) is recorded on the row, never lost, and the
 * sender still gets 201. How many a user or IP may send is the `contact` budget (rate-limit/budgets.ts).
 */
export async function sendContactMessage(
  ctx: Ctx,
  userId: number,
  message: TContactMessage,
  log: FastifyBaseLogger,
): Promise<TContactDelivery> {
  const { db, config, mailer } = ctx;
  const id = await insertContactMessage(db, {
    userId,
    name: message.name || null,
    email: message.email ?? null,
    subject: message.subject || null,
    message: message.message,
  });
  const delivery = contactDelivery(ctx);
  if (delivery !== 'email' || !config.OPERATOR_EMAIL) return delivery;
  // A counter store that is down counts as no budget (fail closed): the message is kept, not mailed.
  const budget = await takeGlobalMailSlot(ctx).catch(() => ({ ok: false }));
  if (!budget.ok) {
    const reason = 'not mailed: the hourly mail budget (MAIL_MAX_PER_HOUR) was used up or could not be checked';
    log.warn({ contactMessageId: id }, `contact message stored but ${reason}`);
    await recordMailOutcome(db, id, { error: reason });
    return 'stored';
  }
  const mail = buildContactMail({ id, ...message });
  try {
    await mailer.send({ to: config.OPERATOR_EMAIL, ...mail });
    await recordMailOutcome(db, id, { error: null });
  } catch (error) {
    const reason = describeMailError(error);
    log.warn({ contactMessageId: id, reason }, 'contact message stored but not mailed');
    await recordMailOutcome(db, id, { error: reason });
  }
  return delivery;
}
