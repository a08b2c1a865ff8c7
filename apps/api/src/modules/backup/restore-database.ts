import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Db } from '../../db/client';
import { type RawSession, withRawTransaction } from '../../db/raw-session';
import type { FileStorage } from '../../storage/file-storage';
import type { Manifest, TableEntry } from './archive-format';
import { BadArchive, readArchive } from './archive-reader';
import { checkEntry, expectedEntries, verifyArchive } from './archive-verifier';
import { quoteName } from './database-snapshot';
import { applyMigrations, currentSchemaVersion } from './schema-version';

/** A restore target that already holds data: restore never merges into or overwrites a database. */
export class TargetNotEmpty extends Error {
  constructor(what: string) {
    super(
      `restore writes only into an empty database, and ${what}: create a new database (or DATA_DIR) and restore into that`,
    );
    this.name = 'TargetNotEmpty';
  }
}

export interface RestoreSummary {
  schemaVersion: string;
  /** Migrations applied after the rows, bringing an older backup to this code's schema. */
  migratedForward: number;
  rows: number;
  tables: number;
  pdfs: number;
  /** The schema after the restore (this code's newest migration). */
  schemaVersionAfter: string;
  /** From the start of the verification to the backup_restores row, just before the commit. */
  durationMs: number;
}

/** Rows per INSERT … SELECT FROM json_populate_recordset, and the most JSON text one carries. */
const INSERT_ROWS = 1000;
const INSERT_BYTES = 8 * 1024 * 1024;

/** Throws TargetNotEmpty when any table exists outside PostgreSQL's own schemas. */
export async function assertEmptyDatabase(session: Pick<RawSession, 'query'>): Promise<void> {
  const tables = await session.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
        AND n.nspname NOT LIKE 'pg_temp%'
      ORDER BY 1 LIMIT 3`,
  );
  if (tables.length > 0) throw new TargetNotEmpty(`this one has tables (${tables.map((t) => t.name).join(', ')}, …)`);
}

/**
 * docs/deploy.md#backup-and-restore: restores a verified archive into the empty database behind `db` and
 * into `storage`, in ONE database transaction: the schema of the archive's version, its rows (foreign
 * keys and triggers off while they go in: `session_replication_role = replica`, so table order does not
 * matter), its sequences, then this code's later migrations. The bytes are checked again as they are
 * read. PDFs go through storage.put (a temp name, then a rename to their key); any failure deletes the
 * ones this restore placed, and the transaction rolls back: nothing is left that looks restored. Its last
 * statement records the restore in backup_restores (the admin page's "Last restore"), in the same transaction.
 */
export async function restoreInto({
  db,
  storage,
  file,
  manifest,
  startedAt = performance.now(),
}: {
  db: Db;
  storage: FileStorage;
  file: string;
  manifest: Manifest;
  /** performance.now() when the restore began (before verifying), for the recorded duration. */
  startedAt?: number;
}): Promise<RestoreSummary> {
  const placed: string[] = [];
  try {
    return await withRawTransaction(db, async (session) => {
      await assertEmptyDatabase(session);
      await applyMigrations(session.query, null, manifest.schema_version);
      await setReplicationRole(session, 'replica');
      const rows = await withIndexesDeferred(session, () => loadEntries(session, storage, file, manifest, placed));
      await setReplicationRole(session, 'origin');
      for (const sequence of manifest.sequences) {
        await session.query('SELECT setval($1::regclass, $2::bigint, $3)', [
          quoteName(sequence.name),
          sequence.last_value,
          sequence.is_called,
        ]);
      }
      const migratedForward = await applyMigrations(session.query, manifest.schema_version, null);
      // Fresh statistics, so the planner uses the indexes at once (PGlite has no autovacuum to do it).
      await session.query('ANALYZE');
      const summary: RestoreSummary = {
        schemaVersion: manifest.schema_version,
        migratedForward,
        rows,
        tables: manifest.tables.length,
        pdfs: manifest.pdfs.length,
        schemaVersionAfter: await currentSchemaVersion(session.query),
        durationMs: Math.round(performance.now() - startedAt),
      };
      await recordRestore(session, path.basename(file), manifest, summary);
      return summary;
    });
  } catch (error) {
    await Promise.all(placed.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/**
 * docs/deploy.md#restore: the restore's own row, after the later migrations (which created backup_restores when the
 * archive is older than it). Rows the archive carried (restores of the database it was taken from) stay beside it.
 */
async function recordRestore(session: RawSession, archiveName: string, manifest: Manifest, summary: RestoreSummary) {
  await session.query(
    `INSERT INTO backup_restores (archive_name, archive_created_at, archive_schema_version, schema_version,
       migrated_forward, tables, rows, pdfs, duration_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      archiveName,
      manifest.created_at,
      manifest.schema_version,
      summary.schemaVersionAfter,
      summary.migratedForward,
      summary.tables,
      summary.rows,
      summary.pdfs,
      summary.durationMs,
    ],
  );
}

