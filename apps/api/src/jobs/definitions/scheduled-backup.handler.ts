import type { AppContext } from '../../app-context';
import { runScheduledBackup } from '../../modules/backup/backup-rotation';
import type { JobRun } from '../job-definition';

/**
 * The embedded database is backed up online here too: PGlite runs in this process, and the backup's
 * one REPEATABLE READ transaction holds its only session, so other statements wait until the tables
 * are read (seconds to minutes, docs/deploy.md#scheduled-backups) and the copy is consistent.
 */
export const takeScheduledBackup = async (
  { db, storage, config }: Pick<AppContext, 'db' | 'storage' | 'config'>,
  _slot: unknown,
  { signal }: JobRun,
) => {
  if (!config.BACKUP_DIR) return { skipped: 'BACKUP_DIR is not set' };
  return runScheduledBackup({ db, storage, backupDir: config.BACKUP_DIR, keep: config.BACKUP_KEEP, signal });
};
