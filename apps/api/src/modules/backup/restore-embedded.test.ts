import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { LocalFileStorage } from '../../storage/local-file-storage';
import { buildFolder, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { allRows, RESTORE_RECORD_TABLE, rewriteArchive, storePdf } from './backup-test-support';
import { createBackup } from './backup-writer';
import { restoreEmbedded } from './restore-embedded';

// The embedded database's own restore path (a new DATA_DIR on disk); restore into PostgreSQL and the
// in-memory PGlite is tested on both drivers in backup-restore.test.ts.
describe('restore of the embedded database into a new DATA_DIR', () => {
  let t: TestApp;
  let root: string;
  let archive: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: true });
    root = await mkdtemp(path.join(os.tmpdir(), 'restore-embedded-'));
    const user = await buildUser(t.db);
    await buildFolder(t.db, { ownerId: user.id, name: 'On disk' });
    await storePdf(t.db, t.context.storage);
    archive = path.join(root, 'backup.tar.gz');
    await createBackup({ db: t.db, storage: t.context.storage, file: archive });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('restores every row into DATA_DIR/pglite, which the server then opens as it is', async () => {
    const dataDir = path.join(root, 'new-data');
    const storageDir = path.join(dataDir, 'files');
    const summary = await restoreEmbedded({ dataDir, storage: new LocalFileStorage(storageDir), file: archive });
    expect(summary.pdfs).toBe(1);
    expect((await readdir(dataDir)).filter((name) => !name.startsWith('paperbench.lock')).sort()).toEqual([
      'files',
      'pglite',
    ]);
    const database = openDatabase({ dataDir, role: 'test' });
    try {
      expect(await allRows(database.db, [RESTORE_RECORD_TABLE])).toEqual(await allRows(t.db, [RESTORE_RECORD_TABLE]));
      // The restore recorded itself in the same transaction, so it is in the database the server opens.
      const records = (await allRows(database.db))[RESTORE_RECORD_TABLE]?.map((line) => JSON.parse(line));
      expect(records).toEqual([
        expect.objectContaining({
          archive_name: 'backup.tar.gz',
          pdfs: 1,
          rows: summary.rows,
          duration_ms: summary.durationMs,
        }),
      ]);
    } finally {
      await database.close();
    }
  });

  it('refuses a DATA_DIR that already holds a database, touching nothing', async () => {
    const dataDir = path.join(root, 'used-data');
    await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    await writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '17');
    await expect(
      restoreEmbedded({ dataDir, storage: new LocalFileStorage(path.join(dataDir, 'files')), file: archive }),
    ).rejects.toThrow(/already holds a database/);
    expect(await readdir(dataDir)).toEqual(['pglite']);
  });

  it('leaves no pglite/ and no PDFs behind when the archive is damaged', async () => {
    const bad = path.join(root, 'bad.tar.gz');
    await rewriteArchive(archive, bad, (entries) => {
      const pdf = entries.find((entry) => entry.name.startsWith('pdfs/'));
      if (pdf) pdf.body[0] = (pdf.body[0] ?? 0) ^ 1;
    });
    const dataDir = path.join(root, 'failed-data');
    await expect(
      restoreEmbedded({ dataDir, storage: new LocalFileStorage(path.join(dataDir, 'files')), file: bad }),
    ).rejects.toThrow(/does not match its checksum/);
    expect((await readdir(dataDir)).filter((name) => !name.startsWith('paperbench.lock'))).toEqual([]);
  });
});