/**
 * Every index that backs no constraint is dropped before the rows go in and built again from its own
 * definition after (as the corpus import does for papers, ingest/bulk-load.repo.ts): building a GIN or
 * RUM index once is far cheaper than updating it row by row (25k papers: 34 s instead of 115 s on
 * PostgreSQL, docs/deploy.md#restore). Unique and primary-key indexes stay, since they are constraints.
 */
async function withIndexesDeferred<T>(session: RawSession, load: () => Promise<T>): Promise<T> {
  const indexes = await session.query<{ name: string; definition: string }>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast', 'drizzle')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
      ORDER BY 1`,
  );
  for (const index of indexes) await session.query(`DROP INDEX ${index.name}`);
  const result = await load();
  for (const index of indexes) await session.query(index.definition);
  return result;
}

async function setReplicationRole(session: RawSession, role: 'replica' | 'origin') {
  try {
    await session.query(`SET LOCAL session_replication_role = ${role}`);
  } catch (error) {
    throw new Error(
      `restore needs a database role allowed to set session_replication_role (a superuser, or GRANT SET ON PARAMETER session_replication_role): ${(error as Error).message}`,
    );
  }
}

async function loadEntries(
  session: RawSession,
  storage: FileStorage,
  file: string,
  manifest: Manifest,
  placed: string[],
): Promise<number> {
  const expected = expectedEntries(manifest);
  const tables = new Map(manifest.tables.map((table) => [table.file, table]));
  const pdfs = new Map(manifest.pdfs.map((pdf) => [pdf.file, pdf]));
  let rows = 0;
  for await (const item of readArchive(file)) {
    if ('manifest' in item) {
      if (item.manifest.manifest_sha256 !== manifest.manifest_sha256)
        throw new BadArchive('the archive changed since it was verified');
      continue;
    }
    const table = tables.get(item.name);
    const pdf = pdfs.get(item.name);
    if (table) {
      const digest = await insertRows(session, table, item.body);
      checkEntry(expected, item.name, digest);
      rows += digest.lines;
    } else if (pdf) {
      const existing = await storage.stat(pdf.key);
      const staged = await storage.put(item.body, { maxBytes: Number.MAX_SAFE_INTEGER });
      try {
        checkEntry(expected, item.name, { sha256: staged.hash, bytes: staged.size, lines: 0 });
        // Identical bytes already under the key (content-addressed) are left as they are.
        if (existing === null) {
          await staged.commit(pdf.key);
          placed.push(pdf.key);
        }
      } finally {
        await staged.discard();
      }
    } else {
      throw new BadArchive(`the archive holds ${item.name}, which its manifest does not list`);
    }
  }
  return rows;
}

/** Inserts a table file's JSON lines in batches, digesting the bytes as they pass. */
async function insertRows(session: RawSession, table: TableEntry, body: AsyncIterable<Buffer>) {
  const columns = table.columns.map((column) => `"${column.replace(/"/g, '""')}"`).join(', ');
  const target = quoteName(table.name);
  const statement = `INSERT INTO ${target} (${columns}) OVERRIDING SYSTEM VALUE
    SELECT ${columns} FROM json_populate_recordset(NULL::${target}, $1::json)`;
  let batch: string[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await session.query(statement, [`[${batch.join(',')}]`]);
    batch = [];
    batchBytes = 0;
  };
  const digest = { sha256: '', bytes: 0, lines: 0 };
  let carry = '';
  const lines = (async function* () {
    const decoder = new TextDecoder('utf-8');
    for await (const chunk of digesting(body, digest)) {
      const text = carry + decoder.decode(chunk, { stream: true });
      const parts = text.split('\n');
      carry = parts.pop() ?? '';
      yield* parts;
    }
  })();
  for await (const line of lines) {
    batch.push(line);
    batchBytes += line.length;
    if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
  }
  if (carry !== '') throw new BadArchive(`${table.file} does not end with a complete row`);
  await flush();
  return digest;
}

/** Passes the chunks through and fills `into` with their digest once they have all gone by. */
async function* digesting(body: AsyncIterable<Buffer>, into: { sha256: string; bytes: number; lines: number }) {
  const hash = createHash('sha256');
  for await (const chunk of body) {
    hash.update(chunk);
    into.bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) into.lines += 1;
    yield chunk;
  }
  into.sha256 = hash.digest('hex');
}

/**
 * The whole restore: refuses a non-empty target at once, verifies every checksum of the archive (nothing
 * is written before that passes), then restores it in one transaction.
 */
export async function restoreBackup({ db, storage, file }: { db: Db; storage: FileStorage; file: string }) {
  const startedAt = performance.now();
  await withRawTransaction(db, (session) => assertEmptyDatabase(session));
  const manifest = await verifyArchive(file);
  return restoreInto({ db, storage, file, manifest, startedAt });
}
