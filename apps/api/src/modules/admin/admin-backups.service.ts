import type { TAdminBackups, TAdminVerifyReport } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { type HeaderSink, setDownloadHeaders } from '../../lib/download';
import type { AdminCaller } from '../../policies/admin.policy';
import { BadArchive } from '../backup/archive-reader';
import { NewerSchema, type VerifyProgress, verifyArchive } from '../backup/archive-verifier';
import { findBackup, listBackups, openBackup } from '../backup/backup-catalog';
import { knownMigrations } from '../backup/schema-version';
import { insertAuditEntry } from './admin-audit.repo';
import { selectLastRestore } from './admin-backups.repo';

/** The part of the config this reads (BACKUP_DIR: config/backup.ts; unset, there are no backups to list). */
type BackupConfig = Pick<Config, 'DATA_DIR'> & { BACKUP_DIR?: string | undefined };

const NO_BACKUP_DIR =
  'BACKUP_DIR is not set on this server, so no backups are kept here: set it to a directory and run pnpm backup ' +
  'create, or let the scheduled backup write there (docs/deploy.md#backup-and-restore).';

/**
 * GET /api/admin/backups: the catalog of BACKUP_DIR (modules/backup), newest first, and the restore this database
 * came from (whether or not BACKUP_DIR is set: that history lives in the database).
 */
export async function readBackups({
  db,
  config,
}: {
  db: AppContext['db'];
  config: BackupConfig;
}): Promise<TAdminBackups> {
  const lastRestore = await selectLastRestore(db);
  if (!config.BACKUP_DIR) return { backups: [], note: NO_BACKUP_DIR, last_restore: lastRestore };
  return { backups: await listBackups(config.BACKUP_DIR), note: null, last_restore: lastRestore };
}

/**
 * POST /api/admin/backups/:name/verify: `pnpm backup verify` of one listed archive (archive-verifier.ts, the check a
 * restore runs first), reported check by check. What is wrong with the archive (BadArchive, NewerSchema) is the
 * report's answer, ok false, not an error of the request; an unreadable file is a server error. Nothing is written
 * but the audit row, after the verification, with its outcome.
 */
export async function verifyBackup(
  { db, config }: { db: AppContext['db']; config: BackupConfig },
  admin: AdminCaller,
  name: string,
): Promise<TAdminVerifyReport> {
  if (!config.BACKUP_DIR) throw new AppError('NOT_FOUND', 'backup not found: BACKUP_DIR is not set on this server');
  const { file, bytes } = findBackup(config.BACKUP_DIR, name);
  const progress: VerifyProgress = { manifest: null, checks: [] };
  let message: string | null = null;
  try {
    await verifyArchive(file, progress);
  } catch (error) {
    if (!(error instanceof BadArchive || error instanceof NewerSchema)) throw error;
    message = error.message;
  }
  await insertAuditEntry(db, admin, {
    action: 'backup.verify',
    target: name,
    detail: message === null ? { ok: true } : { ok: false, message },
  });
  return reportOf(name, bytes, progress, message);
}

function reportOf(name: string, bytes: number, progress: VerifyProgress, message: string | null): TAdminVerifyReport {
  const manifest = progress.manifest;
  const migrations = knownMigrations().map((migration) => migration.tag);
  const at = manifest ? migrations.indexOf(manifest.schema_version) : -1;
  return {
    name,
    bytes,
    ok: message === null,
    message,
    created_at: manifest?.created_at ?? null,
    schema_version: manifest?.schema_version ?? null,
    schema_known: manifest ? at !== -1 : null,
    migrations_forward: manifest && at !== -1 ? migrations.length - 1 - at : null,
    tables: manifest?.tables.map((table) => ({ name: table.name, rows: table.rows })) ?? [],
    totals: manifest
      ? {
          tables: manifest.tables.length,
          rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
          pdfs: manifest.pdfs.length,
          pdf_bytes: manifest.pdfs.reduce((sum, pdf) => sum + pdf.bytes, 0),
        }
      : null,
    checks: progress.checks,
  };
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
