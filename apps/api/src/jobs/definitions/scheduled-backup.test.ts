import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyArchive } from '../../modules/backup/archive-verifier';
import { listBackups } from '../../modules/backup/backup-catalog';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { runHandler } from '../job-definition';
import { scheduledBackupJob } from './scheduled-backup';

describe.each(testDrivers())('scheduled-backup job (%s)', (driver) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'scheduled-backups-'));
    t = await createTestApp(driver, { seed: false, env: { BACKUP_DIR: dir, BACKUP_KEEP: '2', BACKUP_HOUR_UTC: '4' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is due daily after BACKUP_HOUR_UTC, and never without BACKUP_DIR', async () => {
    expect(scheduledBackupJob.schedule?.(new Date('2026-11-23T04:10:00Z'), t.context)).toBe('2026-11-23');
    expect(scheduledBackupJob.schedule?.(new Date('2026-11-23T03:59:00Z'), t.context)).toBeNull();
    const withoutDir = { ...t.context, config: { ...t.context.config, BACKUP_DIR: undefined } };
    expect(scheduledBackupJob.schedule?.(new Date('2026-11-23T12:00:00Z'), withoutDir)).toBeNull();
  });

  it('writes a verifiable archive, keeps the BACKUP_KEEP newest and removes a stale partial', async () => {
    for (const day of ['01', '02']) {
      const name = `paperbench-202601${day}T030000Z.tar.gz`;
      await writeFile(path.join(dir, name), 'old');
      const sidecar = {
        name,
        bytes: 3,
        created_at: `2026-01-${day}T03:00:00.000Z`,
        schema_version: 'x',
        manifest_sha256: 'a'.repeat(64),
      };
      await writeFile(path.join(dir, `${name}.json`), JSON.stringify(sidecar));
    }
    const stale = path.join(dir, 'paperbench-20260103T030000Z.tar.gz.partial');
    await writeFile(stale, 'killed half way');
    const longAgo = new Date('2026-01-03T03:00:00Z');
    await utimes(stale, longAgo, longAgo);

    const result = await runHandler(
      scheduledBackupJob,
      t.context,
      { slot: '2026-11-23' },
      { signal: new AbortController().signal },
    );

    expect(result).toMatchObject({ pruned: 1, stalePartials: 1 });
    const listed = await listBackups(dir);
    expect(listed.map((backup) => [backup.name, backup.complete])).toEqual([
      [result?.file, true],
      ['paperbench-20260102T030000Z.tar.gz', true],
    ]);
    expect((await readdir(dir)).sort()).toEqual(
      [
        'paperbench-20260102T030000Z.tar.gz',
        'paperbench-20260102T030000Z.tar.gz.json',
        result?.file,
        `${result?.file}.json`,
      ].sort(),
    );
    const manifest = await verifyArchive(path.join(dir, result?.file as string));
    expect(manifest.tables.find((table) => table.name === 'public.papers')).toBeDefined();
  });
});
