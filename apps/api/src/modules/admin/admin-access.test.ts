import { contract } from '@paperbench/contract';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, queueJobs, users } from '../../db/schema';
import { buildNamedUser, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

const ADMIN = 'Admin@Example.org';

/** Every admin route of the contract, as a concrete request (path params filled in). */
function adminRequests(userId: number, jobId: number): { method: InjectOptions['method']; url: string }[] {
  return Object.values(contract.admin).map((route) => ({
    method: route.method as InjectOptions['method'],
    url: route.path.replace(':id', String(route.path.includes('queue') ? jobId : userId)).replace(':name', 'x.tar.gz'),
  }));
}

/**
 * docs/deploy.md#the-admin-page: /api/admin/* does not reveal itself. Anonymous callers, signed-in users who are not
 * in ADMIN_EMAILS and every personal access token (an administrator's too) get the 404 of a path without a route,
 * and nothing changes.
 */
describe.each(testDrivers())('admin routes to non-administrators (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: { ADMIN_EMAILS: ` ${ADMIN} , other@example.org` } });
  });
  afterAll(() => t.close());

  const newToken = async (userToken: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { 'x-user-id': userToken },
      payload: { name: 'everything', scopes: ['read', 'write', 'ai'] },
    });
    expect(response.statusCode).toBe(201);
    return response.json().token as string;
  };

  it('answers 404 (as for no route) to anonymous, non-admin and token callers on every admin route, changing nothing', async () => {
    const admin = await buildNamedUser(t.db, { email: ADMIN, name: 'Ada Admin' });
    const plain = await buildNamedUser(t.db, { email: 'plain@example.org', name: 'Plain User' });
    const anonymous = await buildUser(t.db);
    const target = await buildNamedUser(t.db, { email: 'target@example.org', name: 'Target' });
    const [job] = await t.db
      .insert(queueJobs)
      .values({ kind: 'test-kind', version: 1, payload: {}, status: 'failed', lastError: 'boom' })
      .returning();
    if (!job) throw new Error('no job');
    const adminToken = await newToken(admin.token);
    const callers: [string, Record<string, string>][] = [
      ['nobody', {}],
      ['an anonymous id', { 'x-user-id': anonymous.token }],
      ['a signed-in non-admin', { 'x-user-id': plain.token }],
      ['a non-admin token', { authorization: `Bearer ${await newToken(plain.token)}` }],
      ["an administrator's own token", { authorization: `Bearer ${adminToken}` }],
    ];
    const requests = adminRequests(target.id, job.id);
    expect(requests.length).toBe(Object.keys(contract.admin).length);
    for (const [who, headers] of callers) {
      for (const { method, url } of requests) {
        // A body that would be refused (400) if the route showed itself before deciding who calls.
        const response = await t.app.inject({ method, url: `${url}?q=%00`, headers });
        expect({ who, method, url, status: response.statusCode }).toEqual({ who, method, url, status: 404 });
        expect(response.json()).toEqual({ error: 'NOT_FOUND', message: `No route ${method} ${url}` });
      }
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/nothing-here' });
    expect(unknown.json()).toEqual({ error: 'NOT_FOUND', message: 'No route GET /api/admin/nothing-here' });

    const [stillThere] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(stillThere?.disabledAt).toBeNull();
    const [jobAfter] = await t.db.select().from(queueJobs).where(eq(queueJobs.id, job.id));
    expect(jobAfter?.status).toBe('failed');
    expect((await t.db.select({ n: count() }).from(adminAuditLog))[0]?.n).toBe(0);
    expect(
      (await t.db.select({ n: count() }).from(queueJobs).where(eq(queueJobs.kind, 'arxiv-harvest-now')))[0]?.n,
    ).toBe(0);

    // The administrator's session is let in (the same routes are there for them).
    const own = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { 'x-user-id': admin.token } });
    expect(own.statusCode).toBe(200);
  });

  it('reports is_admin on GET /api/profile: true for the admin’s session only', async () => {
    const admin = await buildNamedUser(t.db, { email: 'other@example.org', name: 'Other Admin' });
    const plain = await buildNamedUser(t.db, { email: 'plain2@example.org', name: 'Plain' });
    const profile = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/profile', headers }).then((response) => response.json().is_admin);
    expect(await profile({ 'x-user-id': admin.token })).toBe(true);
    expect(await profile({ 'x-user-id': plain.token })).toBe(false);
    expect(await profile({ 'x-user-id': (await buildUser(t.db)).token })).toBe(false);
    expect(await profile({ authorization: `Bearer ${await newToken(admin.token)}` })).toBe(false);
  });
});

describe.each(testDrivers())('admin routes without ADMIN_EMAILS (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  it('has no administrator at all: every signed-in user gets 404', async () => {
    const user = await buildNamedUser(t.db, { email: ADMIN, name: 'Ada' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { 'x-user-id': user.token },
    });
    expect(response.statusCode).toBe(404);
  });
});
