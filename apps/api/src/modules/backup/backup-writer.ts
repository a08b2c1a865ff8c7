import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack } from 'tar-stream';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../storage/file-storage';
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  type Manifest,
  manifestChecksum,
  PARTIAL_SUFFIX,
  SIDECAR_SUFFIX,
  type Sidecar,
  ZManifest,
} from './archive-format';
import { readSnapshot } from './database-snapshot';

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** Staging of the table files beside the archive being written: removed by the writer, or as a stale partial. */
export const stagingDirFor = (partial: string) => `${partial}.d`;

/**
 * docs/deploy.md#backup-and-restore: one archive of the database and its PDFs at `file`. It is written as
 * `<file>.partial`, fsynced and only then renamed, so an archive under its final name is always whole
 * (a kill -9 leaves a .partial, which the catalog ignores and the next scheduled run removes). The
 * sidecar the catalog reads is written after the rename.
 */
export async function createBackup({
  db,
  storage,
  file,
  now = new Date(),
  signal,
}: {
  db: Db;
  storage: FileStorage;
  file: string;
  now?: Date;
  signal?: AbortSignal;
}): Promise<BackupResult> {
  const partial = `${file}${PARTIAL_SUFFIX}`;
  const staging = stagingDirFor(partial);
  await mkdir(staging, { recursive: true });
  try {
    const snapshot = await readSnapshot(db, staging, signal);
    const unsigned = {
      format: FORMAT,
      format_version: FORMAT_VERSION,
      created_at: now.toISOString(),
      driver: snapshot.driver,
      schema_version: snapshot.schema_version,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      pdfs: snapshot.storedFiles.map((pdf) => ({ ...pdf, file: `pdfs/${pdf.sha256}` })),
    } satisfies Omit<Manifest, 'manifest_sha256'>;
    // Checked against the schema restore reads it with, so a backup that restore would refuse fails now.
    const manifest: Manifest = ZManifest.parse({ ...unsigned, manifest_sha256: manifestChecksum(unsigned) });
    await writeArchive(partial, manifest, staging, storage, signal);
    await fsyncFile(partial);
    await rename(partial, file);
    await fsyncDir(path.dirname(file));
    const bytes = (await stat(file)).size;
    await writeSidecar(file, {
      name: path.basename(file),
      bytes,
      created_at: manifest.created_at,
      schema_version: manifest.schema_version,
      manifest_sha256: manifest.manifest_sha256,
    });
    return { file, bytes, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function writeArchive(
  partial: string,
  manifest: Manifest,
  staging: string,
  storage: FileStorage,
  signal?: AbortSignal,
): Promise<void> {
  const tar = pack();
  const written = pipeline(tar, createGzip(), createWriteStream(partial, { flags: 'w' }));
  try {
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1), 'utf8');
    tar.entry({ name: MANIFEST_ENTRY, size: manifestBytes.length }, manifestBytes);
    for (const table of manifest.tables) {
      signal?.throwIfAborted();
      await addEntry(tar, table.file, table.bytes, createReadStream(path.join(staging, `${table.name}.jsonl`)));
    }
    for (const pdf of manifest.pdfs) {
      signal?.throwIfAborted();
      const check = verifyingHash(pdf.sha256, pdf.key);
      await addEntry(tar, pdf.file, pdf.bytes, storage.createReadStream(pdf.key), check);
    }
    tar.finalize();
  } catch (error) {
    tar.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
  await written;
}

async function addEntry(
  tar: ReturnType<typeof pack>,
  name: string,
  size: number,
  source: NodeJS.ReadableStream,
  check?: Transform,
): Promise<void> {
  const entry = tar.entry({ name, size });
  if (check) await pipeline(source, check, entry);
  else await pipeline(source, entry);
}

/** Passes a stored PDF through, failing the backup if its bytes are not the ones its hash names. */
function verifyingHash(expected: string, key: string): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      const actual = hash.digest('hex');
      done(actual === expected ? null : new Error(`the stored PDF ${key} does not match its content hash`));
    },
  });
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The rename reaches the disk too (a crash after it must not bring the .partial name back). */
async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeSidecar(file: string, sidecar: Sidecar): Promise<void> {
  const temp = `${file}${SIDECAR_SUFFIX}${PARTIAL_SUFFIX}`;
  await writeFile(temp, JSON.stringify(sidecar), { flush: true });
  await rename(temp, `${file}${SIDECAR_SUFFIX}`);
}
