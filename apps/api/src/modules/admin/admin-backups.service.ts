import type { TAdminBackups } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { HeaderSink } from '../../lib/download';
import type { AdminCaller } from '../../policies/admin.policy';

// Until the backup catalog (modules/backup) lands, the section says so.
const NO_BACKUP_DIR = 'No BACKUP_DIR is configured on this server, so there are no backups to list (docs/deploy.md).';

/** GET /api/admin/backups. */
export async function readBackups(_config: Config): Promise<TAdminBackups> {
  return { backups: [], note: NO_BACKUP_DIR };
}

/** GET /api/admin/backups/:name. */
export async function downloadBackup(
  _context: Pick<AppContext, 'db' | 'config'>,
  _admin: AdminCaller,
  _name: string,
  _reply: HeaderSink,
): Promise<unknown> {
  throw new AppError('NOT_FOUND', 'backup not found');
}
