import type { TDigestFrequency } from '@paperbench/contract';
import type { AppContext } from '../../../app-context';
import { hashUserToken } from '../../../lib/user-token';
import { listUnsubscribeHeaders } from '../../../mail/mail-layout';
import { describeMailError } from '../../../mail/mailer';
import { buildDigestMail } from '../../../mail/messages/digest-mail';
import { type SubscriptionRow, selectFollowedTopics } from '../subscription.repo';
import { generateMailToken, oneClickUnsubscribeUrl, paperPageUrl, unsubscribePageUrl } from '../subscription-links';
import {
  type ClaimOptions,
  claimDelivery,
  finishDelivery,
  selectActiveSubscriptions,
  selectPreviousCut,
} from './digest-deliveries.repo';
import { findDigestPapers } from './digest-papers';
import { digestPeriod, firstWindowMs } from './digest-period';

/** Longer than any one send can take (SMTP timeouts are 10-30 s), short enough to retry within the day. */
export const DEFAULT_CLAIM: ClaimOptions = { leaseMs: 15 * 60_000, maxAttempts: 5 };

export interface DigestRunOptions {
  /** The job's slot, 'YYYY-MM-DD': names the periods this run serves. */
  slot: string;
  signal?: AbortSignal;
  claim?: ClaimOptions;
}

export interface DigestRunResult extends Record<string, number> {
  active: number;
  sent: number;
  skipped: number;
  failed: number;
  /** Already done for the period, or held by another sender. */
  notClaimed: number;
}

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer'>;
type Outcome = 'sent' | 'skipped' | 'failed' | 'notClaimed';

/** The topics a digest covers: its chosen ones the user still follows, or every followed topic. */
async function digestTopics({ db }: Ctx, subscription: SubscriptionRow): Promise<string[]> {
  const followed = await selectFollowedTopics(db, subscription.userId);
  if (subscription.topics.length === 0) return followed;
  const chosen = new Set(subscription.topics.map((topic) => topic.toLowerCase()));
  return followed.filter((topic) => chosen.has(topic.toLowerCase()));
}

/** Same for every attempt of one digest, so a receiver can drop the duplicate of the one window below. */
const digestMessageId = (publicUrl: string, claim: { subscriptionId: number; period: string }) =>
  `<digest.${claim.subscriptionId}.${claim.period.replace(':', '.')}@${new URL(publicUrl).hostname}>`;

/**
 * One subscription's digest for one period, at most once: claim, build, send, record. The window
 * that cannot be closed: a crash after the SMTP server accepted the mail but before 'sent' is
 * committed leaves a 'sending' claim that is retried after the lease, so that digest goes out twice
 * (with the same Message-ID).
 */
async function deliverDigest(
  ctx: Ctx,
  subscription: SubscriptionRow,
  slot: string,
  claimOptions: ClaimOptions,
): Promise<Outcome> {
  const { db, config, mailer } = ctx;
  const frequency = subscription.frequency as TDigestFrequency;
  const unsubscribeToken = generateMailToken();
  const claim = await claimDelivery(
    db,
    subscription.id,
    digestPeriod(frequency, slot),
    hashUserToken(unsubscribeToken),
    claimOptions,
  );
  if (!claim) return 'notClaimed';
  const until = claim.claimedAt;
  const since =
    (await selectPreviousCut(db, subscription.id, claim.period)) ??
    new Date(until.getTime() - firstWindowMs(frequency));
  const { groups, total } = await findDigestPapers(db, await digestTopics(ctx, subscription), since, until);
  if (total === 0) {
    await finishDelivery(db, claim, { status: 'skipped' });
    return 'skipped';
  }
  const mail = buildDigestMail({
    frequency,
    total,
    groups: groups.map((group) => ({
      ...group,
      papers: group.papers.map((paper) => ({ ...paper, url: paperPageUrl(config.PUBLIC_URL, paper) })),
    })),
    feedUrl: `${config.PUBLIC_URL}/daily-feed`,
    subscriptionUrl: `${config.PUBLIC_URL}/subscription`,
    unsubscribeUrl: unsubscribePageUrl(config.PUBLIC_URL, unsubscribeToken),
  });
  try {
    const { messageId } = await mailer.send({
      to: subscription.email,
      ...mail,
      messageId: digestMessageId(config.PUBLIC_URL, claim),
      headers: listUnsubscribeHeaders(oneClickUnsubscribeUrl(config.PUBLIC_URL, unsubscribeToken)),
    });
    await finishDelivery(db, claim, { status: 'sent', messageId, paperCount: total });
    return 'sent';
  } catch (error) {
    await finishDelivery(db, claim, { status: 'failed', error: describeMailError(error) });
    return 'failed';
  }
}

/**
 * Every active subscription's digest for the periods of `slot`. Safe to run twice at once or again
 * after a crash: each (subscription, period) is claimed in digest_deliveries before it is mailed.
 * One failing address is recorded and does not stop the others.
 */
export async function sendDueDigests(ctx: Ctx, { slot, signal, claim = DEFAULT_CLAIM }: DigestRunOptions) {
  const result: DigestRunResult = { active: 0, sent: 0, skipped: 0, failed: 0, notClaimed: 0 };
  for (const subscription of await selectActiveSubscriptions(ctx.db)) {
    signal?.throwIfAborted();
    result.active += 1;
    result[await deliverDigest(ctx, subscription, slot, claim)] += 1;
  }
  return result;
}
