import type { AppContext } from '../../app-context';
import { sendDueDigests } from '../../modules/subscription/digests/send-due-digests';
import type { JobRun } from '../job-definition';

/** The slot's digests; throws (so the slot is run again later) when some of them failed. */
export async function sendDigests(
  context: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  { slot }: { slot: string },
  { signal }: JobRun,
) {
  const result = await sendDueDigests(context, { slot, signal });
  if (result.failed > 0) {
    throw new Error(
      `${result.failed} of ${result.active} digests failed and will be retried (sent ${result.sent}, skipped ${result.skipped})`,
    );
  }
  return result;
}
