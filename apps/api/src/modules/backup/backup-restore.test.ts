import { mkdtemp, readFile, rm, stat, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import type { FileStorage } from '../../storage/file-storage';
import { LocalFileStorage } from '../../storage/local-file-storage';
import { buildFolder, buildFolderFile, buildUser } from '../../test-support/factories';
import { listFiles } from '../../test-support/pdf-fixtures';
import {
  createScratchDatabase,
  createTestApp,
  type Driver,
  type TestApp,
  testDrivers,
} from '../../test-support/test-app';
import { readBackups } from '../admin/admin-backups.service';
import { allRows, editManifest, RESTORE_RECORD_TABLE, rewriteArchive, storePdf } from './backup-test-support';
import { createBackup } from './backup-writer';
import { restoreBackup } from './restore-database';
import { knownMigrations } from './schema-version';

/** A new, empty database of the driver (never migrated) and a new, empty STORAGE_DIR. */
async function emptyTarget(driver: Driver) {
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'restore-files-'));
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  if (driver === 'postgres') {
    const scratch = await createScratchDatabase();
    database = openDatabase({ url: scratch.url });
    drop = scratch.drop;
  } else {
    database = openDatabase({});
  }
  return {
    database,
    storageDir,
    storage: new LocalFileStorage(storageDir),
    close: async () => {
      await database.close();
      await drop?.();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

describe.each(testDrivers())('backup and restore (%s)', (driver) => {
  let t: TestApp;
  let dir: string;
  let archive: string;
  let pdfs: { key: string; bytes: Buffer }[];

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: true });
    dir = await mkdtemp(path.join(os.tmpdir(), 'backups-'));
    const user = await buildUser(t.db);
    const folder = await buildFolder(t.db, { ownerId: user.id, name: 'Backed up' });
    await buildFolderFile(t.db, { folderId: folder.id });
    pdfs = [await storePdf(t.db, t.context.storage), await storePdf(t.db, t.context.storage)];
    archive = path.join(dir, 'paperbench-test.tar.gz');
    await createBackup({ db: t.db, storage: t.context.storage, file: archive });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('restores into a new empty database every row of every table and byte-identical PDFs', async () => {
    const target = await emptyTarget(driver);
    try {
      const summary = await restoreBackup({ db: target.database.db, storage: target.storage, file: archive });
      expect(summary.migratedForward).toBe(0);
      expect(summary.pdfs).toBe(2);
      // Every row is the source's, but for the restore's own record (below).
      expect(await allRows(target.database.db, [RESTORE_RECORD_TABLE])).toEqual(
        await allRows(t.db, [RESTORE_RECORD_TABLE]),
      );
      const [record, ...more] =
        (await allRows(target.database.db))[RESTORE_RECORD_TABLE]?.map((line) => JSON.parse(line)) ?? [];
      expect(more).toEqual([]);
      const manifest = (await readBackups({ db: t.db, config: { DATA_DIR: '', BACKUP_DIR: dir } })).backups[0];
      expect(record).toMatchObject({
        archive_name: 'paperbench-test.tar.gz',
        archive_schema_version: knownMigrations().at(-1)?.tag,
        schema_version: knownMigrations().at(-1)?.tag,
        migrated_forward: 0,
        tables: summary.tables,
        rows: summary.rows,
        pdfs: 2,
      });
      expect(new Date(record.archive_created_at).toISOString()).toBe(manifest?.created_at);
      expect(record.duration_ms).toBe(summary.durationMs);
      // The admin page's "Last restore" (GET /api/admin/backups) reads that row; the source was never restored.
      const listed = await readBackups({ db: target.database.db, config: { DATA_DIR: '' } });
      expect(listed.last_restore).toMatchObject({
        archive_name: 'paperbench-test.tar.gz',
        archive_created_at: manifest?.created_at,
        migrated_forward: 0,
        rows: summary.rows,
        pdfs: 2,
      });
      expect((await readBackups({ db: t.db, config: { DATA_DIR: '' } })).last_restore).toBeNull();

      // A backup of the restored database carries its restore history; restoring that adds a second row.
      const again = path.join(dir, 'paperbench-again.tar.gz');
      const second = await emptyTarget(driver);
      try {
        const { manifest: againManifest } = await createBackup({
          db: target.database.db,
          storage: target.storage,
          file: again,
        });
        expect(againManifest.tables.find((table) => table.name === RESTORE_RECORD_TABLE)?.rows).toBe(1);
        await restoreBackup({ db: second.database.db, storage: second.storage, file: again });
        const history = (await allRows(second.database.db))[RESTORE_RECORD_TABLE]?.map(
          (line) => JSON.parse(line).archive_name,
        );
        expect(history?.sort()).toEqual(['paperbench-again.tar.gz', 'paperbench-test.tar.gz']);
        expect(
          (await readBackups({ db: second.database.db, config: { DATA_DIR: '' } })).last_restore?.archive_name,
        ).toBe('paperbench-again.tar.gz');
      } finally {
        await second.close();
        await rm(again, { force: true });
        await rm(`${again}.json`, { force: true });
      }
      for (const pdf of pdfs) {
        expect((await readFile(path.join(target.storageDir, pdf.key))).equals(pdf.bytes)).toBe(true);
      }
      // Sequences went along: the next folder gets a new id, not one a restored row holds.
      const owner = await buildUser(target.database.db);
      await expect(buildFolder(target.database.db, { ownerId: owner.id })).resolves.toBeDefined();
    } finally {
      await target.close();
    }
  });

  it('writes the archive under its final name only, with a sidecar, and nothing partial left', async () => {
    expect((await listFiles(dir)).map((file) => path.basename(file)).sort()).toEqual([
      'paperbench-test.tar.gz',
      'paperbench-test.tar.gz.json',
    ]);
  });

  it('refuses to restore into a database that is not empty', async () => {
    const before = await allRows(t.db);
    await expect(restoreBackup({ db: t.db, storage: t.context.storage, file: archive })).rejects.toThrow(
      /restore writes only into an empty database/,
    );
    expect(await allRows(t.db)).toEqual(before);
  });

  const damaged: [string, (source: string, target: string) => Promise<void>, RegExp][] = [
    [
      'a truncated archive',
      async (source, target) => {
        await rewriteArchive(source, target, () => undefined);
        await truncate(target, Math.floor((await stat(target)).size / 2));
      },
      /damaged or truncated|truncated/,
    ],
    [
      'a table file with one byte changed',
      (source, target) =>
        rewriteArchive(source, target, (entries) => {
          const table = entries.find((e) => e.name === 'tables/public.papers.jsonl');
          if (!table) throw new Error('no papers table');
          const at = table.body.indexOf('"title":"') + 10;
          table.body[at] = table.body[at] === 0x41 ? 0x42 : 0x41;
        }),
      /tables\/public\.papers\.jsonl does not match its checksum/,
    ],
    [
      'an edited manifest',
      (source, target) =>
        rewriteArchive(source, target, (entries) =>
          editManifest(
            entries,
            (manifest) => {
              const papers = manifest.tables.find((x) => x.name === 'public.papers');
              if (papers) papers.rows -= 1;
            },
            false,
          ),
        ),
      /manifest was changed after the backup was written/,
    ],
    [
      'a PDF missing from the archive',
      (source, target) =>
        rewriteArchive(source, target, (entries) => {
          entries.splice(
            entries.findIndex((e) => e.name.startsWith('pdfs/')),
            1,
          );
        }),
      /truncated: 1 listed entries are missing/,
    ],
    [
      'a backup from a newer schema',
      (source, target) =>
        rewriteArchive(source, target, (entries) =>
          editManifest(
            entries,
            (manifest) => {
              manifest.schema_version = '29991231000000_from_the_future';
            },
            true,
          ),
        ),
      /schema 29991231000000_from_the_future, which this Paperbench does not know/,
    ],
  ];

  it.each(damaged)('refuses %s with a clear message and writes nothing', async (_what, damage, message) => {
    const bad = path.join(dir, 'bad.tar.gz');
    await damage(archive, bad);
    const target = await emptyTarget(driver);
    try {
      await expect(restoreBackup({ db: target.database.db, storage: target.storage, file: bad })).rejects.toThrow(
        message,
      );
      expect(Object.keys(await allRows(target.database.db))).toEqual([]);
      expect(await listFiles(target.storageDir)).toEqual([]);
    } finally {
      await target.close();
      await rm(bad, { force: true });
    }
  });

  it('leaves nothing that looks restored when the restore fails half way (rows rolled back, placed PDFs deleted)', async () => {
    const target = await emptyTarget(driver);
    try {
      let commits = 0;
      // The second PDF's rename fails: the first is already under its key, and the rows are in.
      const failing: FileStorage = Object.assign(Object.create(target.storage), {
        put: async (...args: Parameters<FileStorage['put']>) => {
          const staged = await target.storage.put(...args);
          return {
            ...staged,
            commit: async (key: string) => {
              commits += 1;
              if (commits === 2) throw new Error('disk full');
              await staged.commit(key);
            },
          };
        },
      });
      await expect(restoreBackup({ db: target.database.db, storage: failing, file: archive })).rejects.toThrow(
        'disk full',
      );
      expect(commits).toBe(2);
      expect(Object.keys(await allRows(target.database.db))).toEqual([]);
      expect(await listFiles(target.storageDir)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('restores a backup of an older schema and migrates it forward', async () => {
    const migrations = knownMigrations();
    const older = migrations.at(-3)?.tag as string;
    const source = await emptyTarget(driver);
    const target = await emptyTarget(driver);
    try {
      const { applyMigrations } = await import('./schema-version');
      const { withRawTransaction } = await import('../../db/raw-session');
      await withRawTransaction(source.database.db, async (session) => {
        await applyMigrations(session.query, null, older);
        // Rows written in SQL of that schema: today's factories would name columns it does not have yet.
        await session.query(
          `with owner as (insert into users default values returning id)
           insert into folders (owner_id, name) select id, 'Old times' from owner`,
        );
      });
      const file = path.join(dir, 'older.tar.gz');
      const { manifest } = await createBackup({ db: source.database.db, storage: source.storage, file });
      expect(manifest.schema_version).toBe(older);

      const summary = await restoreBackup({ db: target.database.db, storage: target.storage, file });
      expect(summary.migratedForward).toBe(2);
      expect(migrations.at(-3)?.tag).toBe(older);
      const rows = await allRows(target.database.db);
      expect(rows['drizzle.__drizzle_migrations']).toHaveLength(migrations.length);
      expect(rows['public.folders']?.some((line) => line.includes('"Old times"'))).toBe(true);
      // Its record says from which schema it was migrated, and to which.
      expect(rows[RESTORE_RECORD_TABLE]?.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({
          archive_name: 'older.tar.gz',
          archive_schema_version: older,
          schema_version: migrations.at(-1)?.tag,
          migrated_forward: 2,
        }),
      ]);
      await rm(file, { force: true });
      await rm(`${file}.json`, { force: true });
    } finally {
      await source.close();
      await target.close();
    }
  });

  it.skipIf(driver !== 'postgres')(
    'takes a consistent snapshot while writes go on (a folder and its files together)',
    async () => {
      const owner = await buildUser(t.db);
      let stop = false;
      let made = 0;
      const writer = (async () => {
        while (!stop) {
          await t.db.transaction(async (tx) => {
            const folder = await buildFolder(tx as never, { ownerId: owner.id, name: `Live ${made}` });
            await buildFolderFile(tx as never, { folderId: folder.id });
            await buildFolderFile(tx as never, { folderId: folder.id });
          });
          made += 1;
        }
        return made;
      })();
      const file = path.join(dir, 'online.tar.gz');
      // The snapshot starts once some folders are committed, and writes go on while it is read.
      while (made === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      try {
        await createBackup({ db: t.db, storage: t.context.storage, file });
      } finally {
        stop = true;
      }
      expect(await writer).toBeGreaterThan(0);
      const target = await emptyTarget(driver);
      try {
        await restoreBackup({ db: target.database.db, storage: target.storage, file });
        const rows = await allRows(target.database.db);
        const live = (rows['public.folders'] ?? [])
          .map((line) => JSON.parse(line))
          .filter((f) => f.name.startsWith('Live '));
        const filesPerFolder = new Map<number, number>();
        for (const line of rows['public.folder_files'] ?? []) {
          const file = JSON.parse(line);
          filesPerFolder.set(file.folder_id, (filesPerFolder.get(file.folder_id) ?? 0) + 1);
        }
        expect(live.length).toBeGreaterThan(0);
        for (const folder of live) expect(filesPerFolder.get(folder.id), folder.name).toBe(2);
        const folderIds = new Set((rows['public.folders'] ?? []).map((line) => JSON.parse(line).id));
        for (const folderId of filesPerFolder.keys()) expect(folderIds.has(folderId), `folder ${folderId}`).toBe(true);
      } finally {
        await target.close();
      }
    },
  );
});
