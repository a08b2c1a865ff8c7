import type { TAdminBackups } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { type HeaderSink, setDownloadHeaders } from '../../lib/download';
import type { AdminCaller } from '../../policies/admin.policy';
import { listBackups, openBackup } from '../backup/backup-catalog';
import { insertAuditEntry } from './admin-audit.repo';

/** The part of the config this reads (BACKUP_DIR: config/backup.ts; unset, there are no backups to list). */
type BackupConfig = Pick<Config, 'DATA_DIR'> & { BACKUP_DIR?: string | undefined };

const NO_BACKUP_DIR =
  'BACKUP_DIR is not set on this server, so no backups are kept here: set it to a directory and run pnpm backup ' +
  'create, or let the scheduled backup write there (docs/deploy.md#backup-and-restore).';

/** GET /api/admin/backups: the catalog of BACKUP_DIR (modules/backup), newest first. */
export async function readBackups(config: BackupConfig): Promise<TAdminBackups> {
  if (!config.BACKUP_DIR) return { backups: [], note: NO_BACKUP_DIR };
  return { backups: await listBackups(config.BACKUP_DIR), note: null };
}

/**
 * GET /api/admin/backups/:name: the archive's bytes (an unknown name is 404 from the catalog), after its audit row
 * is committed: a download that starts is one on record.
 */
export async function downloadBackup(
  { db, config }: { db: AppContext['db']; config: BackupConfig },
  admin: AdminCaller,
  name: string,
  reply: HeaderSink,
) {
  if (!config.BACKUP_DIR) throw new AppError('NOT_FOUND', 'backup not found: BACKUP_DIR is not set on this server');
  const stream = openBackup(config.BACKUP_DIR, name);
  try {
    await insertAuditEntry(db, admin, { action: 'backup.download', target: name });
  } catch (error) {
    stream.destroy();
    throw error;
  }
  setDownloadHeaders(reply, name, 'application/gzip');
  return stream;
}
