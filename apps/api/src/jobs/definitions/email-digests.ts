import { sendDueDigests } from '../../modules/subscription/digests/send-due-digests';
import { dailySlot, type JobDefinition } from '../job-definition';

/**
 * Email digests (docs/email.md), once a day after DAILY_JOBS_HOUR_UTC; weekly subscriptions get theirs on
 * the first run of each ISO week. Off without SMTP. When some digests failed, the run is reported
 * failed so the scheduler runs the slot again later; only the failed ones are retried.
 */
export const emailDigestsJob: JobDefinition = {
  id: 'email-digests',
  dueSlot: (now, { config }) => (config.SMTP_HOST ? dailySlot(now, config.DAILY_JOBS_HOUR_UTC) : null),
  run: async (context, { slot, signal }) => {
    const result = await sendDueDigests(context, { slot, signal });
    if (result.failed > 0) {
      throw new Error(
        `${result.failed} of ${result.active} digests failed and will be retried (sent ${result.sent}, skipped ${result.skipped})`,
      );
    }
    return result;
  },
};
