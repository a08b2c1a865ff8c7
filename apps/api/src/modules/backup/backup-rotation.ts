import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../storage/file-storage';
import { archiveNameFor, PARTIAL_SUFFIX, SIDECAR_SUFFIX } from './archive-format';
import { listBackups } from './backup-catalog';
import { createBackup, stagingDirFor } from './backup-writer';

/**
 * A .partial (and its staging directory) untouched this long is a backup whose writer died (kill -9, a
 * crash); a live writer keeps writing to it. Generous, so that a slow backup is never taken for dead.
 */
export const STALE_PARTIAL_MS = 6 * 60 * 60 * 1000;

/** Removes what interrupted backups left in `backupDir`; returns how many it removed. */
export async function removeStalePartials(backupDir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(backupDir)) {
    if (!name.endsWith(PARTIAL_SUFFIX) && !name.endsWith(stagingDirFor(PARTIAL_SUFFIX))) continue;
    const file = path.join(backupDir, name);
    const info = await stat(file).catch(() => null);
    if (!info || now - info.mtimeMs < STALE_PARTIAL_MS) continue;
    await rm(file, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Deletes all but the `keep` newest backups (each with its sidecar); returns the names deleted. */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(backupDir)).slice(keep);
  for (const { name } of old) {
    await rm(path.join(backupDir, name), { force: true });
    await rm(path.join(backupDir, `${name}${SIDECAR_SUFFIX}`), { force: true });
  }
  return old.map((backup) => backup.name);
}

/**
 * docs/deploy.md#scheduled-backups: one backup into BACKUP_DIR, then the rotation to BACKUP_KEEP. Stale
 * partials go first, so a kill -9 of an earlier run costs disk only until the next.
 */
export async function runScheduledBackup({
  db,
  storage,
  backupDir,
  keep,
  now = new Date(),
  signal,
}: {
  db: Db;
  storage: FileStorage;
  backupDir: string;
  keep: number;
  now?: Date;
  signal?: AbortSignal;
}) {
  await mkdir(backupDir, { recursive: true });
  const stalePartials = await removeStalePartials(backupDir, now.getTime());
  const file = path.join(backupDir, archiveNameFor(now));
  const { bytes, manifest } = await createBackup({ db, storage, file, now, signal });
  const pruned = await pruneBackups(backupDir, keep);
  return {
    file: path.basename(file),
    bytes,
    schemaVersion: manifest.schema_version,
    pdfs: manifest.pdfs.length,
    pruned: pruned.length,
    stalePartials,
  };
}
