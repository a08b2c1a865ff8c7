import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, queueJobs, users } from '../../db/schema';
import {
  buildAnnotation,
  buildFolder,
  buildFolderFile,
  buildNamedUser,
  buildUpload,
  buildUser,
} from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/deploy.md#the-admin-page: what an administrator sees and does, each action with its audit row. */
describe.each(testDrivers())('the admin page’s API (%s)', (driver) => {
  let t: TestApp;
  let admin: { token: string; id: number; email: string };
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: true, env: { ADMIN_EMAILS: 'boss@example.org' } });
    admin = await buildNamedUser(t.db, { email: 'Boss@Example.org', name: 'The Boss' });
  });
  afterAll(() => t.close());

  const as = (headers: Record<string, string>, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const asAdmin = (method: InjectOptions['method'], url: string) => as({ 'x-user-id': admin.token }, method, url);
  const auditRows = () => t.db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
  const newToken = async (userToken: string) => {
    const response = await as({ 'x-user-id': userToken }, 'POST', '/api/tokens', { name: 'script', scopes: ['read'] });
    return response.json().token as string;
  };

  it('lists signed-in users with their emails and counts, and searches by email or name', async () => {
    const ada = await buildNamedUser(t.db, { email: 'ada.lovelace@example.org', name: 'Ada Lovelace' });
    await buildNamedUser(t.db, { email: 'grace@example.org', name: 'Grace Hopper' });
    await buildUser(t.db); // anonymous: not listed
    const folder = await buildFolder(t.db, { ownerId: ada.id });
    const paper = await buildFolderFile(t.db, { folderId: folder.id });
    await buildUpload(t.db, { ownerId: ada.id });
    await buildAnnotation(t.db, { userId: ada.id, paper, page: 1, exact: 'a quote' });
    await newToken(ada.token);

    const all = await asAdmin('GET', '/api/admin/users');
    expect(all.statusCode).toBe(200);
    const emails = all.json().users.map((user: { email: string }) => user.email);
    expect(emails).toEqual(
      expect.arrayContaining(['boss@example.org', 'ada.lovelace@example.org', 'grace@example.org']),
    );
    expect(all.json().total).toBe(emails.length);

    const found = await asAdmin('GET', '/api/admin/users?q=LOVELACE');
    expect(found.json()).toEqual({
      total: 1,
      users: [
        {
          id: ada.id,
          email: 'ada.lovelace@example.org',
          name: 'Ada Lovelace',
          created_at: expect.any(String),
          signed_in_at: expect.any(String),
          disabled_at: null,
          is_admin: false,
          counts: {
            folders: 1,
            papers: 1,
            uploads: 1,
            upload_bytes: 1234,
            annotations: 1,
            chat_sessions: 0,
            tokens: 1,
          },
        },
      ],
    });
    expect((await asAdmin('GET', '/api/admin/users?q=grace')).json().users[0].name).toBe('Grace Hopper');
    expect((await asAdmin('GET', '/api/admin/users?q=boss')).json().users[0].is_admin).toBe(true);
    // LIKE's wildcards are matched literally.
    expect((await asAdmin('GET', '/api/admin/users?q=%25')).json().total).toBe(0);
  });

  it('refuses a NUL in the search (400) and an unknown or malformed user id (404, 400), changing nothing', async () => {
    const nul = await asAdmin('GET', '/api/admin/users?q=a%00b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/NUL/);
    for (const url of ['/api/admin/users/999999/disable', '/api/admin/users/999999/enable']) {
      const response = await asAdmin('POST', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('User 999999 not found');
    }
    expect((await asAdmin('DELETE', '/api/admin/users/999999')).statusCode).toBe(404);
    const anonymous = await buildUser(t.db);
    expect((await asAdmin('POST', `/api/admin/users/${anonymous.id}/disable`)).statusCode).toBe(404);
    const malformed = await asAdmin('POST', '/api/admin/users/12abc/disable');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/digits only/);
    const self = await asAdmin('POST', `/api/admin/users/${admin.id}/disable`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toMatch(/is an administrator \(ADMIN_EMAILS\)/);
    expect((await asAdmin('DELETE', `/api/admin/users/${admin.id}`)).statusCode).toBe(400);
    expect(await auditRows()).toEqual([]);
  });

  it('disables a user: their session and token calls are refused (403) until enabled again; both audited', async () => {
    const user = await buildNamedUser(t.db, { email: 'mallory@example.org', name: 'Mallory' });
    const token = await newToken(user.token);
    const bySession = () => as({ 'x-user-id': user.token }, 'GET', '/api/folders');
    const byToken = () => as({ authorization: `Bearer ${token}` }, 'GET', '/api/folders');
    expect((await bySession()).statusCode).toBe(200);

    const disabled = await asAdmin('POST', `/api/admin/users/${user.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabled_at).toEqual(expect.any(String));
    for (const response of [await bySession(), await byToken()]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/disabled by an administrator/);
    }
    // A write is refused before it happens.
    const write = await as({ 'x-user-id': user.token }, 'POST', '/api/folders/', { name: 'sneaky' });
    expect(write.statusCode).toBe(403);

    const enabled = await asAdmin('POST', `/api/admin/users/${user.id}/enable`);
    expect(enabled.json().disabled_at).toBeNull();
    expect((await bySession()).statusCode).toBe(200);
    expect((await byToken()).statusCode).toBe(200);

    const audit = (await asAdmin('GET', '/api/admin/audit')).json().entries.slice(0, 2);
    expect(audit).toEqual([
      expect.objectContaining({
        actor_email: 'boss@example.org',
        action: 'user.enable',
        target: `user ${user.id} (mallory@example.org)`,
      }),
      expect.objectContaining({
        actor_email: 'boss@example.org',
        action: 'user.disable',
        target: `user ${user.id} (mallory@example.org)`,
      }),
    ]);
  });

  it('deletes an account as profile deletion does (rows, sessions, uploads) and audits it', async () => {
    const user = await buildNamedUser(t.db, { email: 'leaving@example.org', name: 'Leaving' });
    await buildFolder(t.db, { ownerId: user.id });
    await buildUpload(t.db, { ownerId: user.id });
    const response = await asAdmin('DELETE', `/api/admin/users/${user.id}`);
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect((await as({ 'x-user-id': user.token }, 'GET', '/api/folders')).statusCode).toBe(401);
    const [entry] = (await asAdmin('GET', '/api/admin/audit')).json().entries;
    expect(entry).toEqual(
      expect.objectContaining({ action: 'user.delete', target: `user ${user.id} (leaving@example.org)` }),
    );
    expect((await asAdmin('DELETE', `/api/admin/users/${user.id}`)).statusCode).toBe(404);
  });

  it('retries and discards failed jobs (audited); refuses what is not failed', async () => {
    const insertJob = async (status: string, lastError: string | null = 'PDF unreadable') => {
      const [row] = await t.db
        .insert(queueJobs)
        .values({
          kind: 'test-kind',
          version: 1,
          payload: { platform: 'upload', paper_id: 'p1' },
          status,
          lastError,
          attempts: 3,
        })
        .returning();
      if (!row) throw new Error('no job');
      return row.id;
    };
    const failed = await insertJob('failed');
    const queue = (await asAdmin('GET', '/api/admin/queue')).json();
    expect(queue.failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: failed, kind: 'test-kind', subject: 'upload:p1', last_error: 'PDF unreadable' }),
      ]),
    );
    expect(queue.counts.failed).toBeGreaterThanOrEqual(1);

    const retried = await asAdmin('POST', `/api/admin/queue/${failed}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(expect.objectContaining({ id: failed, status: 'queued', attempts: 0 }));
    const again = await asAdmin('POST', `/api/admin/queue/${failed}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/only a failed job can be retried/);

    const toDiscard = await insertJob('failed');
    expect((await asAdmin('POST', `/api/admin/queue/${toDiscard}/discard`)).statusCode).toBe(204);
    expect(await t.db.select().from(queueJobs).where(eq(queueJobs.id, toDiscard))).toEqual([]);
    const running = await insertJob('running', null);
    const refused = await asAdmin('POST', `/api/admin/queue/${running}/discard`);
    expect(refused.statusCode).toBe(409);
    expect((await asAdmin('POST', '/api/admin/queue/999999/retry')).statusCode).toBe(404);

    const actions = (await asAdmin('GET', '/api/admin/audit')).json().entries.slice(0, 2);
    expect(actions.map((entry: { action: string; target: string }) => [entry.action, entry.target])).toEqual([
      ['job.discard', `job ${toDiscard} (test-kind upload:p1)`],
      ['job.retry', `job ${failed} (test-kind upload:p1)`],
    ]);
  });

  it('"Harvest now" enqueues one harvest job (audited); the corpus section shows the corpus', async () => {
    const before = (await t.db.select({ n: count() }).from(adminAuditLog))[0]?.n ?? 0;
    const response = await asAdmin('POST', '/api/admin/corpus/harvest');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ job_id: expect.any(Number), queued: true });
    const [job] = await t.db.select().from(queueJobs).where(eq(queueJobs.id, response.json().job_id));
    expect(job?.kind).toBe('arxiv-harvest-now');
    const [entry] = (await asAdmin('GET', '/api/admin/audit')).json().entries;
    expect(entry).toEqual(
      expect.objectContaining({ action: 'corpus.harvest', target: `job ${job?.id} (arxiv-harvest-now)` }),
    );
    expect((await t.db.select({ n: count() }).from(adminAuditLog))[0]?.n).toBe(before + 1);

    const corpus = (await asAdmin('GET', '/api/admin/corpus')).json();
    expect(corpus.status.papers).toBeGreaterThanOrEqual(200);
    expect(corpus.status.newest_published).toEqual(expect.any(String));
    expect(corpus.harvests).toEqual([]);
  });

  it('shows the quotas, the top users, the AI status and scorecard, and backups without BACKUP_DIR', async () => {
    const usage = (await asAdmin('GET', '/api/admin/usage')).json();
    expect(usage.quotas).toEqual(
      expect.arrayContaining([
        {
          setting: 'USER_FOLDER_QUOTA',
          label: 'Folders per user',
          value: t.context.config.USER_FOLDER_QUOTA,
          unit: 'count',
        },
      ]),
    );
    expect(usage.top_users[0].counts.upload_bytes).toBeGreaterThanOrEqual(1234);
    const ai = (await asAdmin('GET', '/api/admin/ai')).json();
    expect(ai).toEqual({
      status: { mode: 'extractive', model: null, embeddings: null },
      scorecard: { mode: 'extractive', model: null, scorecard: null, hint: expect.stringContaining('pnpm eval') },
    });
    const backups = (await asAdmin('GET', '/api/admin/backups')).json();
    expect(backups).toEqual({ backups: [], note: expect.stringContaining('BACKUP_DIR'), last_restore: null });
  });
});
