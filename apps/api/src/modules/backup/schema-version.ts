import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsDir } from '../../lib/package-paths';

/** One migration this code knows: its journal tag (the schema version a backup names) and what drizzle records. */
export interface KnownMigration {
  tag: string;
  /** drizzle.__drizzle_migrations.created_at: the journal's `when`. */
  folderMillis: number;
  hash: string;
  statements: string[];
}

/** The committed migrations, in the order drizzle applies them (its journal's). */
export function knownMigrations(): KnownMigration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: migrationsDir });
  return journal.entries.map((entry, index) => {
    const file = files[index];
    if (!file || file.folderMillis !== entry.when) throw new Error(`migration ${entry.tag} does not match its file`);
    return { tag: entry.tag, folderMillis: entry.when, hash: file.hash, statements: file.sql };
  });
}

/** drizzle's own bookkeeping (its pg dialect's migrate()): where applied migrations are recorded. */
export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * The schema version of a database: the tag of the latest migration in drizzle's table. A migration this
 * code does not know (the database was migrated by a newer Paperbench) is refused: that version's
 * `pnpm backup` knows its schema, this one would write an archive no version could place.
 */
export async function currentSchemaVersion(query: Query): Promise<string> {
  const [table] = await query<{ found: string | null }>(`SELECT to_regclass('${MIGRATIONS_TABLE}')::text AS found`);
  if (!table?.found)
    throw new Error('the database has no migrations applied (not a Paperbench database?): nothing to back up');
  const [latest] = await query<{ created_at: string | number }>(
    `SELECT created_at FROM ${MIGRATIONS_TABLE} ORDER BY created_at DESC LIMIT 1`,
  );
  if (!latest) throw new Error('the database has no migrations applied: nothing to back up');
  const millis = Number(latest.created_at);
  const known = knownMigrations().find((migration) => migration.folderMillis === millis);
  if (!known) {
    throw new Error(
      `the database was migrated by a newer Paperbench (a migration of ${new Date(millis).toISOString()} this code does not have): back it up with that version`,
    );
  }
  return known.tag;
}

/**
 * Applies the known migrations after `afterTag` (all when null) up to and including `untilTag` (the last
 * when null), on the caller's transaction, recording each as drizzle's migrate() does, so that a later
 * migrate() at start-up sees them applied. Restore uses it twice: up to the archive's schema, then (after
 * the rows are in) forward to this code's, all in one transaction.
 */
export async function applyMigrations(query: Query, afterTag: string | null, untilTag: string | null): Promise<number> {
  await query('CREATE SCHEMA IF NOT EXISTS drizzle');
  await query(
    `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  const migrations = knownMigrations();
  const start = afterTag === null ? 0 : migrations.findIndex((m) => m.tag === afterTag) + 1;
  const end = untilTag === null ? migrations.length : migrations.findIndex((m) => m.tag === untilTag) + 1;
  for (const migration of migrations.slice(start, end)) {
    for (const statement of migration.statements) {
      if (statement.trim()) await query(statement);
    }
    await query(`INSERT INTO ${MIGRATIONS_TABLE} (hash, created_at) VALUES ($1, $2)`, [
      migration.hash,
      migration.folderMillis,
    ]);
  }
  return Math.max(0, end - start);
}
