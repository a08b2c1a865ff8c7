import type { AppContext } from '../../app-context';
import { purgeExpiredRows } from '../../modules/retention/retention.service';
import type { JobRun } from '../job-definition';

/** Every retention of docs/security.md#rate-limits-and-quotas, in one run. */
export const purgeExpired = (
  context: Pick<AppContext, 'db' | 'config' | 'counters'>,
  _slot: unknown,
  { signal }: JobRun,
) => purgeExpiredRows(context, signal);
