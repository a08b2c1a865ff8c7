import { purgeExpiredRows } from '../../modules/retention/retention.service';
import { dailySlot, type JobDefinition } from '../job-definition';

/**
 * docs/security.md#rate-limits-and-quotas: daily after DAILY_JOBS_HOUR_UTC, deletes page views, search queries and
 * finished job runs past their retention (never the newest done run of a job) and sweeps expired rate-limit
 * windows. Safe to run twice: a second run finds nothing.
 */
export const dataRetentionJob: JobDefinition = {
  id: 'data-retention',
  dueSlot: (now, { config }) => dailySlot(now, config.DAILY_JOBS_HOUR_UTC),
  run: (context, { signal }) => purgeExpiredRows(context, signal),
};
