import { mkdtemp, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema';
import { buildNamedUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { allRows, rewriteArchive, storePdf } from '../backup/backup-test-support';
import { createBackup } from '../backup/backup-writer';
import { knownMigrations } from '../backup/schema-version';

/** The tables a verify may write: its audit row, and its count against the write budget. */
const UNCHANGED_EXCEPT = ['public.admin_audit_log', 'public.rate_limit_counters'];

/**
 * docs/deploy.md#the-admin-page: the Backups section lists BACKUP_DIR, downloads one archive and verifies one, each
 * audited. (Non-administrators get 404 on every admin route: admin-access.test.ts walks the contract.)
 */
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

  const verify = (name: string, headers: Record<string, string> = { 'x-user-id': admin.token }) =>
    t.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/verify`, headers });

  it('verifies a good archive: its counts, its schema and every check passed, with an audit row and nothing else written', async () => {
    const pdf = await storePdf(t.db, t.context.storage);
    const { manifest } = await createBackup({
      db: t.db,
      storage: t.context.storage,
      file: path.join(backupDir, 'paperbench-good.tar.gz'),
    });
    const audited = (await t.db.select().from(adminAuditLog)).length;
    const before = await allRows(t.db, UNCHANGED_EXCEPT);
    const response = await verify('paperbench-good.tar.gz');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      name: 'paperbench-good.tar.gz',
      bytes: (await stat(path.join(backupDir, 'paperbench-good.tar.gz'))).size,
      ok: true,
      message: null,
      created_at: manifest.created_at,
      schema_version: knownMigrations().at(-1)?.tag,
      schema_known: true,
      migrations_forward: 0,
      totals: {
        tables: manifest.tables.length,
        rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
        pdfs: 1,
        pdf_bytes: pdf.bytes.length,
      },
    });
    expect(report.tables).toContainEqual({ name: 'public.stored_files', rows: 1 });
    expect(report.tables).toHaveLength(manifest.tables.length);
    // The manifest, the schema, one per table file, the PDFs together, nothing missing: all passed.
    expect(report.checks).toHaveLength(manifest.tables.length + 4);
    expect(report.checks.every((check: { ok: boolean }) => check.ok)).toBe(true);
    expect(report.checks[0].label).toMatch(/Manifest/);
    expect(report.checks).toContainEqual({ label: '1 PDFs: checksum and size of each', ok: true });

    expect(await allRows(t.db, UNCHANGED_EXCEPT)).toEqual(before);
    const audit = await t.db.select().from(adminAuditLog);
    expect(audit).toHaveLength(audited + 1);
    expect(audit.at(-1)).toMatchObject({
      action: 'backup.verify',
      target: 'paperbench-good.tar.gz',
      actorEmail: 'boss@example.org',
      detail: { ok: true },
    });
  });

  const damaged: [string, string, (file: string) => Promise<void>, RegExp][] = [
    [
      'a truncated archive',
      'paperbench-truncated.tar.gz',
      async (file) => truncate(file, Math.floor((await stat(file)).size / 2)),
      /damaged or truncated|truncated/,
    ],
    [
      'a tampered archive (one byte of a table file changed)',
      'paperbench-tampered.tar.gz',
      (file) =>
        rewriteArchive(file, file, (entries) => {
          const table = entries.find((entry) => entry.name === 'tables/public.users.jsonl');
          if (!table) throw new Error('no users table');
          const at = table.body.indexOf('"email":"') + 9;
          table.body[at] = table.body[at] === 0x41 ? 0x42 : 0x41;
        }),
      /tables\/public\.users\.jsonl does not match its checksum in the manifest/,
    ],
  ];

  it.each(damaged)(
    'reports %s as ok:false with the reason (200), writing only its audit row',
    async (_what, name, damage, message) => {
      const file = path.join(backupDir, name);
      await createBackup({ db: t.db, storage: t.context.storage, file });
      await damage(file);
      const audited = (await t.db.select().from(adminAuditLog)).length;
      const before = await allRows(t.db, UNCHANGED_EXCEPT);
      const response = await verify(name);
      expect(response.statusCode).toBe(200);
      const report = response.json();
      expect(report.ok).toBe(false);
      expect(report.message).toMatch(message);
      // The verifier stops at the first thing wrong: that check is the last, and failed.
      expect(report.checks.at(-1).ok).toBe(false);
      expect(report.checks.slice(0, -1).every((check: { ok: boolean }) => check.ok)).toBe(true);
      expect(await allRows(t.db, UNCHANGED_EXCEPT)).toEqual(before);
      const audit = await t.db.select().from(adminAuditLog);
      expect(audit).toHaveLength(audited + 1);
      expect(audit.at(-1)).toMatchObject({ action: 'backup.verify', target: name, detail: { ok: false } });
      expect((audit.at(-1)?.detail as { message?: string } | undefined)?.message).toMatch(message);
      await rm(file, { force: true });
      await rm(`${file}.json`, { force: true });
    },
  );

  it('refuses an unknown name (404), a .partial (404) and a NUL in the name (400), writing nothing', async () => {
    const audited = (await t.db.select().from(adminAuditLog)).length;
    expect((await verify('paperbench-none.tar.gz')).statusCode).toBe(404);
    expect((await verify('paperbench-half.tar.gz.partial')).statusCode).toBe(404);
    expect((await verify('..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    const nul = await verify('paperbench%00.tar.gz');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/name: must not contain/);
    // Not an administrator: the route does not exist for them.
    const plain = await buildNamedUser(t.db, { email: 'plain@example.org', name: 'Plain' });
    expect((await verify('paperbench-older.tar.gz', { 'x-user-id': plain.token })).statusCode).toBe(404);
    expect((await verify('paperbench-older.tar.gz', {})).statusCode).toBe(404);
    expect(await t.db.select().from(adminAuditLog)).toHaveLength(audited);
  });

  it('GET /api/admin/backups says last_restore null for a database that was not restored', async () => {
    expect((await get('/api/admin/backups')).json().last_restore).toBeNull();
  });
});

describe.each(testDrivers())('admin backups without BACKUP_DIR (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: { ADMIN_EMAILS: 'boss@example.org' } });
  });
  afterAll(() => t.close());

  it('lists nothing with the note, and verify is 404 as download is', async () => {
    const admin = await buildNamedUser(t.db, { email: 'boss@example.org', name: 'Boss' });
    const headers = { 'x-user-id': admin.token };
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers });
    expect(list.json()).toMatchObject({
      backups: [],
      note: expect.stringMatching(/BACKUP_DIR is not set/),
      last_restore: null,
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backups/paperbench-x.tar.gz/verify',
      headers,
    });
    expect(verified.statusCode).toBe(404);
    expect(await t.db.select().from(adminAuditLog)).toHaveLength(0);
  });
});
