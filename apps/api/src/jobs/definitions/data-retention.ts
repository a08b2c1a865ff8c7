import { dailySlot, defineJob, slotPayload } from '../job-definition';

/**
 * docs/security.md#rate-limits-and-quotas: daily after DAILY_JOBS_HOUR_UTC, deletes page views, search queries and
 * finished job runs past their retention (never the newest done run of a job) and sweeps expired rate-limit
 * windows. Safe to run twice: a second run finds nothing.
 */
export const dataRetentionJob = defineJob({
  id: 'data-retention',
  version: 1,
  payload: slotPayload,
  schedule: (now, { config }) => dailySlot(now, config.DAILY_JOBS_HOUR_UTC),
  handler: async () => (await import('./data-retention.handler')).purgeExpired,
});
