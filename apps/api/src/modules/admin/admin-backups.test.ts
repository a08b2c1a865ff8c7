import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema';
import { buildNamedUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/deploy.md#the-admin-page: the Backups section lists BACKUP_DIR and downloads one archive, audited. */
describe.each(testDrivers())('admin backups (%s)', (driver) => {
  let t: TestApp;
  let backupDir: string;
  let admin: { token: string };
  beforeAll(async () => {
    backupDir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-admin-backups-'));
    t = await createTestApp(driver, { seed: false, env: { ADMIN_EMAILS: 'boss@example.org', BACKUP_DIR: backupDir } });
    admin = await buildNamedUser(t.db, { email: 'boss@example.org', name: 'Boss' });
  });
  afterAll(async () => {
    await t.close();
    await rm(backupDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-user-id': admin.token } });

  it('lists the archives (never a .partial), downloads one with its audit row, and 404s a name it does not hold', async () => {
    await writeFile(path.join(backupDir, 'paperbench-older.tar.gz'), 'older bytes');
    await writeFile(path.join(backupDir, 'paperbench-newer.tar.gz'), 'newer archive bytes');
    await writeFile(path.join(backupDir, 'paperbench-half.tar.gz.partial'), 'still writing');
    const list = await get('/api/admin/backups');
    expect(list.statusCode).toBe(200);
    expect(list.json().note).toBeNull();
    const names = list.json().backups.map((backup: { name: string }) => backup.name);
    expect(names.sort()).toEqual(['paperbench-newer.tar.gz', 'paperbench-older.tar.gz']);

    const download = await get('/api/admin/backups/paperbench-newer.tar.gz');
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('newer archive bytes');
    expect(download.headers['content-disposition']).toContain('paperbench-newer.tar.gz');
    const audit = await t.db.select().from(adminAuditLog);
    expect(audit.map((row) => [row.action, row.target, row.actorEmail])).toEqual([
      ['backup.download', 'paperbench-newer.tar.gz', 'boss@example.org'],
    ]);

    for (const name of ['paperbench-half.tar.gz.partial', 'nothing.tar.gz', '..%2Fetc%2Fpasswd']) {
      const refused = await get(`/api/admin/backups/${name}`);
      expect(refused.statusCode).toBe(404);
    }
    expect(await t.db.select().from(adminAuditLog)).toHaveLength(1);
  });
});
