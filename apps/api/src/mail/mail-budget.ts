import { createHash } from 'node:crypto';
import type { Config } from '../config';
import type { CounterStore } from '../rate-limit/counter-store';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Ctx = { config: Config; counters: CounterStore };

export interface MailSlot {
  ok: boolean;
  /** Seconds until the window that refused resets (0 when ok). */
  retryAfterSeconds: number;
}

const slot = (current: number, max: number, ttlMs: number): MailSlot =>
  current <= max
    ? { ok: true, retryAfterSeconds: 0 }
    : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };

/**
 * docs/security.md#mail: mails sent on a user's request (confirmations, contact forwards) per hour, counted
 * across replicas in the shared counter store, so a flood of fresh ids cannot turn the server into a
 * mail cannon. Scheduled digests to confirmed addresses are not counted here.
 */
export async function takeGlobalMailSlot({ config, counters }: Ctx): Promise<MailSlot> {
  const { current, ttlMs } = await counters.hit('mail:global', HOUR_MS);
  return slot(current, config.MAIL_MAX_PER_HOUR, ttlMs);
}

/** The store's key of one recipient: a hash, so the counters never hold the address itself. */
export const recipientKey = (email: string) =>
  `mail:recipient:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/** "Resend" of a pending subscription may go out this many times a day past the per-address limit. */
export const RESENDS_PER_ADDRESS_PER_DAY = 2;

/**
 * docs/security.md#mail: one pending confirmation per address per day (MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY),
 * whoever asks: a second id subscribing the same address is refused. The subscriber's own "Resend"
 * (a mail lost to a spam folder) may go beyond it by RESENDS_PER_ADDRESS_PER_DAY, so an address gets at
 * most 1 + 2 confirmation mails a day by default, none of them carrying user text.
 */
export async function takeRecipientSlot(
  { config, counters }: Ctx,
  email: string,
  { isResend = false } = {},
): Promise<MailSlot> {
  const { current, ttlMs } = await counters.hit(recipientKey(email), DAY_MS);
  const max = config.MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY + (isResend ? RESENDS_PER_ADDRESS_PER_DAY : 0);
  return slot(current, max, ttlMs);
}
