import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { packageRoot } from '../../lib/package-paths';
import { LocalFileStorage } from '../../storage/local-file-storage';
import { createScratchDatabase, type Driver, testDrivers } from '../../test-support/test-app';
import { listBackups } from './backup-catalog';
import { removeStalePartials, STALE_PARTIAL_MS } from './backup-rotation';
import { storePdf } from './backup-test-support';

/** Incompressible PDFs, so the archive grows for a while and there is time to kill its writer mid-way. */
const PDFS = 60;
const PDF_BYTES = 1024 * 1024;

describe.each(testDrivers())('kill -9 during `pnpm backup create` (%s)', (driver: Driver) => {
  let root: string;
  let env: NodeJS.ProcessEnv;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'backup-kill-'));
    const storageDir = path.join(root, 'files');
    const dataDir = path.join(root, 'data');
    let url: string | undefined;
    if (driver === 'postgres') {
      const scratch = await createScratchDatabase({ template: 'migrated' });
      url = scratch.url;
      drop = scratch.drop;
    }
    const database = openDatabase({ url, dataDir, role: 'test' });
    try {
      if (!url) await database.migrate();
      const storage = new LocalFileStorage(storageDir);
      for (let i = 0; i < PDFS; i += 1) await storePdf(database.db, storage, randomBytes(PDF_BYTES));
    } finally {
      await database.close();
    }
    const { DATABASE_URL: _ignored, ...rest } = process.env;
    env = {
      ...rest,
      STORAGE_DIR: storageDir,
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
      LOG_LEVEL: 'silent',
    };
  }, 300_000);
  afterAll(async () => {
    await drop?.();
    await rm(root, { recursive: true, force: true });
  });

  it('leaves no file under the final name, only a .partial the catalog ignores and a later run removes', async () => {
    const backups = path.join(root, 'backups');
    const out = path.join(backups, 'paperbench-killed.tar.gz');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/modules/backup/cli.ts', 'create', '--out', out], {
      cwd: packageRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = once(child, 'exit');
    // Killed once the archive has some PDFs in it (more than 3 MB), long before its 60 MB are written.
    let ended = false;
    void exited.then(() => {
      ended = true;
    });
    for (;;) {
      const size = (await stat(`${out}.partial`).catch(() => null))?.size ?? 0;
      if (size > 3 * PDF_BYTES) break;
      if (ended) throw new Error(`the backup ended before it could be killed: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');

    const names = await readdir(backups);
    expect(names).toContain('paperbench-killed.tar.gz.partial');
    expect(names).not.toContain('paperbench-killed.tar.gz');
    expect(await listBackups(backups)).toEqual([]);
    // A later run (here: a day later, when the partial is stale) removes it and its staging directory.
    expect(await removeStalePartials(backups, Date.now() + STALE_PARTIAL_MS + 1)).toBeGreaterThanOrEqual(1);
    expect(await readdir(backups)).toEqual([]);
  }, 300_000);
});
