import { dailySlot, defineJob, slotPayload } from '../job-definition';

/**
 * Email digests (docs/email.md), once a day after DAILY_JOBS_HOUR_UTC; weekly subscriptions get theirs on
 * the first run of each ISO week. Off without SMTP. When some digests failed, the run is reported
 * failed so the scheduler runs the slot again later; only the failed ones are retried.
 */
export const emailDigestsJob = defineJob({
  id: 'email-digests',
  version: 1,
  payload: slotPayload,
  schedule: (now, { config }) => (config.SMTP_HOST ? dailySlot(now, config.DAILY_JOBS_HOUR_UTC) : null),
  handler: async () => (await import('./email-digests.handler')).sendDigests,
});
