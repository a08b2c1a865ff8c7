import type { TAdminLastRestore } from '@paperbench/contract';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backupRestores } from '../../db/schema';

/** The newest row of backup_restores (docs/deploy.md#restore): the restore this database came from, if any. */
export async function selectLastRestore(db: Db): Promise<TAdminLastRestore | null> {
  const [row] = await db
    .select()
    .from(backupRestores)
    .orderBy(desc(backupRestores.restoredAt), desc(backupRestores.id))
    .limit(1);
  if (!row) return null;
  return {
    restored_at: row.restoredAt.toISOString(),
    archive_name: row.archiveName,
    archive_created_at: row.archiveCreatedAt.toISOString(),
    archive_schema_version: row.archiveSchemaVersion,
    schema_version: row.schemaVersion,
    migrated_forward: row.migratedForward,
    tables: row.tables,
    rows: row.rows,
    pdfs: row.pdfs,
    duration_ms: row.durationMs,
  };
}
