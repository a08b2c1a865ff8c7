import type { TSubscription, TUpdateSubscriptionRequest } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { hashUserToken } from '../../lib/user-token';
import { takeGlobalMailSlot, takeRecipientSlot } from '../../mail/mail-budget';
import { listUnsubscribeHeaders } from '../../mail/mail-layout';
import { describeMailError } from '../../mail/mailer';
import { buildConfirmationMail } from '../../mail/messages/confirmation-mail';
import { presentSubscription } from './subscription.presenter';
import {
  confirmByToken,
  deleteSubscription,
  markConfirmationSent,
  type SubscriptionRow,
  selectFollowedTopics,
  selectLastDelivery,
  selectSubscription,
  selectSubscriptionForUpdate,
  unsubscribeByToken,
  upsertSubscription,
} from './subscription.repo';
import { confirmPageUrl, generateMailToken, oneClickUnsubscribeUrl, unsubscribePageUrl } from './subscription-links';

/** Least time between two confirmation mails to one subscription, so the form cannot be used to flood an inbox. */
export const CONFIRMATION_COOLDOWN_MS = 60_000;

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer' | 'counters'>;

async function present({ db, mailer }: Ctx, row: SubscriptionRow | undefined): Promise<TSubscription> {
  return presentSubscription(row, row && (await selectLastDelivery(db, row.id)), mailer.isEnabled);
}

export async function getSubscription(ctx: Ctx, userId: number): Promise<TSubscription> {
  return present(ctx, await selectSubscription(ctx.db, userId));
}

function requireMail({ mailer }: Ctx) {
  if (!mailer.isEnabled) {
    throw new AppError(
      'CONFLICT',
      'Email digests are unavailable: this server has no SMTP server configured (ask its operator to set SMTP_HOST)',
    );
  }
}

function checkCooldown(row: SubscriptionRow | undefined, now = Date.now()) {
  const sentAt = row?.confirmationSentAt?.getTime();
  if (sentAt === undefined || now - sentAt >= CONFIRMATION_COOLDOWN_MS) return;
  const retryAfter = Math.ceil((sentAt + CONFIRMATION_COOLDOWN_MS - now) / 1000);
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `A confirmation mail was sent less than a minute ago; check your inbox or try again in ${retryAfter} s`,
    { retry_after_seconds: retryAfter },
  );
}

/** The requested topics in the caller's own spelling; refuses any the caller does not follow. */
async function resolveTopics({ db }: Ctx, userId: number, requested: readonly string[]): Promise<string[]> {
  const followed = new Map((await selectFollowedTopics(db, userId)).map((topic) => [topic.toLowerCase(), topic]));
  const unknown = requested.filter((topic) => !followed.has(topic.toLowerCase()));
  if (unknown.length > 0) {
    throw new AppError(
      'INVALID_REQUEST',
      `You do not follow ${unknown.map((topic) => `“${topic}”`).join(', ')}: follow a topic before adding it to your digest`,
      { topics: unknown },
    );
  }
  return [...new Set(requested.map((topic) => followed.get(topic.toLowerCase()) as string))];
}

/**
 * docs/security.md#mail: a confirmation goes out only within the per-address daily limit and the global
 * hourly mail budget (counted across replicas). The subscription row stays pending either way; the
 * caller is told when to come back.
 */
async function requireMailSlots(ctx: Ctx, email: string, isResend: boolean) {
  const perAddress = await takeRecipientSlot(ctx, email, { isResend });
  if (!perAddress.ok) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      'A confirmation mail already went to this address today; check that inbox, or try again tomorrow',
      { retry_after_seconds: perAddress.retryAfterSeconds },
    );
  }
  const global = await takeGlobalMailSlot(ctx);
  if (!global.ok) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      'This server has sent as many mails as it may this hour; your subscription is saved, use “Resend” later',
      { retry_after_seconds: global.retryAfterSeconds },
    );
  }
}

/**
 * Mails the confirmation link. The subscription row (with the token's hash) is committed first, so
 * the link works as soon as the mail arrives; when SMTP refuses, the row stays pending and the
 * caller is told to resend.
 */
