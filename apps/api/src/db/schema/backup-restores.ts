import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * docs/deploy.md#restore: one row per `pnpm backup restore` that succeeded into this database, written inside the
 * restore's own transaction (modules/backup/restore-database.ts), so a restored database says where it came from.
 * It is backed up like any table: a backup of a restored database carries its restore history along.
 */
export const backupRestores = pgTable('backup_restores', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  restoredAt: timestamp('restored_at', { withTimezone: true }).notNull().defaultNow(),
  /** The archive's file name (not its path: that is the restoring machine's). */
  archiveName: text('archive_name').notNull(),
  /** When the backup was taken (the manifest's created_at). */
  archiveCreatedAt: timestamp('archive_created_at', { withTimezone: true }).notNull(),
  /** The schema the archive was taken at, and the one the restore migrated it forward to. */
  archiveSchemaVersion: text('archive_schema_version').notNull(),
  schemaVersion: text('schema_version').notNull(),
  migratedForward: integer('migrated_forward').notNull(),
  tables: integer('tables').notNull(),
  rows: integer('rows').notNull(),
  pdfs: integer('pdfs').notNull(),
  /** From the start of the verification to the row's insert, just before the commit. */
  durationMs: integer('duration_ms').notNull(),
});
