import { createReadStream, type ReadStream, statSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/app-error';
import { ARCHIVE_SUFFIX, SIDECAR_SUFFIX, ZSidecar } from './archive-format';
import { readArchiveManifest } from './archive-reader';

export interface BackupListing {
  name: string;
  bytes: number;
  created_at: string;
  /** The schema (latest migration tag) the backup was taken at; null when its manifest cannot be read. */
  schema_version: string | null;
  /**
   * True when the sidecar written after the archive's rename is there and matches the archive's size.
   * An archive without one (copied in by hand, or its writer killed between rename and sidecar) is
   * listed as not complete: `pnpm backup restore` still verifies every checksum before using it.
   */
  complete: boolean;
}

/** A name the catalog can hold: a plain file name ending in .tar.gz, never a path. */
const isArchiveName = (name: string): boolean =>
  name.endsWith(ARCHIVE_SUFFIX) &&
  !name.includes('/') &&
  !name.includes('\\') &&
  !name.startsWith('.') &&
  !name.includes('\0');

/**
 * docs/deploy.md#backup-and-restore: the backups in BACKUP_DIR, newest first. `.partial` files (a backup
 * being written, or one a kill interrupted) are not listed.
 */
export async function listBackups(backupDir: string): Promise<BackupListing[]> {
  const names = await readdir(backupDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const listings = await Promise.all(names.filter(isArchiveName).map((name) => describe(backupDir, name)));
  return listings
    .filter((listing): listing is BackupListing => listing !== null)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.name.localeCompare(a.name));
}

async function describe(backupDir: string, name: string): Promise<BackupListing | null> {
  const file = path.join(backupDir, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const sidecar = await readSidecar(`${file}${SIDECAR_SUFFIX}`);
  if (sidecar && sidecar.name === name && sidecar.bytes === info.size) {
    return {
      name,
      bytes: info.size,
      created_at: sidecar.created_at,
      schema_version: sidecar.schema_version,
      complete: true,
    };
  }
  // No (matching) sidecar: the manifest at the archive's head still says when and at which schema.
  const manifest = await readArchiveManifest(file).catch(() => null);
  return {
    name,
    bytes: info.size,
    created_at: manifest?.created_at ?? info.mtime.toISOString(),
    schema_version: manifest?.schema_version ?? null,
    complete: false,
  };
}

async function readSidecar(file: string) {
  try {
    return ZSidecar.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return null;
  }
}

/**
 * One listed backup's path and size. A name that is a path, a `.partial`, a sidecar or no file in the directory is
 * 404 (the same test listBackups applies, so what is listed is what can be opened or verified).
 */
export function findBackup(backupDir: string, name: string): { file: string; bytes: number } {
  const notFound = new AppError('NOT_FOUND', 'backup not found');
  if (!isArchiveName(name)) throw notFound;
  const file = path.join(backupDir, name);
  const info = statSync(file, { throwIfNoEntry: false });
  if (!info?.isFile()) throw notFound;
  return { file, bytes: info.size };
}

/** The bytes of one listed backup (404 as findBackup). */
export function openBackup(backupDir: string, name: string): ReadStream {
  return createReadStream(findBackup(backupDir, name).file);
}
