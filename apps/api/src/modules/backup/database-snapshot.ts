import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { hasConcurrentSessions, type RawSession, withRawTransaction } from '../../db/raw-session';
import type { Manifest, TableEntry } from './archive-format';
import { currentSchemaVersion } from './schema-version';

/** What one consistent read of the database gave: the tables (written to files), sequences and PDFs. */
export type Snapshot = Pick<Manifest, 'driver' | 'schema_version' | 'tables' | 'sequences'> & {
  /** The stored_files rows: the PDFs the archive must carry. */
  storedFiles: { key: string; sha256: string; bytes: number }[];
};

/** Rows fetched per round trip from the table's cursor. */
const FETCH_ROWS = 2000;

/** Schemas that are PostgreSQL's or drizzle's own, never the app's data. */
const SYSTEM_SCHEMAS = "('pg_catalog', 'information_schema', 'drizzle', 'pg_toast')";

/**
 * docs/deploy.md#backup-and-restore: every table of the app, read in ONE transaction at REPEATABLE READ,
 * so the archive is the database at one instant while writes go on (PostgreSQL's snapshot; on the
 * embedded database the transaction also holds its one session, so writes wait until it ends). Each
 * table becomes a JSON-lines file (one `row_to_json` per row, generated columns left out: they are
 * recomputed) in `stagingDir`, hashed as it is written.
 */
export async function readSnapshot(db: Db, stagingDir: string, signal?: AbortSignal): Promise<Snapshot> {
  return withRawTransaction(db, async (session) => {
    // Before any query, so the whole transaction sees one snapshot (SET LOCAL above does not take one).
    await session.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const schemaVersion = await currentSchemaVersion(session.query);
    const tables: TableEntry[] = [];
    for (const name of await listTables(session)) {
      signal?.throwIfAborted();
      tables.push(await dumpTable(session, name, stagingDir));
    }
    const sequences = await readSequences(session);
    const storedFiles = await session.query<{ key: string; sha256: string; bytes: string | number }>(
      'SELECT storage_key AS key, content_hash AS sha256, byte_size AS bytes FROM stored_files ORDER BY content_hash',
    );
    return {
      driver: hasConcurrentSessions(db) ? 'postgres' : 'pglite',
      schema_version: schemaVersion,
      tables,
      sequences,
      storedFiles: storedFiles.map((file) => ({ ...file, bytes: Number(file.bytes) })),
    };
  });
}

/** Ordinary and partitioned tables (a partition's rows are read through its parent). */
async function listTables(session: RawSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname NOT IN ${SYSTEM_SCHEMAS} AND n.nspname NOT LIKE 'pg_temp%'
      ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

export const quoteName = (qualified: string): string =>
  qualified
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');

/** The columns a restore writes: not dropped, not generated (PostgreSQL computes those again). */
export async function writableColumns(session: RawSession, table: string): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attnum`,
    [quoteName(table)],
  );
  return rows.map((row) => row.name);
}

async function dumpTable(session: RawSession, table: string, stagingDir: string): Promise<TableEntry> {
  const columns = await writableColumns(session, table);
  const file = `tables/${table}.jsonl`;
  const out = createWriteStream(path.join(stagingDir, `${table}.jsonl`));
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  const select = columns.map((column) => `"${column.replace(/"/g, '""')}"`).join(', ');
  await session.query(
    `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS line FROM (SELECT ${select} FROM ${quoteName(table)}) r`,
  );
  try {
    for (;;) {
      const batch = await session.query<{ line: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
      if (batch.length === 0) break;
      const chunk = Buffer.from(`${batch.map((row) => row.line).join('\n')}\n`, 'utf8');
      hash.update(chunk);
      rows += batch.length;
      bytes += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    await session.query('CLOSE backup_rows');
    out.end();
    await once(out, 'close');
  }
  return { name: table, file, columns, rows, bytes, sha256: hash.digest('hex') };
}

/** Every sequence's position, so ids issued after a restore do not collide with restored ones. */
async function readSequences(session: RawSession): Promise<Manifest['sequences']> {
  const names = await session.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname NOT IN ${SYSTEM_SCHEMAS} ORDER BY 1`,
  );
  const sequences: Manifest['sequences'] = [];
  for (const { name } of names) {
    const [state] = await session.query<{ last_value: string | number; is_called: boolean }>(
      `SELECT last_value, is_called FROM ${quoteName(name)}`,
    );
    if (state) sequences.push({ name, last_value: String(state.last_value), is_called: state.is_called });
  }
  return sequences;
}
