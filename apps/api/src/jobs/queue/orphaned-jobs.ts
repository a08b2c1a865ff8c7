import type { Db } from '../../db/client';
import { isProcessAlive } from '../../lib/process-alive';
import { expireLocksOf, findRunningOwners } from './queue-jobs.repo';

/**
 * At start-up, before the first claim: jobs held by an earlier process of this host are released at
 * once instead of after their visibility timeout. An owner is `host:pid` (processOwner); it is an
 * earlier process when it has this very name (a container restarted with the same pid: this process
 * has claimed nothing yet) or its pid is no longer alive. Live processes of the host keep their jobs,
 * and other hosts' jobs are left to their locks. Returns how many jobs were released.
 */
export async function releaseOrphanedJobs(db: Db, owner: string): Promise<number> {
  const separator = owner.lastIndexOf(':');
  const pid = Number(owner.slice(separator + 1));
  if (separator < 0 || !Number.isInteger(pid)) return 0;
  const host = owner.slice(0, separator + 1);
  const orphans = (await findRunningOwners(db, host)).filter((holder) => {
    if (holder === owner) return true;
    const holderPid = Number(holder.slice(host.length));
    return Number.isInteger(holderPid) && holderPid > 0 && !isProcessAlive(holderPid);
  });
  return expireLocksOf(db, orphans);
}
