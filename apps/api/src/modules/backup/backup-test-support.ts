import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { extract, pack } from 'tar-stream';
import type { Db } from '../../db/client';
import { withRawTransaction } from '../../db/raw-session';
import { storedFiles } from '../../db/schema';
import { type FileStorage, pdfKeyFor } from '../../storage/file-storage';
import { type Manifest, manifestChecksum } from './archive-format';
import { quoteName } from './database-snapshot';

/** Where a restore records itself: a restored database has one row there its source did not have. */
export const RESTORE_RECORD_TABLE = 'public.backup_restores';

/**
 * Every table's rows as JSON text (generated columns included), sorted: equal means the same data. `except` leaves
 * tables out (the restore's own row in RESTORE_RECORD_TABLE, when comparing a restored database with its source).
 */
export async function allRows(db: Db, except: string[] = []): Promise<Record<string, string[]>> {
  return withRawTransaction(db, async (session) => {
    const tables = await session.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
        ORDER BY 1`,
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables) {
      if (except.includes(name)) continue;
      // drizzle's id column is its own serial: compare what it records, not the ids.
      const select = name === 'drizzle.__drizzle_migrations' ? 'hash, created_at' : '*';
      const rows = await session.query<{ line: string }>(
        `SELECT row_to_json(r)::text AS line FROM (SELECT ${select} FROM ${quoteName(name)}) r ORDER BY 1`,
      );
      result[name] = rows.map((row) => row.line);
    }
    return result;
  });
}

/** Stores `bytes` as an uploaded PDF is stored: under its content key, with its stored_files row. */
export async function storePdf(
  db: Db,
  storage: FileStorage,
  bytes = randomBytes(3000 + Math.floor(Math.random() * 5000)),
) {
  const staged = await storage.put(Readable.from([bytes]), { maxBytes: 10_000_000 });
  const key = pdfKeyFor(staged.hash);
  await staged.commit(key);
  await db
    .insert(storedFiles)
    .values({ contentHash: staged.hash, storageKey: key, byteSize: staged.size, mimeType: 'application/pdf' });
  return { key, bytes, hash: staged.hash };
}

interface Entry {
  name: string;
  body: Buffer;
}

async function unpack(file: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  const tar = extract();
  Readable.from([gunzipSync(await readFile(file))]).pipe(tar);
  for await (const entry of tar) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  return entries;
}

async function repack(file: string, entries: Entry[]): Promise<void> {
  const tar = pack();
  for (const entry of entries) tar.entry({ name: entry.name, size: entry.body.length }, entry.body);
  tar.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of tar) chunks.push(chunk as Buffer);
  await writeFile(file, gzipSync(Buffer.concat(chunks)));
}

/** Rewrites an archive with `change` applied to its entries (tests of damaged and edited archives). */
export async function rewriteArchive(source: string, target: string, change: (entries: Entry[]) => void) {
  const entries = await unpack(source);
  change(entries);
  await repack(target, entries);
}

/** Edits the manifest; with `resign` its checksum is recomputed (an archive a newer version wrote). */
export function editManifest(entries: Entry[], edit: (manifest: Manifest) => void, resign: boolean) {
  const entry = entries.find((e) => e.name === 'manifest.json');
  if (!entry) throw new Error('no manifest');
  const manifest = JSON.parse(entry.body.toString('utf8')) as Manifest;
  edit(manifest);
  if (resign) manifest.manifest_sha256 = manifestChecksum(manifest);
  entry.body = Buffer.from(JSON.stringify(manifest));
}
