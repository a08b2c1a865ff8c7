import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../../db/client';
import { lockDataDir } from '../../db/data-dir-lock';
import type { FileStorage } from '../../storage/file-storage';
import { verifyArchive } from './archive-verifier';
import { type RestoreSummary, restoreInto, TargetNotEmpty } from './restore-database';

const isEmptyDir = async (dir: string) =>
  (await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error))))
    .length === 0;

/**
 * docs/deploy.md#backup-and-restore: the embedded database is restored into a NEW data directory (its
 * `pglite/` absent or empty), with DATA_DIR locked so no server starts meanwhile. The database is built
 * in a sibling directory and renamed into place only once its transaction has committed and PGlite has
 * closed: a failure leaves no `pglite/` behind that looks restored.
 */
export async function restoreEmbedded({
  dataDir,
  storage,
  file,
}: {
  dataDir: string;
  storage: FileStorage;
  file: string;
}): Promise<RestoreSummary> {
  const startedAt = performance.now();
  const target = path.join(dataDir, 'pglite');
  if (!(await isEmptyDir(target))) throw new TargetNotEmpty(`${target} already holds a database`);
  await mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir, 'pnpm backup restore', (error) => {
    console.error(`the lock on the data directory was lost (${error.message}): stopping`);
    process.exit(70);
  });
  const building = path.join(dataDir, `.restoring-${randomBytes(6).toString('hex')}`);
  try {
    const manifest = await verifyArchive(file);
    const database = openDatabase({ dataDir: building, role: 'pnpm backup restore' });
    let summary: RestoreSummary;
    try {
      summary = await restoreInto({ db: database.db, storage, file, manifest, startedAt });
    } finally {
      await database.close();
    }
    if (!(await isEmptyDir(target))) throw new TargetNotEmpty(`${target} was created while restoring`);
    await rm(target, { recursive: true, force: true });
    await rename(path.join(building, 'pglite'), target);
    return summary;
  } finally {
    await rm(building, { recursive: true, force: true });
    lock.release();
  }
}