async function sendConfirmation(
  ctx: Ctx,
  row: SubscriptionRow,
  tokens: { confirm: string; unsubscribe: string },
  { isResend = false } = {},
) {
  const { config, mailer, db } = ctx;
  await requireMailSlots(ctx, row.email, isResend);
  const mail = buildConfirmationMail({
    frequency: row.frequency as 'daily' | 'weekly',
    confirmUrl: confirmPageUrl(config.PUBLIC_URL, tokens.confirm),
    unsubscribeUrl: unsubscribePageUrl(config.PUBLIC_URL, tokens.unsubscribe),
  });
  try {
    await mailer.send({
      to: row.email,
      ...mail,
      headers: listUnsubscribeHeaders(oneClickUnsubscribeUrl(config.PUBLIC_URL, tokens.unsubscribe)),
    });
  } catch (error) {
    throw new AppError(
      'BAD_GATEWAY',
      `Your subscription is saved, but the confirmation mail could not be sent (${describeMailError(error)}). Use “Resend” in a few minutes.`,
    );
  }
  return (await markConfirmationSent(db, row.id)) ?? row;
}

/**
 * Subscribe, or change the address, frequency or topics. A new address (or a comeback after
 * unsubscribing) is pending until confirmed; changing only frequency or topics keeps the status.
 */
export async function updateSubscription(
  ctx: Ctx,
  userId: number,
  request: TUpdateSubscriptionRequest,
): Promise<TSubscription> {
  requireMail(ctx);
  const topics = await resolveTopics(ctx, userId, request.topics);
  const confirm = generateMailToken();
  const unsubscribe = generateMailToken();
  const { row, needsConfirmation } = await ctx.db.transaction(async (tx) => {
    const existing = await selectSubscriptionForUpdate(tx, userId);
    const isNewAddress = !existing || existing.email !== request.email || existing.status === 'unsubscribed';
    if (!isNewAddress) {
      const updated = await upsertSubscription(tx, userId, {
        email: existing.email,
        frequency: request.frequency,
        topics,
        unsubscribeTokenHash: existing.unsubscribeTokenHash,
      });
      return { row: updated, needsConfirmation: false };
    }
    checkCooldown(existing);
    const created = await upsertSubscription(tx, userId, {
      email: request.email,
      frequency: request.frequency,
      topics,
      status: 'pending',
      confirmTokenHash: hashUserToken(confirm),
      unsubscribeTokenHash: hashUserToken(unsubscribe),
      confirmationSentAt: null,
      confirmedAt: null,
      unsubscribedAt: null,
    });
    return { row: created, needsConfirmation: true };
  });
  if (!needsConfirmation) return present(ctx, row);
  return present(ctx, await sendConfirmation(ctx, row, { confirm, unsubscribe }));
}

/** A new confirmation link for a pending subscription; the old link stops working. */
export async function resendConfirmation(ctx: Ctx, userId: number): Promise<TSubscription> {
  requireMail(ctx);
  const confirm = generateMailToken();
  const unsubscribe = generateMailToken();
  const row = await ctx.db.transaction(async (tx) => {
    const existing = await selectSubscriptionForUpdate(tx, userId);
    if (existing?.status !== 'pending') {
      throw new AppError('CONFLICT', `Nothing to confirm: the subscription is ${existing?.status ?? 'not set up'}`);
    }
    checkCooldown(existing);
    return upsertSubscription(tx, userId, {
      email: existing.email,
      frequency: existing.frequency,
      topics: existing.topics,
      confirmTokenHash: hashUserToken(confirm),
      unsubscribeTokenHash: hashUserToken(unsubscribe),
    });
  });
  return present(ctx, await sendConfirmation(ctx, row, { confirm, unsubscribe }, { isResend: true }));
}

export async function removeSubscription(ctx: Ctx, userId: number): Promise<{ ok: boolean }> {
  return { ok: await deleteSubscription(ctx.db, userId) };
}

export async function confirmSubscription(ctx: Ctx, token: string): Promise<TSubscription> {
  const row = await confirmByToken(ctx.db, token);
  if (!row) {
    throw new AppError(
      'NOT_FOUND',
      'This confirmation link is not valid: it was already used, or a newer link replaced it. Open the subscription page to see where you stand.',
    );
  }
  return present(ctx, row);
}

export async function unsubscribe(ctx: Ctx, token: string): Promise<{ ok: boolean; email: string }> {
  const row = await unsubscribeByToken(ctx.db, token);
  if (!row) throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid: no subscription has this token');
  return { ok: true, email: row.email };
}
