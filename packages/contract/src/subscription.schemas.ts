import { z } from 'zod';
import { ZEmail, ZTimestamp, zText } from './common';
import { ZTopic } from './topic.schemas';

/** Most topics one digest may cover (an empty list covers every followed topic). */
export const MAX_DIGEST_TOPICS = 20;

/** How often a digest goes out: daily, or once per ISO week. */
export const ZDigestFrequency = z.enum(['daily', 'weekly'], {
  errorMap: () => ({ message: "frequency must be 'daily' or 'weekly'" }),
});
export type TDigestFrequency = z.infer<typeof ZDigestFrequency>;

/** 'none' (never subscribed), 'pending' (awaiting the confirmation link), 'active' or 'unsubscribed'. */
export const ZSubscriptionStatus = z.enum(['none', 'pending', 'active', 'unsubscribed']);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

/** The last digest the job handled for this subscription. */
export const ZDigestDelivery = z.object({
  /** 'daily:2026-11-23' or 'weekly:2026-W47'. */
  period: zText(),
  /** 'sending', 'sent', 'skipped' (nothing new) or 'failed' (retried later). */
  status: zText(),
  paper_count: z.number().int().nullable(),
  at: ZTimestamp,
});

/** GET /api/subscription: the caller's digest subscription. */
export const ZSubscription = z.object({
  status: ZSubscriptionStatus,
  email: zText().nullable(),
  frequency: ZDigestFrequency.nullable(),
  /** The followed topics the digest covers; empty means all of them. */
  topics: z.array(zText()),
  confirmation_sent_at: ZTimestamp.nullable(),
  confirmed_at: ZTimestamp.nullable(),
  unsubscribed_at: ZTimestamp.nullable(),
  last_digest: ZDigestDelivery.nullable(),
  /** False when this server has no SMTP server configured: nothing can be mailed. */
  mail_enabled: z.boolean(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** PUT /api/subscription: creates or updates; a new address goes back to 'pending' with a new confirmation mail. */
export const ZUpdateSubscriptionRequest = z.object({
  email: ZEmail,
  frequency: ZDigestFrequency,
  /** Topics the caller follows; empty means every followed topic. */
  topics: z.array(ZTopic).max(MAX_DIGEST_TOPICS, `a digest covers at most ${MAX_DIGEST_TOPICS} topics`).default([]),
});
export type TUpdateSubscriptionRequest = z.infer<typeof ZUpdateSubscriptionRequest>;

/** A token from a mailed link: long random base64url text. */
export const ZMailToken = zText()
  .trim()
  .min(1, 'token must not be empty')
  .max(200, 'token must be at most 200 characters');

export const ZConfirmSubscriptionRequest = z.object({ token: ZMailToken });

/** POST /api/subscription/unsubscribe?token=…: the one-click link of every mail (RFC 8058). */
export const ZUnsubscribeQuery = z.object({ token: ZMailToken });

export const ZUnsubscribeResponse = z.object({
  ok: z.boolean(),
  /** The address that will get no more digests. */
  email: zText(),
});
